/**
 * What the account's phone and email flows (./phoneChangeMachine.ts, ./emailChangeMachine.ts)
 * share: the fields they ask for, each field's problem as data (the views word it), the notices,
 * and how a refused call becomes problems on fields or a notice.
 *
 * Problems are kinds, not the codec's words: the contract's code codec says "the 6-digit code
 * from the email", which would mislead beside a code sent by SMS, so each view words the kinds
 * for its own field. A 400 naming a field keeps the server's words (`server`).
 */
import type { User } from '../../contract/auth.js';
import { MobileNumber } from '../../contract/mobile.js';
import { Email } from '../../contract/primitives.js';
import { asApiFailure, describeFailure } from '../failures.js';
import type { Tone } from '../shared/notices.js';

/** The fields of both flows, as the requests name them (PhoneChangeRequest, EmailChangeRequest). */
export type ContactField = 'phoneNumber' | 'code' | 'password' | 'emailCode' | 'currentCode' | 'email';
const contactFields: readonly ContactField[] = ['phoneNumber', 'code', 'password', 'emailCode', 'currentCode', 'email'];

export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'invalid' }
  /** 409: the number or address is another account's. */
  | { kind: 'taken' }
  /** A code the server refused, with no words of its own. */
  | { kind: 'wrongCode' }
  /** The server's words for the field (a 400's `errors`, or a refused code's message). */
  | { kind: 'server'; words: string };

export type ContactProblems = Readonly<Partial<Record<ContactField, FieldProblem>>>;

export type ContactNotice =
  | { kind: 'phoneCodeSent'; to: string }
  | { kind: 'proofCodeSent'; to: string }
  /** The code proving the change went to the account's current number. */
  | { kind: 'currentCodeSent'; to: string }
  | { kind: 'emailCodeSent'; to: string }
  | { kind: 'phoneSaved' }
  | { kind: 'emailSaved' }
  /** A call failed with no field to show it on: the server's words, or null for the view's own. */
  | { kind: 'failed'; text: string | null };

export type ContactNoticeEvent = { type: 'notice'; tone: Tone; notice: ContactNotice };

/** Effects (provided actions; emitted until provided): a toast, and the saved account for the session. */
export type ContactEmitted = ContactNoticeEvent | { type: 'saved'; user: User };

/** Seconds before "Send the code again" works (the server limits sends too). */
export const resendAfterSeconds = 30;

const blank = (value: string | undefined): boolean => (value ?? '').trim() === '';

/** A code as typed, spaces taken out ("123 456" is 123456). */
export const normalizeCode = (code: string | undefined): string => (code ?? '').replace(/\s+/g, '');

export function codeProblem(code: string | undefined): FieldProblem | undefined {
  if (blank(code)) return { kind: 'required' };
  return /^\d{6}$/.test(normalizeCode(code)) ? undefined : { kind: 'invalid' };
}

export function mobileProblem(phoneNumber: string): FieldProblem | undefined {
  if (blank(phoneNumber)) return { kind: 'required' };
  return MobileNumber.is(phoneNumber.trim()) ? undefined : { kind: 'invalid' };
}

export function emailProblem(email: string): FieldProblem | undefined {
  if (blank(email)) return { kind: 'required' };
  return Email.is(email.trim()) ? undefined : { kind: 'invalid' };
}

export function passwordProblem(password: string | undefined): FieldProblem | undefined {
  return blank(password) ? { kind: 'required' } : undefined;
}

/** The problems that are there, in the fields' order (the view focuses the first). */
export function problemsOf(entries: Partial<Record<ContactField, FieldProblem | undefined>>): ContactProblems {
  const found: Partial<Record<ContactField, FieldProblem>> = {};
  for (const field of contactFields) {
    const problem = entries[field];
    if (problem) found[field] = problem;
  }
  return found;
}

export const hasProblems = (problems: ContactProblems): boolean => Object.keys(problems).length > 0;

/** The fields among `fields` a 400 named, with the server's words. */
function namedFields(error: unknown, fields: readonly ContactField[]): ContactProblems {
  const failure = asApiFailure(error);
  if (failure._tag !== 'HttpFailure' || failure.status !== 400 || !Array.isArray(failure.errors)) return {};
  const found: Partial<Record<ContactField, FieldProblem>> = {};
  for (const { field, message } of failure.errors) {
    const name = field as ContactField;
    if (fields.includes(name) && !found[name]) found[name] = { kind: 'server', words: message };
  }
  return found;
}

/**
 * What a refused call says about the form: a 409 is `taken` on `takenField`; a 400 naming fields
 * of `fields` puts the server's words on them; anything else names no field ({}), and is a notice.
 */
export function problemsOfFailure(error: unknown, fields: readonly ContactField[], takenField: ContactField): ContactProblems {
  const failure = asApiFailure(error);
  if (failure._tag === 'HttpFailure' && failure.status === 409) return { [takenField]: { kind: 'taken' } };
  return namedFields(error, fields);
}

/**
 * A refused code (a 4xx other than 409 or 429 that names no other field) belongs on the code
 * field, in the server's words when it sent some; no answer, a 5xx or too many tries is a notice.
 */
export function codeRefusal(error: unknown): FieldProblem | undefined {
  const failure = describeFailure(error);
  if (failure.kind !== 'refused' || failure.status >= 500 || failure.status === 409 || failure.status === 429) return undefined;
  return failure.text === null ? { kind: 'wrongCode' } : { kind: 'server', words: failure.text };
}

export function failedNotice(error: unknown): ContactNoticeEvent {
  const failure = describeFailure(error);
  return { type: 'notice', tone: 'error', notice: { kind: 'failed', text: failure.kind === 'refused' ? failure.text : null } };
}

/**
 * The provided `notify` action with this notice, for an `enqueueActions` of the same machine's
 * setup (where the machine's own action names are not typed yet): the view provides `notify`,
 * so a notice emitted any other way would never be shown.
 */
export const notifyOf = (params: ContactNoticeEvent) => ({ type: 'notify', params }) as unknown as () => void;

export const noticeOf = (notice: ContactNotice): ContactNoticeEvent => ({
  type: 'notice',
  tone: notice.kind === 'failed' ? 'error' : 'success',
  notice,
});

/** The problems without the one the person is fixing. */
export function withoutProblem(problems: ContactProblems, field: ContactField): ContactProblems {
  const { [field]: _fixed, ...rest } = problems;
  return rest;
}
