/**
 * What /account's "Mobile number" and "Email" rows share: each field's problem in words, the
 * machines' notices as toasts, the saved account given to the session, a code field, the
 * "Send the code again" button with its countdown, and where the focus goes.
 */
import { useSelector } from '@xstate/react';
import { type InputHTMLAttributes, type RefObject, useCallback, useEffect, useRef } from 'react';
import type { User } from '../../../contract/auth';
import type { ContactField, ContactNotice, ContactProblems, FieldProblem } from '../../../machines/accountContact/problems';
import { selectSecondsLeft, type ResendCountdownRef } from '../../../machines/accountContact/resendCountdownMachine';
import { SessionContext } from '../../app/account';
import { Field } from '../../ui/Field';
import { formatPhone } from '../../format/format';
import { toast } from '../../ui/toast';
import { messages as liveMessages, useMessages, type Messages } from '../../i18n/messages';
import '../../components/People/People.css';

/** A field's problem as the person reads it; undefined: none. */
export function problemText(messages: Messages, field: ContactField, problem: FieldProblem | undefined): string | undefined {
  if (!problem) return undefined;
  const c = messages.accountContact;
  switch (problem.kind) {
    case 'required':
      return messages.account.fieldRequired;
    case 'invalid':
      return field === 'phoneNumber' ? c.mobileInvalid : field === 'email' ? c.emailInvalid : c.codeInvalid;
    case 'taken':
      return field === 'email' ? c.emailTaken : c.phoneTaken;
    case 'wrongCode':
      return c.wrongCode;
    case 'server':
      return messages.account.fieldProblem(problem.words);
  }
}

/** A notice of the phone or email flow as a toast, in the language in use. */
export function tellContact(notice: ContactNotice): void {
  const c = liveMessages.accountContact;
  switch (notice.kind) {
    case 'phoneCodeSent':
      return void toast.info(c.phoneCodeSent(formatPhone(notice.to)));
    case 'proofCodeSent':
      return void toast.info(c.proofCodeSent(notice.to));
    case 'currentCodeSent':
      return void toast.info(c.currentCodeSent(formatPhone(notice.to)));
    case 'emailCodeSent':
      return void toast.info(c.emailCodeSent(notice.to));
    case 'phoneSaved':
      return void toast.info(c.phoneSaved);
    case 'emailSaved':
      return void toast.info(c.emailSaved);
    case 'failed':
      return void toast.error(notice.text ?? liveMessages.people.saveFailed);
  }
}

/** The saved account, for the session: it starts again with the same token and fetches the user. */
export function useSessionSaved(token: string): (user: User) => void {
  const session = SessionContext.useActorRef();
  return useCallback((user: User) => session.send({ type: 'session.loggedIn', token, user }), [session, token]);
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** One labelled field of a contact form, its problem (worded) under it and tied to it. */
export function ContactInput({
  base,
  field,
  label,
  hint,
  problems,
  onEdited,
  ...input
}: InputProps & { base: string; field: ContactField; label: string; hint?: string; problems: ContactProblems; onEdited: (field: ContactField) => void }) {
  const messages = useMessages();
  const problem = problemText(messages, field, problems[field]);
  return (
    <Field look="people" id={`${base}-${field}`} field={field} label={label} error={problem} {...(hint === undefined ? {} : { hint })}>
      {(props) => (
        <input
          {...input}
          {...props}
          onChange={(event) => {
            input.onChange?.(event);
            if (problems[field]) onEdited(field);
          }}
        />
      )}
    </Field>
  );
}

/** A field for a 6-digit code: the browser may fill it from the message (one-time-code). */
export const codeInputProps = { autoComplete: 'one-time-code', inputMode: 'numeric', pattern: '[0-9 ]*', spellCheck: false } as const;

/** "Send the code again": waits, saying the seconds left, until the countdown is over. */
export function ResendButton({ countdown, ready, label, labelIn, onClick }: { countdown: ResendCountdownRef | undefined; ready: boolean; label: string; labelIn: (seconds: number) => string; onClick: () => void }) {
  const seconds = useSelector(countdown, (s) => selectSecondsLeft(s));
  const waiting = !ready && seconds > 0;
  return (
    <button type="button" className="button button--outline" disabled={!ready} onClick={onClick}>
      {waiting ? labelIn(seconds) : label}
    </button>
  );
}

/**
 * Focus follows the flow: a new step's first field (`data-autofocus`), the first field with a
 * problem each time problems are shown anew, and back to the row's button when the form closes.
 */
export function useContactFocus(form: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>, step: string, problems: ContactProblems, shown: number) {
  const lastStep = useRef(step);
  const lastShown = useRef(shown);
  useEffect(() => {
    if (step === lastStep.current) return;
    const wasOpen = lastStep.current !== 'idle';
    lastStep.current = step;
    if (step === 'idle') {
      if (wasOpen) button.current?.focus();
    } else form.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step, form, button]);
  useEffect(() => {
    if (shown === lastShown.current) return;
    lastShown.current = shown;
    const first = Object.keys(problems)[0];
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [shown, problems, form]);
}
