/** What the booking checks' unit tests share: a day plan to vary, a clock, and a refusal's shape. */
import { bookingFields } from '../../../server/services/booking/create';
import { ServiceError } from '../../../server/services/errors';
import type { DayPlan } from '../../../server/services/schedule';

export { bookingFields };

/** 2025-03-11 09:30 clinic time (Asia/Kolkata). */
export const at = new Date('2025-03-11T04:00:00Z');
export const today = '2025-03-11';

/** A clinic doctor's day at one of their locations, slots of 30 minutes from 10:00. */
export function plan(over: Partial<DayPlan> = {}): DayPlan {
  return {
    doctor: { id: 'doctor-1', name: 'Dr Asha', email: 'asha@clinic.test', type: 'clinic', slotMinutes: 30 },
    online: false,
    locationId: 'location-1',
    onLeave: false,
    starts: ['09:00', '10:00', '10:30'],
    holders: [],
    ...over,
  };
}

/** The doctor's online hours (Chat, Video, Call): no location. */
export const onlinePlan = (over: Partial<DayPlan> = {}): DayPlan => plan({ online: true, locationId: null, ...over });

/** What `run` refused with (status, message, field errors, wait), or null when it passed. */
export async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const wait = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    return { status: error.status, message: error.message, fields: (error.errors ?? []).map((e) => e.field), ...(wait === undefined ? {} : { wait }) };
  }
  return null;
}
