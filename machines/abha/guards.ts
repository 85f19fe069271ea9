/** What the ABHA flow decides by (./abhaMachine.ts): the typed fields' check and the server's field words. */
import { AbhaRequest, formatAbhaNumber, readAbhaQr, requestOfCard } from '../../contract/abdm.js';
import { asApiFailure } from '../failures.js';
import { checkFields } from '../fieldCheck.js';
import type { AbhaContext, AbhaDraft, AbhaField, AbhaRequestFields } from './context.js';

export const requestOfDraft = (draft: AbhaDraft): AbhaRequestFields => ({ ...draft, source: 'typed' });

/** The typed fields' problems, in the contract's words; both blank says so on the number. */
export function draftErrors(draft: AbhaDraft): Partial<Record<AbhaField, string>> {
  const errors: Partial<Record<AbhaField, string>> = {};
  for (const { field, message } of checkFields(AbhaRequest, requestOfDraft(draft))) {
    if (field === 'abhaNumber' || field === 'abhaAddress') errors[field] ??= message;
  }
  if (draft.abhaNumber.trim() === '' && draft.abhaAddress.trim() === '') errors.abhaNumber = 'is required';
  return errors;
}

/** The request a QR's text makes, or null when it is no ABHA card's. */
export const requestOfQr = (text: string | null): AbhaRequestFields | null => {
  const card = text === null ? null : readAbhaQr(text);
  return card === null ? null : requestOfCard(card);
};

/** A refusal's words by field (a 400's or a 409's): a 409 says its message, in the language in use. */
export function serverFieldErrors(error: unknown): Partial<Record<AbhaField, string>> {
  const failure = asApiFailure(error);
  if (failure._tag !== 'HttpFailure' || (failure.status !== 400 && failure.status !== 409) || !Array.isArray(failure.errors)) return {};
  const errors: Partial<Record<AbhaField, string>> = {};
  for (const entry of failure.errors as unknown[]) {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if ((field === 'abhaNumber' || field === 'abhaAddress') && typeof message === 'string') {
      errors[field] ??= failure.status === 409 && typeof failure.message === 'string' ? failure.message : message;
    }
  }
  return errors;
}

/** The form as the one on file fills it. */
export const draftOf = (context: Pick<AbhaContext, 'abha'>): AbhaDraft => ({
  abhaNumber: context.abha?.abhaNumber ? formatAbhaNumber(context.abha.abhaNumber) : '',
  abhaAddress: context.abha?.abhaAddress ?? '',
});
