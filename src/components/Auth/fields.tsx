/**
 * The field errors of the account popups and pages (their fields are src/ui/Field's, look 'auth'):
 * the errors come from the machines' notices (`fieldErrorsFor`): the toast announces the message,
 * the field shows where to fix it.
 */
import { useCallback, useState } from 'react';
import { messages } from '../../i18n/messages';
import { noticeText, type AccountNotice, type NamedField } from './notices';

/** A field a notice can point at: the named inputs and the terms box. */
export type FieldKey = NamedField | 'terms';

export type FieldErrors = Partial<Record<FieldKey, string>>;

/** Which fields a notice is about, with the words to show under each; {} for the rest. */
export function fieldErrorsFor(notice: AccountNotice): FieldErrors {
  const { spec, account } = messages;
  switch (notice.kind) {
    case 'missingFields':
      return Object.fromEntries(notice.fields.map((field) => [field, account.fieldRequired]));
    case 'enterEmail':
      return { email: spec.enterEmail };
    case 'passwordsMismatch':
      return { confirmPassword: spec.passwordsDoNotMatch };
    case 'otpNotValidated':
      return { otp: spec.validateOtpFirst };
    // The code field stays marked until a new code is typed or asked for (OtpFields clears it).
    case 'otpRefused':
    case 'mobileCodeRefused':
      return { otp: noticeText(notice) };
    case 'termsRequired':
      return { terms: account.termsRequired };
    case 'server':
      return serverFieldErrors(notice.text, notice.fieldErrors ?? []);
    case 'fields':
      return serverFieldErrors(genericRefusal, notice.fieldErrors);
    default:
      return {};
  }
}

const isFormField = (field: string): field is NamedField => Object.hasOwn(messages.account.fields, field);

/** The server's message for a 400 of the contract: it says nothing a field does not say better. */
export const genericRefusal = 'Invalid request';

/**
 * Whether a notice's toast would only repeat what its fields now say: a refusal (the contract's,
 * client side `fields`, or the server's 400 with `errors`) whose every named field is on this form
 * and shows its words. Those are said on the fields only (instead of a toast; focus
 * moves to the first, which reads its words), so no toast covers the form at 375 px.
 */
export function saidOnFields(notice: AccountNotice, shown: FieldErrors): boolean {
  const named = notice.kind === 'fields' || notice.kind === 'server' ? notice.fieldErrors : undefined;
  return named !== undefined && named.length > 0 && named.every((e) => isFormField(e.field) && shown[e.field] !== undefined);
}

/**
 * A 400's fields under this form's inputs. A refusal about one field says it all in its message
 * ("This password is too easy to guess: ... Choose another ..."); otherwise (a contract 400 only
 * says 'Invalid request') each field gets the
 * server's words for it ("must be 8 to 128 characters long") as a sentence, translated by the
 * catalog (`account.fieldProblem`) in Hindi and Marathi.
 */
function serverFieldErrors(text: string, errors: readonly { field: string; message: string }[]): FieldErrors {
  const ours = errors.filter((e) => isFormField(e.field));
  const single = errors.length === 1 && text !== genericRefusal;
  // The words as a sentence, in the language in use where the catalog knows them.
  return Object.fromEntries(ours.map((e) => [e.field, single ? text : messages.account.fieldProblem(e.message)]));
}

/** The errors shown under the fields of one form; a field's error goes when it is edited. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useCallback((next: FieldErrors) => setErrors((current) => ({ ...current, ...next })), []);
  const clear = useCallback(
    (...fields: FieldKey[]) =>
      setErrors((current) => {
        if (!fields.some((field) => current[field])) return current;
        const next = { ...current };
        for (const field of fields) delete next[field];
        return next;
      }),
    [],
  );
  return { errors, add, clear };
}

/**
 * Moves focus to the first of `order` that has an error (its input has the id
 * `${idPrefix}-${field}`); the code's error goes to the email field while there is no code field.
 */
export function focusFirstError(idPrefix: string, order: readonly FieldKey[], errors: FieldErrors): void {
  for (const field of order) {
    if (!errors[field]) continue;
    const input =
      document.getElementById(`${idPrefix}-${field}`) ?? (field === 'otp' ? document.getElementById(`${idPrefix}-email`) : null);
    if (input) {
      input.focus();
      return;
    }
  }
}

/** A button that keeps focus while its flow is busy (aria-disabled, not disabled) and says so. */
export function BusyButton({
  busy,
  label,
  busyLabel,
  className,
  type = 'button',
  onClick,
  id,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  className: string;
  type?: 'button' | 'submit';
  onClick?: () => void;
  id?: string;
}) {
  return (
    <button
      id={id}
      type={type}
      className={className}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
