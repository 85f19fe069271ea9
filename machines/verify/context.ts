/** The verify page machine's input, context and events. */
import type { VerifyAnswer } from '../../contract/verify.js';

export type VerifyInput = { code: string };

/** Why the answer is missing: the look-up limit (429) or anything else (network, server). */
export type VerifyFailure = 'tooMany' | 'failed';

export type VerifyContext = {
  code: string;
  answer: VerifyAnswer | null;
  failure: VerifyFailure | null;
};

export type VerifyEvent = { type: 'retry' };

export const initialVerifyContext = ({ code }: VerifyInput): VerifyContext => ({ code, answer: null, failure: null });

/** A rejection of the look-up as the page words it. */
export function failureOf(error: unknown): VerifyFailure {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 429 ? 'tooMany' : 'failed';
}
