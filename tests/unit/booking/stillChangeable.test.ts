import { describe, expect, it } from 'vitest';
import { appointmentMessages } from '../../../server/services/appointments';
import { stillChangeable } from '../../../server/services/booking/checks/stillChangeable';
import { refusal } from './support';

describe('stillChangeable', () => {
  it('lets a Booked or Expired appointment be moved or cancelled, paid or not', async () => {
    for (const status of ['Booked', 'Expired'] as const) {
      for (const cancelling of [false, true]) {
        expect(await refusal(() => stillChangeable(status, 'paid', cancelling))).toBeNull();
        expect(await refusal(() => stillChangeable(status, 'failed', cancelling))).toBeNull();
      }
    }
  });

  it('refuses a Completed, Cancelled or Missed one (409)', async () => {
    expect(await refusal(() => stillChangeable('Completed', 'paid', true))).toEqual({ status: 409, message: appointmentMessages.completed, fields: [] });
    expect(await refusal(() => stillChangeable('Cancelled', 'paid', false))).toEqual({ status: 409, message: appointmentMessages.cancelled, fields: [] });
    expect(await refusal(() => stillChangeable('Missed', 'paid', false))).toEqual({ status: 409, message: appointmentMessages.missed, fields: [] });
  });

  it('refuses moving one flagged for refund, yet lets it be cancelled', async () => {
    expect(await refusal(() => stillChangeable('Booked', 'refund', false))).toEqual({ status: 409, message: appointmentMessages.refunded, fields: [] });
    expect(await refusal(() => stillChangeable('Booked', 'refund', true))).toBeNull();
  });
});
