/**
 * A refusal's stable code, for the machines that compare codes (never the refusal's words).
 * Apart from ./failures.ts, which every page's first JavaScript carries, so the table of generic
 * codes loads only with a machine that reads codes.
 */
import { genericErrorCode } from '../../contract/errorCodes.js';
import { asApiFailure } from '../failures.js';

/** The refusal's stable code (its status's generic code when it carried none); null when no answer came. */
export function failureCode(error: unknown): string | null {
  const failure = asApiFailure(error);
  if (failure._tag !== 'HttpFailure') return null;
  return failure.code ?? genericErrorCode(failure.status);
}

/** True when the server refused with one of `codes`: what a machine compares, never the refusal's words. */
export function refusedWithCode(error: unknown, ...codes: readonly string[]): boolean {
  const code = failureCode(error);
  return code !== null && codes.includes(code);
}
