import { describe, expect, it } from 'vitest';
import { appointmentMessages } from '../../../server/services/appointments';
import { confirmedForCalendar } from '../../../server/services/booking/checks/confirmedForCalendar';
import { refusal } from './support';

describe('confirmedForCalendar', () => {
  it('lets a Booked, paid appointment into a calendar', async () => {
    expect(await refusal(() => confirmedForCalendar('Booked', 'paid'))).toBeNull();
  });

  it('refuses an unpaid one, and one that is no longer Booked (409)', async () => {
    const refused = { status: 409, message: appointmentMessages.notConfirmed, fields: [] };
    expect(await refusal(() => confirmedForCalendar('Booked', 'pending'))).toEqual(refused);
    expect(await refusal(() => confirmedForCalendar('Booked', 'refund'))).toEqual(refused);
    expect(await refusal(() => confirmedForCalendar('Expired', 'paid'))).toEqual(refused);
    expect(await refusal(() => confirmedForCalendar('Cancelled', 'paid'))).toEqual(refused);
  });
});
