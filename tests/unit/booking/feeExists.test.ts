import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { feeExists } from '../../../server/services/booking/checks/feeExists';
import { refusal } from './support';

describe('feeExists', () => {
  it('answers the fee list’s fee, a free one too', () => {
    expect(feeExists(600)).toBe(600);
    expect(feeExists(0)).toBe(0);
  });

  it('refuses a consultation type with no fee (400 on consultationType)', async () => {
    expect(await refusal(() => feeExists(null))).toEqual({ status: 400, message: bookingMessages.noFee, fields: ['consultationType'] });
  });
});
