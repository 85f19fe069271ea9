/**
 * The admin's locations screen with a fake server: whether online patients may pay at the clinic
 * at a location, shown on its row and switched in its form, and sent with the name.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationsSection } from '../../src/staff/admin/LocationsSection';
import { expectToast, renderSection, sentTo, type Routes } from './staffAdminSupport';

const andheri = { _id: '10000000-0000-4000-8000-000000000001', name: 'Andheri West', displayOrder: 1, doctorCount: 1, appointmentCount: 2, payAtClinic: false };
const bandra = { _id: '10000000-0000-4000-8000-000000000002', name: 'Bandra', displayOrder: 2, doctorCount: 0, appointmentCount: 0, payAtClinic: true };
const ok = (body: unknown) => ({ status: 200, body });

describe('locations: paying at the clinic', () => {
  it('shows where it is on, and switches it on for a location with its name', async () => {
    const user = userEvent.setup();
    let on = false;
    const routes: Routes = {
      'GET /staff/locations': () => ok([{ ...andheri, payAtClinic: on }, bandra]),
      [`PUT /staff/locations/${andheri._id}`]: (body) => {
        on = (body as { payAtClinic?: boolean }).payAtClinic === true;
        return ok({ message: 'Location saved.', location: { ...andheri, payAtClinic: on } });
      },
    };
    const { fetch } = renderSection(<LocationsSection />, routes);
    expect(await screen.findByText('0 doctors, 0 appointments · Pay at the clinic: on')).toBeTruthy();
    expect(screen.getByText('1 doctor, 2 appointments')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rename Andheri West' }));
    const box = screen.getByRole('checkbox', { name: 'Online patients may pay at the clinic' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Location saved.', 'status');
    expect(sentTo(fetch, `PUT /staff/locations/${andheri._id}`)).toEqual([{ name: 'Andheri West', payAtClinic: true }]);
    expect(await screen.findByText('1 doctor, 2 appointments · Pay at the clinic: on')).toBeTruthy();
  });
});
