/**
 * Where the follow-up's visits can go, read from the schedule service's own slots (gettimeslot's
 * `timeSlots` and the day plan: the doctor's hours, leave and every live booking), never a second
 * slot calculation. One reader per request keeps each day's slots once.
 */
import { addDays, clinicClock, toMinutes } from '../../contract/clinicTime.js';
import { type FollowUpClash, type FollowUpSlot, followUpWindow } from '../../contract/followUps.js';
import type { ClinicDate, ClinicTime } from '../../contract/primitives.js';
import type { ScheduleService } from '../services/schedule.js';
import { distanceMinutes, sameSlot } from './rules.js';

export interface Place {
  doctorEmail: string;
  /** null: the doctor's online hours. */
  location: string | null;
}

type Slot = { date: string; startTime: string };
const asSlot = (s: Slot): FollowUpSlot => ({ date: s.date as ClinicDate, startTime: s.startTime as ClinicTime });

export function slotReader(schedule: Pick<ScheduleService, 'timeSlots' | 'dayPlan' | 'lastBookableDate'>, place: Place, at: Date) {
  const today = clinicClock(at);
  const last = schedule.lastBookableDate();
  const days = new Map<string, Promise<{ time: string; status: string }[]>>();
  const slotsOn = (date: string) => {
    if (date < today.date || date > last) return Promise.resolve([]);
    let day = days.get(date);
    if (!day) {
      // Anonymous (viewer null): the patient's own unpaid holds count as booked, as a new booking would find them.
      day = schedule.timeSlots(place.doctorEmail, place.location, date, null);
      days.set(date, day);
    }
    return day;
  };
  const isPast = (s: Slot) => s.date < today.date || (s.date === today.date && toMinutes(s.startTime) <= today.minutes);

  /** The free slots of the days from `from` to `to`, in order, without those in `taken`. */
  async function freeBetween(from: string, to: string, taken: readonly Slot[]): Promise<Slot[]> {
    const out: Slot[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      for (const s of await slotsOn(date)) {
        const slot = { date, startTime: s.time };
        if (s.status === 'free' && !isPast(slot) && !taken.some((t) => sameSlot(t, slot))) out.push(slot);
      }
    }
    return out;
  }

  return {
    /** Why `wanted` cannot be had (null: it is free), `taken` holding the series' earlier choices. */
    async clashOf(wanted: Slot, taken: readonly Slot[]): Promise<FollowUpClash | null> {
      if (wanted.date > last) return 'horizon';
      if (isPast(wanted)) return 'past';
      const slot = (await slotsOn(wanted.date)).find((s) => s.time === wanted.startTime);
      if (slot?.status === 'free') return taken.some((t) => sameSlot(t, wanted)) ? 'booked' : null;
      if (slot?.status === 'booked') return 'booked';
      const plan = await schedule.dayPlan(place.doctorEmail, place.location, wanted.date);
      return plan?.onLeave ? 'leave' : 'hours';
    },

    /** The free slot nearest `wanted` in its window (ties: the earlier), or null for none. */
    async nearestFree(wanted: Slot, taken: readonly Slot[]): Promise<FollowUpSlot | null> {
      const free = await freeBetween(addDays(wanted.date, -followUpWindow.before), addDays(wanted.date, followUpWindow.after), taken);
      let best: Slot | null = null;
      for (const s of free) if (best === null || distanceMinutes(s, wanted) < distanceMinutes(best, wanted)) best = s;
      return best && asSlot(best);
    },

    /** The soonest free slots around the due date (its window), at most `limit`. */
    async soonestAround(dueDate: string, limit: number): Promise<FollowUpSlot[]> {
      const free = await freeBetween(addDays(dueDate, -followUpWindow.before), addDays(dueDate, followUpWindow.after), []);
      return free.slice(0, limit).map(asSlot);
    },
  };
}
