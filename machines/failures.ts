/**
 * How a call failed, written once for every machine: the `ApiFailure` union that the request
 * helper answers (src/api/client.ts) and that `fromApi` (src/app/fromApi.ts) rejects an actor
 * with, and the guards that read it. Types and pure functions only: no fetch, no DOM.
 *
 * XState types an actor's error as `unknown`, so `event.error` is read here through
 * `asApiFailure` and nowhere else; a machine names a guard (`isUnauthorized`, `isSlotTaken`...)
 * instead of re-guessing the failure's shape.
 */
import type { AppointmentRecord } from '../contract/appointments.js';
import type { ErrorParams, FieldError } from '../contract/errors.js';

/** No answer arrived: offline, DNS, refused, a timeout, or the call's code could not load. */
export type NetworkFailure = { readonly _tag: 'NetworkFailure'; readonly message: string };
/** The server answered with a non-2xx status. */
export type HttpFailure = {
  readonly _tag: 'HttpFailure';
  readonly status: number;
  /** The server's `message` in the language in use, else a generic text (then `generic` is true). */
  readonly message: string;
  /**
   * The refusal's stable code (contract/errors.ts: `booking.slotTaken`...), to compare instead of
   * its words; absent when the answer carried none (not from this API): `failureCode`
   * (machines/shared/refusalCode.ts) then gives the generic code of its status.
   */
  readonly code?: string;
  /** The values the refusal's message was made from (`{ minutes: 5 }`). */
  readonly params?: ErrorParams;
  /** The fields the server named on a 400. */
  readonly errors?: readonly FieldError[];
  /** True when the answer carried no readable message and `message` is ours. */
  readonly generic?: boolean;
  /** A refusal that carries more than `message` and `errors` (a 409's `affected`): its whole JSON body. */
  readonly body?: Readonly<Record<string, unknown>>;
};
/** A 2xx answer that is not what the contract says. */
export type DecodeFailure = {
  readonly _tag: 'DecodeFailure';
  readonly message: string;
  readonly errors: readonly FieldError[];
};
export type ApiFailure = NetworkFailure | HttpFailure | DecodeFailure;

/** The 409 of the ORPHAN RULE (a schedule change that would leave live bookings out), with the bookings it names. */
export type OrphanFailure = HttpFailure & { readonly affected: readonly AppointmentRecord[] };

/**
 * What an actor rejected with, as an ApiFailure. `fromApi` only ever rejects with one; anything
 * else (a fake that throws something odd, a bug) reads as no answer, which is what a person can act on.
 */
export function asApiFailure(error: unknown): ApiFailure {
  const tag = (error as { _tag?: unknown } | null)?._tag;
  if (tag === 'HttpFailure' && typeof (error as { status?: unknown }).status === 'number') return error as HttpFailure;
  if (tag === 'NetworkFailure' || tag === 'DecodeFailure') return error as ApiFailure;
  return { _tag: 'NetworkFailure', message: error instanceof Error ? error.message : String(error) };
}

/**
 * How a call failed, as a machine tells a person:
 * - `refused`: the server answered with an error status; `text` is its message when it sent a
 *   readable one (not the client's generic "The server answered with status N.").
 * - `unanswered`: no answer (network, timeout), or an answer that is not what the contract says.
 */
export type CallFailure = { kind: 'refused'; status: number; text: string | null } | { kind: 'unanswered' };

export function describeFailure(error: unknown): CallFailure {
  const failure = asApiFailure(error);
  if (failure._tag !== 'HttpFailure') return { kind: 'unanswered' };
  const text = failure.generic !== true && failure.message.trim() !== '' ? failure.message : null;
  return { kind: 'refused', status: failure.status, text };
}

/** The server's words as a notice when it sent some, else the given notice. */
export function serverWordsOr<N>(error: unknown, otherwise: N): N | { kind: 'server'; text: string } {
  const failure = describeFailure(error);
  return failure.kind === 'refused' && failure.text !== null ? { kind: 'server', text: failure.text } : otherwise;
}

/** True when the server answered with a status that passes `test`. */
export function refusedWith(error: unknown, test: (status: number) => boolean): boolean {
  const failure = asApiFailure(error);
  return failure._tag === 'HttpFailure' && test(failure.status);
}

/** A guard over an invoked actor's error: `guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }`. */
type FailureGuard = (args: { context: unknown }, params: { error: unknown }) => boolean;
const guardOn =
  (test: (status: number) => boolean): FailureGuard =>
  (_, params) =>
    refusedWith(params.error, test);

/** 401: the stored token is no longer valid (the session expired or was revoked). */
export const isUnauthorized: FailureGuard = /* @__PURE__ */ guardOn((status) => status === 401);
/** 403: signed in, but not allowed (a patient at the staff console). */
export const isForbidden: FailureGuard = /* @__PURE__ */ guardOn((status) => status === 403);
/** 409: someone else took the slot first (booking, edit, move); for staff, a refused change. */
export const isSlotTaken: FailureGuard = /* @__PURE__ */ guardOn((status) => status === 409);
export const isConflict: FailureGuard = isSlotTaken;
/** A 4xx: the server said no to this request; trying again will not help. */
export const isRefused: FailureGuard = /* @__PURE__ */ guardOn((status) => status >= 400 && status < 500);
/** Any error status, as opposed to no answer at all. */
export const isAnswered: FailureGuard = /* @__PURE__ */ guardOn(() => true);

/** A form's errors by field, as the server named them (`name`, `hours.2.start`, ...). */
export type FieldErrors = Readonly<Record<string, string>>;

/** The fields a 400 named, with their messages (the first message per field); {} for any other failure. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const failure = asApiFailure(error);
  if (failure._tag !== 'HttpFailure' || failure.status !== 400 || !Array.isArray(failure.errors)) return {};
  const errors: Record<string, string> = {};
  for (const entry of failure.errors as unknown[]) {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in errors)) errors[field] = message;
  }
  return errors;
}

export const hasFieldErrors = (error: unknown): boolean => Object.keys(fieldErrorsOf(error)).length > 0;

/** True for the 409 of the ORPHAN RULE, with the appointments it names. */
export function isOrphanFailure(error: unknown): error is OrphanFailure {
  const failure = asApiFailure(error);
  return failure._tag === 'HttpFailure' && failure.status === 409 && Array.isArray((failure as { affected?: unknown }).affected);
}

/** The live bookings a 409 of the ORPHAN RULE named; null for any other failure. */
export function affectedOf(error: unknown): AppointmentRecord[] | null {
  return isOrphanFailure(error) ? [...error.affected] : null;
}
