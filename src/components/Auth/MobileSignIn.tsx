/**
 * The mobile path of the login and sign-up popups: the number (and the channel, where the clinic
 * offers SMS and WhatsApp), then the code, with "Resend code" after a countdown and "Change
 * number". A view of the `mobile` child machine (machines/mobileSignIn): it sends the child's
 * events and reads its selectors; what the child says comes back through the parent's notices
 * (the toasts, and the field errors the dialog passes in).
 *
 * The code field takes the browser's one-time-code autofill (iOS and Android keyboards offer the
 * code from the message), and where the WebOTP API exists (Chrome on Android) the code of an SMS
 * that names this site fills in and signs in by itself. Both are only helps: typing always works.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { TextChannel } from '../../../contract/mobile';
import {
  selectCanResend,
  selectCodeSent,
  selectIsMobileBusy,
  selectMobileChannel,
  selectMobileNumber,
  selectMobileStep,
  selectResendIn,
  type mobileSignInMachine,
  type MobileStep,
} from '../../../machines/mobileSignIn/mobileSignInMachine';
import { formatPhone } from '../../format/format';
import { useMessages } from '../../i18n/messages';
import { BusyButton, type FieldErrors, type FieldKey } from './fields';
import { TextField } from '../../ui/Field';
import { OrContinueWithGoogle } from './GoogleWay';

type MobileActor = ActorRefFrom<typeof mobileSignInMachine>;

export interface MobileSignInProps {
  /** Input ids are `${idPrefix}-phoneNumber` and `${idPrefix}-otp` (the form's field order names them). */
  readonly idPrefix: string;
  /** The parent's `mobile` child (gone once signed in). */
  readonly mobile: MobileActor | undefined;
  /** The channels the clinic offers (never empty). */
  readonly channels: readonly TextChannel[];
  readonly errors: FieldErrors;
  readonly clear: (...fields: FieldKey[]) => void;
  /** Back to the email form. */
  readonly onCancel: () => void;
  /** "Continue with Google" under the number (the login popup's), one tap away like the email form. */
  readonly onGoogle?: () => void;
}

export function MobileSignIn({ idPrefix, mobile, channels, errors, clear, onCancel, onGoogle }: MobileSignInProps) {
  const texts = useMessages().mobile;
  const step = useSelector(mobile, (s): MobileStep => (s ? selectMobileStep(s) : 'signedIn'));
  const codeSent = useSelector(mobile, (s) => (s ? selectCodeSent(s) : false));
  const busy = useSelector(mobile, (s) => (s ? selectIsMobileBusy(s) : false));
  const sentBy = useSelector(mobile, (s) => (s ? selectMobileChannel(s) : null)) ?? channels[0] ?? 'sms';
  const [number, setNumber] = useState('');
  const [channel, setChannel] = useState<TextChannel>(channels[0] ?? 'sms');
  const { code, typeCode, forgetCode, verify, enterCode } = useCodeEntry(mobile, busy, clear);
  // The code field: shown once a code went out, also while another is being sent or checked.
  const atCode = step === 'code' || step === 'signingIn' || (step === 'sending' && codeSent);

  function send(event: FormEvent) {
    event.preventDefault();
    clear('phoneNumber', 'otp');
    if (!busy) mobile?.send({ type: 'mobile.send', phoneNumber: number, ...(channels.length > 1 ? { channel } : {}) });
  }

  // Focus goes to the next thing to do: the number when the path opens, the code once it is sent.
  useEffect(() => {
    document.getElementById(`${idPrefix}-${atCode ? 'otp' : 'phoneNumber'}`)?.focus();
  }, [atCode, idPrefix]);

  useWebOtp(step === 'code' && sentBy === 'sms', (found) => {
    typeCode(found);
    verify(undefined, found);
  });

  return (
    <div className="auth-mobile">
      <p className="auth-intro">{texts.intro}</p>
      {!atCode ? (
        <NumberForm
          idPrefix={idPrefix}
          channels={channels}
          number={number}
          channel={channel}
          error={errors.phoneNumber}
          busy={busy}
          onNumber={(value) => {
            setNumber(value);
            clear('phoneNumber');
          }}
          onChannel={setChannel}
          onSubmit={send}
        />
      ) : (
        <CodeForm
          idPrefix={idPrefix}
          mobile={mobile}
          channels={channels}
          sentBy={sentBy}
          code={code}
          error={errors.otp}
          signingIn={step === 'signingIn'}
          onCode={enterCode}
          onSubmit={verify}
          forgetCode={forgetCode}
        />
      )}
      {onGoogle && !atCode && <OrContinueWithGoogle onGoogle={onGoogle} />}
      <p className="auth-switch">
        <button type="button" className="auth-link-button" onClick={onCancel}>
          {texts.useEmail}
        </button>
      </p>
    </div>
  );
}

/**
 * The code as typed, and its sign-in: Sign in, or by itself at the sixth digit (typed, pasted or
 * filled by the keyboard's suggestion), as a patient expects of a code field; Sign in stays for
 * one who changes a digit after a refusal.
 */
function useCodeEntry(mobile: MobileActor | undefined, busy: boolean, clear: (...fields: FieldKey[]) => void) {
  const [code, setCode] = useState('');
  function typeCode(value: string) {
    setCode(value);
    clear('otp');
  }
  function verify(event?: FormEvent, typed: string = code) {
    event?.preventDefault();
    if (!busy) mobile?.send({ type: 'mobile.verify', code: typed });
  }
  function enterCode(value: string) {
    const complete = /^\d{6}$/.test(value) && value !== code;
    typeCode(value);
    if (complete) verify(undefined, value);
  }
  return { code, typeCode, forgetCode: () => typeCode(''), verify, enterCode };
}

interface NumberFormProps {
  readonly idPrefix: string;
  readonly channels: readonly TextChannel[];
  readonly number: string;
  readonly channel: TextChannel;
  readonly error: string | undefined;
  readonly busy: boolean;
  readonly onNumber: (number: string) => void;
  readonly onChannel: (channel: TextChannel) => void;
  readonly onSubmit: (event: FormEvent) => void;
}

/** The number (a phone's number pad and its own number offered by autofill), the channel where there are two, Send code. */
function NumberForm({ idPrefix, channels, number, channel, error, busy, onNumber, onChannel, onSubmit }: NumberFormProps) {
  const texts = useMessages().mobile;
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        look="auth"
        id={`${idPrefix}-phoneNumber`}
        label={texts.numberLabel}
        hint={texts.numberHint}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        required
        // The popup that opens on the mobile path (the booking's login) puts the focus here at once.
        data-autofocus
        value={number}
        error={error}
        onChange={(event) => onNumber(event.target.value)}
      />
      {channels.length > 1 && <ChannelChoice idPrefix={idPrefix} channels={channels} value={channel} onChange={onChannel} />}
      <BusyButton type="submit" busy={busy} label={texts.sendCode} busyLabel={texts.sendingCode} className="button button--primary auth-form__submit" />
    </form>
  );
}

interface CodeFormProps {
  readonly idPrefix: string;
  readonly mobile: MobileActor | undefined;
  readonly channels: readonly TextChannel[];
  readonly sentBy: TextChannel;
  readonly code: string;
  readonly error: string | undefined;
  readonly signingIn: boolean;
  readonly onCode: (code: string) => void;
  readonly onSubmit: (event: FormEvent) => void;
  readonly forgetCode: () => void;
}

/** Where the code went, the code, Sign in, "Resend code" after the countdown, and "Change number". */
function CodeForm({ idPrefix, mobile, channels, sentBy, code, error, signingIn, onCode, onSubmit, forgetCode }: CodeFormProps) {
  const texts = useMessages().mobile;
  const sentTo = useSelector(mobile, (s) => (s ? selectMobileNumber(s) : null));
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      {sentTo && <p className="auth-field__hint">{texts.codeSentTo[sentBy](formatPhone(sentTo))}</p>}
      <CodeField id={`${idPrefix}-otp`} code={code} error={error} onCode={onCode} />
      <BusyButton type="submit" busy={signingIn} label={texts.signIn} busyLabel={texts.signingIn} className="button button--primary auth-form__submit" />
      <Resend mobile={mobile} channels={channels} sentBy={sentBy} onResend={forgetCode} />
      <p className="auth-mobile__row">
        <button
          type="button"
          className="auth-link-button"
          onClick={() => {
            forgetCode();
            mobile?.send({ type: 'mobile.changeNumber' });
          }}
        >
          {texts.changeNumber}
        </button>
      </p>
    </form>
  );
}

/** The code: the number pad, and the code of the message offered by the keyboard (one-time-code autofill). */
function CodeField({ id, code, error, onCode }: { id: string; code: string; error: string | undefined; onCode: (code: string) => void }) {
  const texts = useMessages().mobile;
  return (
    <TextField
      look="auth"
      id={id}
      label={texts.codeLabel}
      hint={texts.codeHint}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      required
      value={code}
      error={error}
      onChange={(event) => onCode(event.target.value.replace(/\s+/g, ''))}
    />
  );
}

/** "Resend code" once the countdown is over (on the other channel too, where there are two); until then, how long. */
function Resend({ mobile, channels, sentBy, onResend }: { mobile: MobileActor | undefined; channels: readonly TextChannel[]; sentBy: TextChannel; onResend: () => void }) {
  const texts = useMessages().mobile;
  const canResend = useSelector(mobile, (s) => (s ? selectCanResend(s) : false));
  const seconds = useSelector(mobile, (s) => (s ? selectResendIn(s) : 0));
  const other = channels.find((c) => c !== sentBy);
  if (!canResend) {
    // Not a live region: a number read out every second would drown the form.
    return seconds > 0 ? <p className="auth-field__hint auth-mobile__row">{texts.resendIn(seconds)}</p> : null;
  }
  const resend = (channel?: TextChannel) => {
    onResend();
    mobile?.send({ type: 'mobile.resend', ...(channel ? { channel } : {}) });
  };
  return (
    <p className="auth-mobile__row">
      <button type="button" className="auth-link-button" onClick={() => resend()}>
        {texts.resend}
      </button>
      {other && (
        <button type="button" className="auth-link-button" onClick={() => resend(other)}>
          {texts.resendBy[other]}
        </button>
      )}
    </p>
  );
}

function ChannelChoice({
  idPrefix,
  channels,
  value,
  onChange,
}: {
  idPrefix: string;
  channels: readonly TextChannel[];
  value: TextChannel;
  onChange: (channel: TextChannel) => void;
}) {
  const texts = useMessages().mobile;
  return (
    <fieldset className="auth-choice">
      <legend className="auth-field__label">{texts.channelLegend}</legend>
      <div className="auth-choice__options">
        {channels.map((channel) => (
          <label key={channel} className="auth-choice__option">
            <input type="radio" name={`${idPrefix}-channel`} value={channel} checked={value === channel} onChange={() => onChange(channel)} />
            {texts.channels[channel]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The WebOTP API's request for the code of an SMS (Chrome on Android); nothing where it is missing. */
interface OtpCredentialRequest extends CredentialRequestOptions {
  readonly otp: { readonly transport: readonly string[] };
}

/**
 * While `active`, asks the browser for the code of an incoming SMS that names this site, and hands
 * it to `onCode`. Stopped (aborted) when the code step ends, or the popup closes.
 */
function useWebOtp(active: boolean, onCode: (code: string) => void): void {
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    if (!active || typeof window === 'undefined' || !('OTPCredential' in window) || !navigator.credentials?.get) return;
    const controller = new AbortController();
    const request: OtpCredentialRequest = { otp: { transport: ['sms'] }, signal: controller.signal };
    navigator.credentials.get(request).then(
      (credential) => {
        const found = (credential as { code?: unknown } | null)?.code;
        if (!controller.signal.aborted && typeof found === 'string' && /^\d{6}$/.test(found)) latest.current(found);
      },
      () => {
        // Aborted, refused or timed out: the person types the code.
      },
    );
    return () => controller.abort();
  }, [active]);
}
