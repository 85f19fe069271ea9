/**
 * What the admin machines read from a failed call (what a provided actor rejects with: an
 * ApiFailure of src/api/client.ts, or src/api/staffAdmin.ts's OrphanFailure), as pure functions.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { describeFailure } from '../session/notices.js';

/** A form's errors by field, as the server named them (`name`, `hours.2.start`, ...). */
export type FieldErrors = Readonly<Record<string, string>>;

export const isUnauthorized = (error: unknown): boolean => {
  const failure = describeFailure(error);
  return failure.kind === 'refused' && failure.status === 401;
};

/** The fields a 400 named, with their messages; {} for any other failure. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const failure = error as { _tag?: unknown; status?: unknown; errors?: unknown } | null;
  if (failure?._tag !== 'HttpFailure' || failure.status !== 400 || !Array.isArray(failure.errors)) return {};
  const errors: Record<string, string> = {};
  for (const entry of failure.errors as unknown[]) {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in errors)) errors[field] = message;
  }
  return errors;
}

export const hasFieldErrors = (error: unknown): boolean => Object.keys(fieldErrorsOf(error)).length > 0;

/** The live bookings a 409 of the ORPHAN RULE named; null for any other failure. */
export function affectedOf(error: unknown): AppointmentRecord[] | null {
  const failure = error as { _tag?: unknown; status?: unknown; affected?: unknown } | null;
  return failure?._tag === 'HttpFailure' && failure.status === 409 && Array.isArray(failure.affected)
    ? [...(failure.affected as AppointmentRecord[])]
    : null;
}
