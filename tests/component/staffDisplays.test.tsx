/**
 * The staff console's display links (src/staff/admin/DisplaysSection.tsx) over a fake fetch: the
 * live links listed by name and location (revoked ones not); a new one made for a chosen location,
 * its address shown once to copy; one revoked after the confirmation, the list read again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DisplayLink } from '../../contract/display';
import { createQueueApi } from '../../src/api/queue';
import { createApiClient } from '../../src/api/client';
import { DisplaysSection } from '../../src/staff/admin/DisplaysSection';
import { expectToast, fakeFetch, renderSection, sentTo, type Routes } from './staffAdminSupport';

const aundh = { _id: '11111111-1111-4111-8111-111111111111', name: 'Aundh', displayOrder: 1, doctorCount: 2, appointmentCount: 0 };
const kothrud = { _id: '22222222-2222-4222-8222-222222222222', name: 'Kothrud', displayOrder: 2, doctorCount: 1, appointmentCount: 0 };
const link = (id: string, label: string, revokedAt: string | null = null): DisplayLink => ({
  _id: id,
  label,
  locationId: aundh._id,
  location: 'Aundh',
  createdAt: '2025-03-10T04:00:00.000Z',
  createdBy: 'admin@clinic.example',
  revokedAt,
});

function renderDisplays(routes: Routes) {
  const queueFetch = fakeFetch(routes);
  const queueApi = createQueueApi(createApiClient({ fetch: queueFetch, base: '/api' }));
  renderSection(<DisplaysSection queueApi={queueApi} />, { 'GET /staff/locations': { status: 200, body: [aundh, kothrud] } });
  return { queueFetch };
}

describe('display links', () => {
  it('lists the live links, makes one for the chosen location and shows its address once', async () => {
    const user = userEvent.setup();
    let links = [link('d1', 'Reception TV'), link('d0', 'Old TV', '2025-03-09T04:00:00.000Z')];
    const url = `http://localhost:3000/#/display/${'k'.repeat(43)}`;
    const { queueFetch } = renderDisplays({
      'GET /staff/displays': () => ({ status: 200, body: links }),
      'POST /staff/displays': (body) => {
        const made = { ...link('d2', (body as { label: string }).label), locationId: kothrud._id, location: 'Kothrud' };
        links = [made, ...links];
        return { status: 200, body: { display: made, key: 'k'.repeat(43), url } };
      },
    });
    expect(await screen.findByText('Reception TV')).toBeTruthy();
    expect(screen.queryByText('Old TV')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New display link' }));
    await user.type(screen.getByLabelText(/Name \(which TV\)/), 'Kothrud hall');
    await user.selectOptions(screen.getByLabelText(/Location/), 'Kothrud');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(queueFetch, 'POST /staff/displays')).toEqual([{ label: 'Kothrud hall', locationId: kothrud._id }]));
    const shown = await screen.findByText(url);
    expect(within(shown.closest('[role="status"]') as HTMLElement).getByText(/shown only this once/)).toBeTruthy();
    expect(await screen.findByText('Kothrud hall')).toBeTruthy();
  });

  it('revokes one after the confirmation and reads the list again', async () => {
    const user = userEvent.setup();
    let links = [link('d1', 'Reception TV')];
    const { queueFetch } = renderDisplays({
      'GET /staff/displays': () => ({ status: 200, body: links }),
      'POST /staff/displays/d1/revoke': () => {
        links = [];
        return { status: 200, body: link('d1', 'Reception TV', '2025-03-10T04:30:00.000Z') };
      },
    });
    await screen.findByText('Reception TV');
    await user.click(screen.getByRole('button', { name: /Delete Reception TV/ }));
    await user.click(screen.getByRole('button', { name: /Yes, delete/ }));
    await expectToast('Display link revoked: its screens stop within a second.', 'status');
    expect(sentTo(queueFetch, 'POST /staff/displays/d1/revoke')).toHaveLength(1);
    expect(await screen.findByText('No display links yet.')).toBeTruthy();
  });
});
