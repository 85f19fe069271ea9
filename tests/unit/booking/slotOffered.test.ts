import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { slotOffered } from '../../../server/services/booking/checks/slotOffered';
import { at, bookingFields, plan, refusal, today } from './support';

describe('slotOffered', () => {
  it('lets a slot of the day that has not begun through', async () => {
    expect(await refusal(() => slotOffered(plan(), { date: today, time: '10:00' }, at, bookingFields))).toBeNull();
    expect(await refusal(() => slotOffered(plan(), { date: '2025-03-12', time: '09:00' }, at, bookingFields))).toBeNull();
  });

  it('refuses a time that is not one of the day’s slots (400 on the time field)', async () => {
    expect(await refusal(() => slotOffered(plan(), { date: today, time: '10:15' }, at, bookingFields))).toEqual({
      status: 400,
      message: bookingMessages.notOffered,
      fields: ['startTime'],
    });
  });

  it('refuses a slot that has begun (clinic time: 09:00 at 09:30)', async () => {
    expect(await refusal(() => slotOffered(plan(), { date: today, time: '09:00' }, at, bookingFields))).toEqual({
      status: 400,
      message: bookingMessages.slotPast,
      fields: ['startTime'],
    });
  });

  it('refuses a day the doctor is on leave (400 on the date field)', async () => {
    expect(await refusal(() => slotOffered(plan({ onLeave: true }), { date: today, time: '10:00' }, at, bookingFields))).toEqual({
      status: 400,
      message: bookingMessages.onLeave,
      fields: ['date'],
    });
  });
});
