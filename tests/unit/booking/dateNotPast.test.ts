import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { dateNotPast } from '../../../server/services/booking/checks/dateNotPast';
import { at, refusal, today } from './support';

describe('dateNotPast', () => {
  it('lets today (clinic time) and later through', async () => {
    expect(await refusal(() => dateNotPast(today, 'date', at))).toBeNull();
    expect(await refusal(() => dateNotPast('2025-03-12', 'date', at))).toBeNull();
  });

  it('refuses yesterday with 400 naming the request’s field', async () => {
    expect(await refusal(() => dateNotPast('2025-03-10', 'newDate', at))).toEqual({ status: 400, message: bookingMessages.pastDate, fields: ['newDate'] });
  });

  it('reads the date in clinic time: 23:00 UTC on the 10th is already the 11th in the clinic', async () => {
    const lateUtc = new Date('2025-03-10T23:00:00Z');
    expect(await refusal(() => dateNotPast('2025-03-10', 'date', lateUtc))).toMatchObject({ status: 400 });
  });
});
