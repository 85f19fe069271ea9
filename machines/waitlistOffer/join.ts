/**
 * The join form's draft and its check, as pure functions the waitlist machine uses and tests check
 * alone. The request is checked with the contract's own codec (WaitlistJoinRequest), the one the
 * server decodes it with, before any request: each problem is named on its field, in the form's
 * order. Beyond the codec, as the server would refuse them: the last day before the first, a range
 * longer than the server allows, and Chat, Video or Call without the teleconsultation consent.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import { addDays, daysBetween } from '../../contract/clinicTime.js';
import type { ConsultationType } from '../../contract/primitives.js';
import { describeErrors } from '../../contract/report.js';
import { WaitlistJoinRequest, waitlistMaxDays } from '../../contract/waitlist.js';
import { blankOr } from '../fieldCheck.js';
import type { FieldErrors } from '../failures.js';

/** What the form's controls hold. `location` '' is any clinic (Clinic Visit) or online; `consent` the words ticked, or null. */
export interface JoinDraft {
  doctorEmail: string;
  location: string;
  consultationType: ConsultationType | '';
  fromDate: string;
  toDate: string;
  consent: string | null;
}

/** The fields in the form's order (the focus goes to the first with a problem). */
export const joinFields = ['doctorEmail', 'location', 'consultationType', 'fromDate', 'toDate', 'consentText'] as const;
export type JoinField = (typeof joinFields)[number];

/** A form opened from the booking popup carries its choices; the range starts on the day chosen there (or today) for a week. */
export function draftFrom(prefill: Partial<JoinDraft>, today: string, lastDate: string): JoinDraft {
  const fromDate = prefill.fromDate && prefill.fromDate >= today && prefill.fromDate <= lastDate ? prefill.fromDate : today;
  const week = addDays(fromDate, 6);
  return {
    doctorEmail: prefill.doctorEmail ?? '',
    location: prefill.location ?? '',
    consultationType: prefill.consultationType ?? '',
    fromDate,
    toDate: prefill.toDate ?? (week < lastDate ? week : lastDate),
    consent: null,
  };
}

export const isTeleconsultationType = (type: ConsultationType | ''): boolean => type !== '' && type !== 'Clinic Visit';

/** The request as the server takes it; a Clinic Visit carries no consent, Chat, Video and Call the words ticked. */
export function joinRequestOf(d: JoinDraft) {
  return {
    doctorEmail: d.doctorEmail.trim(),
    location: isTeleconsultationType(d.consultationType) ? '' : d.location,
    consultationType: d.consultationType,
    fromDate: d.fromDate,
    toDate: d.toDate,
    ...(isTeleconsultationType(d.consultationType) && d.consent !== null ? { consentText: d.consent } : {}),
  };
}
export type JoinRequest = ReturnType<typeof joinRequestOf>;

/** Each field's problem, in the form's order; {} when the draft may be sent. */
export function joinErrors(d: JoinDraft): FieldErrors {
  const request = joinRequestOf(d);
  const found: Record<string, string> = {};
  const decoded = WaitlistJoinRequest.decode(request);
  if (isLeft(decoded)) {
    const values = request as Record<string, unknown>;
    for (const e of describeErrors(decoded.left)) found[e.field] ??= blankOr(values[e.field], e.message);
  }
  if (found.fromDate === undefined && found.toDate === undefined && d.toDate < d.fromDate) found.toDate = 'must be on or after the first day';
  else if (found.toDate === undefined && d.fromDate !== '' && d.toDate !== '' && daysBetween(d.fromDate, d.toDate) > waitlistMaxDays) {
    found.toDate = `must be at most ${waitlistMaxDays - 1} days after the first day`;
  }
  if (isTeleconsultationType(d.consultationType) && d.consent === null) found.consentText = 'is required for a Chat, Video or Call consultation';
  return Object.fromEntries(joinFields.filter((f) => found[f] !== undefined).map((f) => [f, found[f]!]));
}
