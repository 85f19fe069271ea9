/**
 * The booking popup's choices and the rules between them (spec §5 "Booking", §9), as pure
 * functions the booking machine uses and tests can check on their own.
 *
 * The choices come in the spec's order: location -> doctor -> consultation type -> date -> slot.
 * A choice only fits the ones before it: a doctor works at the chosen location, at a clinic the
 * type is a Clinic Visit (Chat, Video and Call are online, from the doctor's online hours; issue
 * 12), a doctor of type online sees nobody at a clinic, a date is not before today (clinic time) nor after the booking
 * horizon's last day (the doctor list's `bookableUntil`), a slot belongs to the
 * list loaded for that doctor, location and date. Changing one choice clears the later ones that
 * no longer fit (`nextChoices`). Which slots can be chosen in a loaded list is the slot picker's
 * part (machines/slotPicker).
 */
import { isCalendarDate } from '../../contract/clinicTime.js';
import { consultationTypes, type ConsultationType, type Gender } from '../../contract/primitives.js';
import type { Doctor } from '../../contract/site.js';
import type { FamilyMember } from '../../contract/people.js';
import { sameList, slotListOf } from '../slotPicker/slots.js';

export type BookingChoices = {
  /** A clinic's name; `onlineLocation` ('') for Chat, Video or Call from online hours (no clinic); null: not chosen. */
  location: string | null;
  doctorEmail: string | null;
  consultationType: ConsultationType | null;
  /** `YYYY-MM-DD`, clinic time. */
  date: string | null;
  /** `HH:mm`, clinic time: a free slot of the list loaded for the doctor, location and date. */
  time: string | null;
};

export type ChoiceField = keyof BookingChoices;
export const choiceFields: readonly ChoiceField[] = ['location', 'doctorEmail', 'consultationType', 'date', 'time'];

/** The patient fields of the popup as its inputs hold them, prefilled from the user. */
export type PersonalDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  age: string;
  gender: Gender | '';
};

/** What the app knows of the logged-in user (the session's user); the popup prefills from it. */
export type BookingUser = {
  firstName: string;
  lastName: string;
  /** Null for an account made by a mobile number that has not added one. */
  email: string | null;
  phoneNumber?: string | null;
  age?: number | null;
  gender?: Gender | null;
};

/**
 * What the popup keeps when it sends the browser to pay, so that /paymentfail can open it again
 * with the same choices (the app stores it, e.g. in sessionStorage, and passes it back as the
 * machine's `previous` input).
 */
export type KeptBooking = { choices: BookingChoices; details: PersonalDetails; member?: FamilyMember | null };

/** A kept booking as the machine accepts it back: any part may be missing. */
export type PreviousBooking = { choices?: Partial<BookingChoices>; details?: Partial<PersonalDetails>; member?: FamilyMember | null };

/** Spec §9: the fee shown until the fee list loads. */
export const defaultFee = 500;

export const noChoices: BookingChoices = { location: null, doctorEmail: null, consultationType: null, date: null, time: null };
export const noDetails: PersonalDetails = { firstName: '', lastName: '', email: '', phoneNumber: '', age: '', gender: '' };

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A date that can be chosen: a calendar day, not before today (clinic time), and not after `last`
 * (the booking horizon's last day, `lastBookableDate`) when that is known.
 */
export function isBookableDate(value: string, today: string, last?: string): boolean {
  return isCalendarDate(value) && value >= today && (last === undefined || value <= last);
}

/**
 * The last day that can be chosen (the date picker's `max`): the doctor's `bookableUntil` (today +
 * the server's BOOKING_HORIZON_DAYS), or before a doctor is chosen the latest of the loaded doctors'.
 * undefined while unknown (no doctors loaded, or a server that does not say): the server still refuses.
 */
export function lastBookableDate(doctors: readonly Doctor[], email: string | null): string | undefined {
  const chosen = findDoctor(doctors, email);
  if (chosen) return chosen.bookableUntil;
  return doctors.reduce<string | undefined>((last, d) => (d.bookableUntil !== undefined && (last === undefined || d.bookableUntil > last) ? d.bookableUntil : last), undefined);
}

/**
 * The "location" of a consultation at no clinic: Chat, Video and Call from the doctor's
 * online hours. The create request sends it as is ('': no location).
 */
export const onlineLocation = '';
export const isOnline = (location: string | null): boolean => location === onlineLocation;
/** The types of a consultation at no clinic. */
export const onlineTypes: readonly ConsultationType[] = consultationTypes.filter((t) => t !== 'Clinic Visit');

/** Some doctor has online hours: the popup offers consulting online. */
export function offersOnline(doctors: readonly Doctor[]): boolean {
  return doctors.some((d) => d.consultsOnline === true);
}

/** A doctor who sees patients at a clinic (a doctor of type online consults from online hours only). */
const seesPatientsInPerson = (doctor: Doctor): boolean => doctor.type !== 'online';

/** The clinics where at least one doctor sees patients, in the order the doctor list first names them. */
export function locationsOf(doctors: readonly Doctor[]): string[] {
  const seen: string[] = [];
  for (const doctor of doctors.filter(seesPatientsInPerson)) for (const location of doctor.locations) if (!seen.includes(location)) seen.push(location);
  return seen;
}

/** The doctors with online hours (online), or seeing patients at the clinic; none until a location is chosen. */
export function doctorsAt(doctors: readonly Doctor[], location: string | null): Doctor[] {
  if (location === null) return [];
  if (isOnline(location)) return doctors.filter((d) => d.consultsOnline === true);
  return doctors.filter((d) => seesPatientsInPerson(d) && d.locations.includes(location));
}

/** The one type of a consultation at a clinic: Chat, Video and Call happen online. */
export const clinicTypes: readonly ConsultationType[] = ['Clinic Visit'];

/**
 * The consultation types offered at a place: online (`location` ''): Chat, Video and Call; at a
 * clinic: a Clinic Visit. Before a place is chosen, what the doctor offers anywhere (an online
 * doctor no Clinic Visit; all four before a doctor is chosen).
 */
export function consultationTypesFor(doctor: Doctor | null | undefined, location: string | null = null): ConsultationType[] {
  if (isOnline(location)) return [...onlineTypes];
  if (location !== null) return doctor && !seesPatientsInPerson(doctor) ? [] : [...clinicTypes];
  return doctor?.type === 'online' ? [...onlineTypes] : [...consultationTypes];
}

export function findDoctor(doctors: readonly Doctor[], email: string | null): Doctor | null {
  return email === null ? null : (doctors.find((d) => d.email === email) ?? null);
}

/** The fee of a type in the loaded fee list; null when the list has none for it. */
export function feeOf(fees: ReadonlyArray<{ consultationType: ConsultationType; consultationFee: number }>, type: ConsultationType | null): number | null {
  if (type === null) return null;
  return fees.find((f) => f.consultationType === type)?.consultationFee ?? null;
}

/**
 * The choices with every one that does not fit the ones before it cleared. `doctors` null (the
 * list not loaded yet) keeps the location, doctor and type as they are: they are judged once it loads.
 */
export function fitChoices(choices: BookingChoices, doctors: readonly Doctor[] | null, today: string): BookingChoices {
  let { location, doctorEmail, consultationType } = choices;
  if (doctors !== null && location === null && doctorEmail !== null) {
    // A doctor chosen before any place (the team page's "Book with Dr. X"): their first clinic,
    // or online for a doctor who consults online only or has no clinic.
    const doctor = findDoctor(doctors, doctorEmail);
    if (doctor) location = doctor.type === 'online' && doctor.consultsOnline === true ? onlineLocation : (doctor.locations[0] ?? (doctor.consultsOnline === true ? onlineLocation : null));
  }
  if (doctors !== null) {
    if (location !== null && !(isOnline(location) ? offersOnline(doctors) : locationsOf(doctors).includes(location))) location = null;
    const doctor = doctorsAt(doctors, location).find((d) => d.email === doctorEmail) ?? null;
    doctorEmail = doctor?.email ?? null;
    const types = consultationTypesFor(doctor, location);
    if (consultationType !== null && !types.includes(consultationType)) consultationType = null;
    // At a clinic the type is a Clinic Visit: nothing to ask.
    if (consultationType === null && location !== null && !isOnline(location) && types.length === 1) consultationType = types[0]!;
  }
  const last = doctors === null ? undefined : lastBookableDate(doctors, doctorEmail);
  const date = choices.date !== null && isBookableDate(choices.date, today, last) ? choices.date : null;
  const fitted: BookingChoices = { location, doctorEmail, consultationType, date, time: choices.time };
  // A slot only exists in a list for a doctor, location and date.
  if (fitted.time !== null && (slotListOf(fitted) === null || !timePattern.test(fitted.time))) fitted.time = null;
  return fitted;
}

/**
 * One choice changed: the new choices, with the later ones that no longer fit cleared. A slot
 * belongs to the list of one doctor, location and date, so changing any of them clears it.
 */
export function nextChoices(
  choices: BookingChoices,
  change: Partial<BookingChoices>,
  doctors: readonly Doctor[] | null,
  today: string,
): BookingChoices {
  const next = fitChoices({ ...choices, ...change }, doctors, today);
  return sameList(slotListOf(next), slotListOf(choices)) ? next : { ...next, time: null };
}

/** The choices still to make, in the spec's order. */
export function missingChoices(choices: BookingChoices): ChoiceField[] {
  return choiceFields.filter((field) => choices[field] === null);
}

/** Blank fields of `details` filled from the user; what the person typed stays. */
export function prefillDetails(details: PersonalDetails, user: BookingUser | null): PersonalDetails {
  if (user === null) return details;
  const fromUser: PersonalDetails = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
    age: typeof user.age === 'number' ? String(user.age) : '',
    gender: user.gender ?? '',
  };
  const filled = { ...details };
  for (const field of Object.keys(fromUser) as Array<keyof PersonalDetails>) {
    if (details[field].trim() === '') (filled as Record<keyof PersonalDetails, string>)[field] = fromUser[field];
  }
  return filled;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A kept booking read back from storage (parsed JSON, or anything at all): the fields that are
 * text, an unknown consultation type or gender dropped. Nothing here is trusted further: the
 * machine fits the choices to the doctors, today and the slots once they load.
 */
export function readKeptBooking(value: unknown): PreviousBooking {
  if (typeof value !== 'object' || value === null) return {};
  const { choices, details, member } = value as { choices?: unknown; details?: unknown; member?: unknown };
  const pick = <K extends string>(source: unknown, keys: readonly K[]): Partial<Record<K, string>> => {
    const out: Partial<Record<K, string>> = {};
    if (typeof source !== 'object' || source === null) return out;
    for (const key of keys) {
      const v = text((source as Record<string, unknown>)[key]);
      if (v !== null) out[key] = v;
    }
    return out;
  };
  const { consultationType, ...c } = pick(choices, choiceFields);
  const { gender, ...d } = pick(details, ['firstName', 'lastName', 'email', 'phoneNumber', 'age', 'gender'] as const);
  const type = consultationTypes.find((t) => t === consultationType);
  const kept: PreviousBooking = {
    choices: type === undefined ? c : { ...c, consultationType: type },
    details: gender === 'male' || gender === 'female' ? { ...d, gender } : d,
  };
  const m = pick(member, ['_id', 'firstName', 'lastName', 'gender', 'relation'] as const);
  const age = typeof member === 'object' && member !== null ? (member as { age?: unknown }).age : undefined;
  if (m._id !== undefined && m.firstName !== undefined && m.lastName !== undefined && m.relation !== undefined && typeof age === 'number' && (m.gender === 'male' || m.gender === 'female')) {
    kept.member = { _id: m._id, firstName: m.firstName, lastName: m.lastName, age, gender: m.gender, relation: m.relation };
  }
  return kept;
}
