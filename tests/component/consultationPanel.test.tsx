/**
 * The consultation panel of a Video or Call appointment's card, with its call faked:
 * the join link (a new tab) while open, when it opens before that (with the day when it is not
 * today), who calls on which number and when, nothing once the consultation is over or cancelled,
 * Try again after a failed load, a 401 too (the request base, not the panel, ends the session).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments';
import type { Consultation } from '../../contract/consultation';
import { ConsultationPanel } from '../../src/components/Appointments/ConsultationPanel';

const appointment = { _id: '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c' } as AppointmentRecord;

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** The clinic's wall-clock "HH:MM" of an instant (24-hour, as every time on the patient's side). */
const clinicHHMM = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3_600_000).toISOString().slice(11, 16);

function consultation(extra: Partial<Consultation>): Consultation {
  return {
    appointmentId: appointment._id,
    consultationType: 'Video',
    as: 'patient',
    state: 'upcoming',
    reason: null,
    date: '2025-03-11' as Consultation['date'],
    startTime: '11:00' as Consultation['startTime'],
    opensAt: inMinutes(30),
    closesAt: inMinutes(95),
    doctorName: 'Dr. Kavita Iyer',
    registration: { council: 'Maharashtra Council of Homoeopathy', number: 'MH-HOM-57126' },
    joinUrl: null,
    person: { firstName: 'Asha', lastName: 'Deshpande', age: 34, gender: 'female', relation: '', phoneNumber: '9822012345', adultPresent: null },
    consent: null,
    events: [],
    ...extra,
  };
}

function renderWith(answer: () => Promise<Consultation>) {
  const loadConsultation = fromPromise<Consultation, { appointmentId: string; token: string }>(() => answer());
  const { container } = render(
    <ConsultationPanel appointment={appointment} token="tok" loadConsultation={loadConsultation} />,
  );
  return { container };
}

describe('the consultation panel', () => {
  it('offers Join video consultation in a new tab while the window is open', async () => {
    renderWith(async () => consultation({ state: 'open', joinUrl: 'https://meet.jit.si/0123456789abcdef0123456789abcdef' }));
    const link = await screen.findByRole('link', { name: 'Join video consultation (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://meet.jit.si/0123456789abcdef0123456789abcdef');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says when it opens: the time today, the day and time another day', async () => {
    const c = consultation({});
    renderWith(async () => c);
    // Half an hour ahead is still today in the clinic unless the test runs after 23:30 there.
    const clinicDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(iso));
    const today = clinicDay(c.opensAt) === clinicDay(new Date().toISOString());
    const words = `Join video consultation opens ${today ? '' : 'on .+ '}at ${clinicHHMM(c.opensAt)}\\.`;
    expect(await screen.findByText(new RegExp(`^${words}$`))).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a later day names the day', async () => {
    const c = consultation({ opensAt: inMinutes(3 * 24 * 60) });
    renderWith(async () => c);
    expect(await screen.findByText(/^Join video consultation opens on .+ at .+\.$/)).toBeTruthy();
  });

  it('a Call says who calls the person consulted on which number, and when', async () => {
    renderWith(async () => consultation({ consultationType: 'Call' }));
    expect(await screen.findByText(/^Dr\. Kavita Iyer will call you on \+91 98220 12345 at 11:00\. On .+ 2025\.$/)).toBeTruthy();
  });

  it('shows nothing for a consultation that is over or cancelled', async () => {
    const { container } = renderWith(async () => consultation({ state: 'unavailable', reason: 'cancelled' }));
    // Loading first, then nothing at all.
    expect(container.textContent).toContain('Loading your consultation');
    await vi.waitFor(() => expect(container.textContent).toBe(''));
    const over = renderWith(async () => consultation({ state: 'closed' }));
    await vi.waitFor(() => expect(over.container.textContent).toBe(''));
  });

  it('offers Try again after a failed load, a 401 too (the request base ends the session)', async () => {
    let calls = 0;
    renderWith(async () => {
      calls += 1;
      if (calls === 1) throw { _tag: 'NetworkFailure', message: 'Failed to fetch' };
      return consultation({ state: 'open', joinUrl: 'https://meet.jit.si/0123456789abcdef0123456789abcdef' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Join video consultation/ })).toBeTruthy();

    const expired = renderWith(async () => {
      throw { _tag: 'HttpFailure', status: 401, message: 'Please login.' };
    });
    expect(await within(expired.container).findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
