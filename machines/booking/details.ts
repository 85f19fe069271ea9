/**
 * The booking popup's patient-details step (errors on the field they are about, and who
 * the appointment is for), as pure functions the booking machine uses and tests can check alone.
 *
 * - The details are checked with the contract's own codec (AppointmentCreateRequest), the one the
 *   server decodes the request with, before any request: each problem is named on its field,
 *   in the form's order, so the view marks the field (aria-invalid, its message tied to it) and
 *   moves the focus to the first.
 * - The server's 400 names fields the same way (`{ errors: [{ field, message }] }`): those of the
 *   details step are shown on their fields too (`detailErrorsOf`).
 * - Chat, Video and Call need the teleconsultation consent (India's telemedicine guidelines): the
 *   words the person ticked travel with the request as `consentText`, and the server keeps them
 *   with the time.
 * - Booking for somebody else: `familyMemberId` names one of the account's family members; their
 *   name, age and gender fill the details (the server takes them from its record anyway).
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import { AppointmentCreateRequest } from '../../contract/appointments.js';
import { adultAge, type FamilyMember } from '../../contract/people.js';
import type { ConsultationType } from '../../contract/primitives.js';
import { describeErrors } from '../../contract/report.js';
import type { FieldErrors } from '../failures.js';
import { blankOr } from '../fieldCheck.js';
import type { BookingUser, PersonalDetails } from './choices.js';

/** The fields of the details step, in the order the form shows them (the focus goes to the first with an error). */
export const detailFields = ['familyMemberId', 'firstName', 'lastName', 'email', 'phoneNumber', 'age', 'gender', 'consentText'] as const;
export type DetailField = (typeof detailFields)[number];
export type DetailErrors = Partial<Record<DetailField, string>>;

export const isTeleconsultation = (type: ConsultationType | null): boolean => type !== null && type !== 'Clinic Visit';

/** The problem the server's codec finds in each details field of `request` ({} when none), plus a missing consent. */
export function checkDetails(
  request: unknown,
  needs: { consent: boolean; consentGiven: boolean; memberMissing?: boolean; typed?: PersonalDetails },
): DetailErrors {
  const errors: DetailErrors = {};
  const decoded = AppointmentCreateRequest.decode(request);
  if (isLeft(decoded)) {
    // What the person typed, where the request has already made a number of it (a blank age is 0).
    const values = { ...((request ?? {}) as Record<string, unknown>), ...(needs.typed ?? {}) } as Record<string, unknown>;
    for (const { field, message } of describeErrors(decoded.left)) {
      if ((detailFields as readonly string[]).includes(field)) errors[field as DetailField] ??= blankOr(values[field], message);
    }
  }
  if (needs.consent && !needs.consentGiven) errors.consentText ??= 'is required for a Chat, Video or Call consultation';
  if (needs.memberMissing) errors.familyMemberId ??= 'is required: choose or add a family member';
  return ordered(errors);
}


/** The errors in the form's order (the first is where the focus goes). */
function ordered(errors: DetailErrors): DetailErrors {
  const out: DetailErrors = {};
  for (const field of detailFields) if (errors[field] !== undefined) out[field] = errors[field];
  return out;
}

/** The fields of the details step a 400 named, with their messages; {} when it named none of them. */
export function detailErrorsOf(errors: FieldErrors): DetailErrors {
  const out: DetailErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if ((detailFields as readonly string[]).includes(field)) out[field as DetailField] = message;
  }
  return ordered(out);
}

export const firstErrorField = (errors: DetailErrors): DetailField | null => detailFields.find((f) => errors[f] !== undefined) ?? null;

/** A changed field's error goes away as soon as the person changes it; the others stay until Book. */
export function clearChanged(errors: DetailErrors, changed: readonly string[]): DetailErrors {
  const out: DetailErrors = { ...errors };
  for (const field of changed) delete out[field as DetailField];
  return out;
}

/**
 * The details for the person the appointment is for: a family member's name, age and gender, or
 * (back to "Myself") the account holder's; the contact fields (email, phone) stay as typed.
 */
export function detailsFor(details: PersonalDetails, member: FamilyMember | null, user: BookingUser | null): PersonalDetails {
  if (member !== null) {
    return { ...details, firstName: member.firstName, lastName: member.lastName, age: String(member.age), gender: member.gender };
  }
  return {
    ...details,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    age: typeof user?.age === 'number' ? String(user.age) : '',
    gender: user?.gender ?? '',
  };
}

export const isMinor = (member: FamilyMember | null): boolean => member !== null && member.age < adultAge;

/**
 * A Google sign-up has no phone, age or gender yet, a mobile sign-up no name, age or gender: the
 * details step asks for them once, and Book saves them on the account before booking.
 */
/** A signed-in account without an email (a mobile sign-up that has not added one): the popup neither asks nor sends it. */
export const hasNoEmail = (user: BookingUser | null): boolean => user !== null && user.email === null;

export const profileIncomplete = (user: BookingUser | null): boolean =>
  user !== null && (user.firstName.trim() === '' || !user.phoneNumber || typeof user.age !== 'number' || !user.gender);
