/**
 * The email and its one-time code (spec §4 "Registration email OTP": not sent, sent, validated),
 * shared by sign-up and the password reset. A view of the `otp` child machine: every change of the
 * email goes to it, Send OTP / Validate / Resend OTP are its events, and what it says comes back
 * through the parent's notices (the parent shows them, and the field errors it passes in).
 */
import { useSelector } from '@xstate/react';
import { useState, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  selectIsOtpBusy,
  selectOtpEmail,
  selectOtpStatus,
  type otpMachine,
  type OtpStatus,
} from '../../../machines/otp/otpMachine';
import { useMessages } from '../../i18n/messages';
import { BusyButton, type FieldErrors, type FieldKey } from './fields';
import { TextField } from '../../ui/Field';

export interface OtpFieldsProps {
  /** Input ids are `${idPrefix}-email` and `${idPrefix}-otp`. */
  readonly idPrefix: string;
  /** The machine's `otp` child (gone once the flow is done). */
  readonly otp: ActorRefFrom<typeof otpMachine> | undefined;
  readonly email: string;
  readonly onEmailChange: (email: string) => void;
  readonly errors: FieldErrors;
  readonly add: (errors: FieldErrors) => void;
  readonly clear: (...fields: FieldKey[]) => void;
  readonly autoFocus?: boolean;
}

export function OtpFields({ idPrefix, otp, email, onEmailChange, errors, add, clear, autoFocus }: OtpFieldsProps) {
  const { account } = useMessages();
  const [code, setCode] = useState('');
  const status = useSelector(otp, (snapshot): OtpStatus => (snapshot ? selectOtpStatus(snapshot) : 'NotSent'));
  const busy = useSelector(otp, (snapshot) => (snapshot ? selectIsOtpBusy(snapshot) : false));
  const sentTo = useSelector(otp, (snapshot) => (snapshot ? selectOtpEmail(snapshot) : null));

  const codeShown = status === 'Sent' || status === 'Validating';
  const canSend = status === 'NotSent' || status === 'Sending';

  function send() {
    clear('email', 'otp');
    setCode('');
    otp?.send({ type: 'otp.send', email });
  }

  function validate() {
    const event = { type: 'otp.validate', code } as const;
    // The machine ignores a blank code (`can` is false): say where the code goes instead.
    if (otp && status === 'Sent' && !otp.getSnapshot().can(event)) {
      add({ otp: account.fieldRequired });
      document.getElementById(`${idPrefix}-otp`)?.focus();
      return;
    }
    otp?.send(event);
  }

  function resend() {
    clear('otp');
    setCode('');
    otp?.send({ type: 'otp.resend' });
  }

  // Enter in the email field sends the code; in the code field, validates it (not the whole form).
  function onEmailKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || !canSend) return;
    event.preventDefault();
    send();
  }
  function onCodeKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    validate();
  }

  // "Validate your code first" belongs under the code field; before a code is sent, under the email.
  const emailError = errors.email ?? (codeShown ? undefined : errors.otp);

  return (
    <>
      <TextField
        look="auth"
        id={`${idPrefix}-email`}
        label={account.fields.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        data-autofocus={autoFocus || undefined}
        value={email}
        error={emailError}
        onChange={(event) => {
          onEmailChange(event.target.value);
          clear('email', 'otp');
          otp?.send({ type: 'otp.emailChanged', email: event.target.value });
        }}
        onKeyDown={onEmailKeyDown}
        action={
          canSend ? (
            <BusyButton
              busy={status === 'Sending'}
              label={account.sendOtp}
              busyLabel={account.sendingOtp}
              className="button button--outline auth-field__action"
              onClick={send}
            />
          ) : undefined
        }
        note={<EmailNote status={status} sentTo={codeShown ? sentTo : null} />}
      />
      {codeShown && (
        <CodeField
          id={`${idPrefix}-otp`}
          code={code}
          error={errors.otp}
          validating={status === 'Validating'}
          busy={busy}
          onCodeChange={(value) => {
            setCode(value);
            clear('otp');
          }}
          onKeyDown={onCodeKeyDown}
          onValidate={validate}
          onResend={resend}
        />
      )}
    </>
  );
}

/** Under the email: verified, or where the code went. */
function EmailNote({ status, sentTo }: { status: OtpStatus; sentTo: string | null }) {
  const { account } = useMessages();
  if (status === 'Validated') {
    return (
      <p className="auth-field__ok">
        <CheckIcon /> {account.emailVerified}
      </p>
    );
  }
  return sentTo ? <p className="auth-field__hint">{account.otpSentTo(sentTo)}</p> : null;
}

interface CodeFieldProps {
  readonly id: string;
  readonly code: string;
  readonly error: string | undefined;
  readonly validating: boolean;
  readonly busy: boolean;
  readonly onCodeChange: (code: string) => void;
  readonly onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  readonly onValidate: () => void;
  readonly onResend: () => void;
}

/** The code, with Validate beside it and Resend OTP under it (no resend while busy). */
function CodeField({ id, code, error, validating, busy, onCodeChange, onKeyDown, onValidate, onResend }: CodeFieldProps) {
  const { account } = useMessages();
  return (
    <TextField
      look="auth"
      id={id}
      label={account.fields.otp}
      hint={account.otpHint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      required
      value={code}
      error={error}
      onChange={(event) => onCodeChange(event.target.value.replace(/\s+/g, ''))}
      onKeyDown={onKeyDown}
      action={
        <BusyButton
          busy={validating}
          label={account.validateOtp}
          busyLabel={account.validatingOtp}
          className="button button--primary auth-field__action"
          onClick={onValidate}
        />
      }
      note={
        <p className="auth-field__resend">
          <button
            type="button"
            className="auth-link-button"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onResend();
            }}
          >
            {account.resendOtp}
          </button>
        </p>
      }
    />
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
