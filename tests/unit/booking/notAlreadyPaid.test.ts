import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { notAlreadyPaid } from '../../../server/services/booking/checks/notAlreadyPaid';
import { refusal } from './support';

describe('notAlreadyPaid', () => {
  it('lets a first booking, or the patient’s own unpaid hold (re-booked), through', async () => {
    expect(await refusal(() => notAlreadyPaid(null))).toBeNull();
    expect(await refusal(() => notAlreadyPaid({ paid: false }))).toBeNull();
  });

  it('refuses booking again a slot the patient has paid for (409)', async () => {
    expect(await refusal(() => notAlreadyPaid({ paid: true }))).toEqual({ status: 409, message: bookingMessages.alreadyYours, fields: [] });
  });
});
