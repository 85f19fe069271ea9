/**
 * The slot rules (spec §5 "Booking", §8) as pure functions: the slot picker
 * (./slotPickerMachine.ts) runs on them, and its parents (the booking and edit appointment
 * machines) use them for their guards and for what counts as chosen.
 *
 * A slot list belongs to one doctor at one location on one date; until all three are chosen
 * there is none (the view says to choose a date first). A slot can be chosen only when it is
 * free in the loaded list: booked and unavailable ones cannot.
 */
import type { SlotStatus, TimeSlot } from '../../contract/appointments.js';

/** What a slot list is for. */
export type SlotList = { doctorEmail: string; location: string; date: string };

/** The `loadTimeSlots` input: the list, and the session's token (it lets the server show the patient's own unpaid hold as free to them). */
export type SlotsRequest = SlotList & { token: string | null };

/**
 * What the view shows for the slots, and the spec §8 text each empty state stands for:
 * - waiting       no list yet (a doctor, location or date is missing): 'choose a date first'
 * - loading       the list is loading
 * - ready         the list, with at least one free slot
 * - noSchedule    'No schedule found for selected date or location or doctor.' (the list is
 *                 empty: the doctor has no hours at that location that weekday)
 * - notAvailable  'Doctor is not available for this date.' (slots exist but none is free: leave,
 *                 all booked, or all past today)
 * - failed        'Something went wrong.', with a retry
 */
export type SlotsStatus = 'waiting' | 'loading' | 'ready' | 'noSchedule' | 'notAvailable' | 'failed';

/** The list some choices point at; null until the doctor, the location and the date are all chosen. */
export function slotListOf(choices: { doctorEmail: string | null; location: string | null; date: string | null }): SlotList | null {
  const { doctorEmail, location, date } = choices;
  return doctorEmail !== null && location !== null && date !== null ? { doctorEmail, location, date } : null;
}

export function sameList(a: SlotList | null, b: SlotList | null): boolean {
  if (a === null || b === null) return a === b;
  return a.doctorEmail === b.doctorEmail && a.location === b.location && a.date === b.date;
}

export function slotStatus(slots: readonly TimeSlot[], time: string | null): SlotStatus | null {
  return time === null ? null : (slots.find((s) => s.time === time)?.status ?? null);
}

/** Only a free slot of the loaded list can be chosen. */
export function canChooseSlot(slots: readonly TimeSlot[], time: string | null): boolean {
  return slotStatus(slots, time) === 'free';
}

/** The slot that counts for booking or moving: the chosen one once it is free in the loaded list. */
export function slotThatCounts(slots: readonly TimeSlot[], time: string | null): string | null {
  return canChooseSlot(slots, time) ? time : null;
}

/** The state of a loaded list: its empty states apart. */
export function loadedListStatus(slots: readonly TimeSlot[]): 'ready' | 'noSchedule' | 'notAvailable' {
  if (slots.length === 0) return 'noSchedule';
  return slots.some((s) => s.status === 'free') ? 'ready' : 'notAvailable';
}
