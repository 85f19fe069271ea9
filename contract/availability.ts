/**
 * Availability at a glance: the booking popup's date strip and its "next available"
 * line, and the "Consult online now / soonest" list. Served by
 * - GET /api/doctor/availability/{doctorEmail}?from=&location=  (location absent: online hours)
 * - GET /api/doctor/soonest/online                              (every doctor with online hours)
 * - GET /api/doctor/onlinetimeslot/{doctorEmail}/{date}         (one day's online slots, TimeSlotList)
 * Each day and slot is clinic time; the counts follow gettimeslot's rules (leave, holds, past slots,
 * the booking horizon).
 */
import * as t from 'io-ts';
import { ClinicDate, ClinicTime, Email, nonEmptyLine } from './primitives.js';

/** How many days one answer of the strip covers. */
export const availabilityWindowDays = 14;

export const AvailabilityParams = t.type({ doctorEmail: Email }, 'AvailabilityParams');
/** `from`: the strip's first day (today when absent); `location`: a clinic's name (absent: online hours). */
export const AvailabilityQuery = t.partial({ from: ClinicDate, location: nonEmptyLine(200) }, 'AvailabilityQuery');
export type AvailabilityQuery = t.TypeOf<typeof AvailabilityQuery>;

export const OnlineTimeSlotParams = t.type({ doctorEmail: Email, date: ClinicDate }, 'OnlineTimeSlotParams');

export const AvailabilityDay = t.type(
  {
    date: ClinicDate,
    /** The doctor has hours there that weekday (leave aside). */
    works: t.boolean,
    onLeave: t.boolean,
    /** Slots that can still be booked (the caller's own unpaid hold counts as free, as in gettimeslot). */
    free: t.number,
  },
  'AvailabilityDay',
);
export type AvailabilityDay = t.TypeOf<typeof AvailabilityDay>;

/** A free slot; `location` '' for online hours. */
export const NextSlot = t.type({ date: ClinicDate, time: ClinicTime, location: t.string }, 'NextSlot');
export type NextSlot = t.TypeOf<typeof NextSlot>;

export const Availability = t.type(
  {
    doctorEmail: t.string,
    /** The clinic of the strip, '' for online hours. */
    location: t.string,
    from: ClinicDate,
    to: ClinicDate,
    /** The booking horizon's last day (today + BOOKING_HORIZON_DAYS). */
    bookableUntil: ClinicDate,
    days: t.array(AvailabilityDay),
    /**
     * The soonest free slot up to the horizon: for a clinic, across all the doctor's clinics (its
     * `location` says which); for online hours, online. null: nothing free.
     */
    next: t.union([NextSlot, t.null]),
  },
  'Availability',
);
export type Availability = t.TypeOf<typeof Availability>;

export const SoonestOnlineDoctor = t.type(
  {
    doctorEmail: t.string,
    doctorName: t.string,
    /** Online slots still free today (clinic time). */
    freeToday: t.number,
    next: NextSlot,
  },
  'SoonestOnlineDoctor',
);
export type SoonestOnlineDoctor = t.TypeOf<typeof SoonestOnlineDoctor>;
/** Soonest first; doctors with nothing free up to the horizon are left out. */
export const SoonestOnlineList = t.array(SoonestOnlineDoctor, 'SoonestOnlineList');

/**
 * GET /api/doctor/nextfree?location= (the booking popup's doctor step): the next free slot of every doctor
 * of one place, in one request. `location`: a clinic's name; absent: online hours.
 */
export const NextFreeQuery = t.partial({ location: nonEmptyLine(200) }, 'NextFreeQuery');
export type NextFreeQuery = t.TypeOf<typeof NextFreeQuery>;

export const DoctorNextFree = t.type(
  {
    doctorEmail: t.string,
    /** The soonest free slot at this place up to the horizon; null: nothing free until then. */
    next: t.union([NextSlot, t.null]),
  },
  'DoctorNextFree',
);
export type DoctorNextFree = t.TypeOf<typeof DoctorNextFree>;

export const NextFreeList = t.type(
  {
    /** The clinic asked about, '' for online hours. */
    location: t.string,
    /** The active doctors who work there (clinic: linked to it; online: with online hours), by name. */
    doctors: t.array(DoctorNextFree),
  },
  'NextFreeList',
);
export type NextFreeList = t.TypeOf<typeof NextFreeList>;
