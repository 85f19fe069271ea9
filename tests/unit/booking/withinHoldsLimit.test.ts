import { describe, expect, it } from 'vitest';
import { bookingMessages, maxUnpaidHolds } from '../../../server/services/appointments';
import { withinHoldsLimit } from '../../../server/services/booking/checks/withinHoldsLimit';
import { at, refusal } from './support';

describe('withinHoldsLimit', () => {
  it('lets a patient with fewer live unpaid holds than the limit claim another', async () => {
    expect(await refusal(() => withinHoldsLimit({ count: 0, firstLapse: null }, at))).toBeNull();
    expect(await refusal(() => withinHoldsLimit({ count: maxUnpaidHolds - 1, firstLapse: new Date(at.getTime() + 60_000) }, at))).toBeNull();
  });

  it('refuses one more with 429 and the seconds until the first hold lapses', async () => {
    const firstLapse = new Date(at.getTime() + 90_500);
    expect(await refusal(() => withinHoldsLimit({ count: maxUnpaidHolds, firstLapse }, at))).toEqual({
      status: 429,
      message: bookingMessages.tooManyHolds,
      fields: [],
      wait: 91,
    });
  });

  it('asks to wait at least a second', async () => {
    expect(await refusal(() => withinHoldsLimit({ count: maxUnpaidHolds, firstLapse: at }, at))).toMatchObject({ status: 429, wait: 1 });
  });
});
