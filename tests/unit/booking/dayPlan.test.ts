import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { checkDayPlan } from '../../../server/services/booking/dayPlan';
import { at, bookingFields, onlinePlan, plan, refusal, today } from './support';

const want = { date: today, time: '10:00', consultationType: 'Clinic Visit' as const };

describe('checkDayPlan', () => {
  it('answers the doctor’s and the location’s ids when every rule holds', () => {
    expect(checkDayPlan(plan(), want, at, bookingFields)).toEqual({ doctorId: 'doctor-1', locationId: 'location-1' });
    expect(checkDayPlan(onlinePlan(), { ...want, consultationType: 'Chat' }, at, bookingFields)).toEqual({ doctorId: 'doctor-1', locationId: null });
  });

  it('answers with the first rule that fails, in order: doctor, location, the way of consulting, then the slot', async () => {
    const messageOf = async (run: () => unknown) => (await refusal(run))?.message;
    expect(await messageOf(() => checkDayPlan(null, want, at, bookingFields))).toBe(bookingMessages.doctorUnknown);
    // Not a location of the doctor, and on leave too: the location speaks first.
    expect(await messageOf(() => checkDayPlan(plan({ locationId: null, onLeave: true }), want, at, bookingFields))).toBe(bookingMessages.notHere);
    // An online doctor's Clinic Visit from the online hours: the missing location speaks first.
    const onlineDoctor = onlinePlan({ doctor: { ...plan().doctor, type: 'online' } });
    expect(await messageOf(() => checkDayPlan(onlineDoctor, want, at, bookingFields))).toBe(bookingMessages.locationNeeded);
    // A teleconsultation at a clinic at a time that is not a slot: the place speaks first.
    expect(await messageOf(() => checkDayPlan(plan(), { ...want, time: '10:15', consultationType: 'Video' }, at, bookingFields))).toBe(
      bookingMessages.onlineNoClinic,
    );
    // An online doctor's Clinic Visit at a clinic, on leave: the way of consulting speaks first.
    const onlineAtClinic = plan({ doctor: { ...plan().doctor, type: 'online' }, onLeave: true });
    expect(await messageOf(() => checkDayPlan(onlineAtClinic, want, at, bookingFields))).toBe(bookingMessages.onlineOnly);
    expect(await messageOf(() => checkDayPlan(plan({ onLeave: true }), want, at, bookingFields))).toBe(bookingMessages.onLeave);
  });
});
