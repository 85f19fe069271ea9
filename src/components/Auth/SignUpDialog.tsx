/**
 * The Sign up popup (spec §2 popups, §3 register payload, §5 "Register", §8): a view of one
 * registration machine per opening. The fields live here and go to the machine whole on submit;
 * the email and its code are the machine's `otp` child (OtpFields). Every message is the
 * machine's notice in the catalog's words. On success the session is signed in with the token the
 * answer carries (an older server's answer without one: the login popup shows, with the email in
 * it). Where the clinic can text a code, "Continue with mobile number" comes first: the mobile
 * path (./MobileSignIn.tsx) takes the form's place, and makes the account with the number alone.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { selectIsRegistering, selectMobileRef, selectOtpRef, type RegistrationForm } from '../../../machines/registration/registrationMachine';
import { useMessages } from '../../i18n/messages';
import { Link } from '../Link/Link';
import { Dialog } from '../../ui/Dialog';
import { usePopup } from '../Popup/popupContext';
import { BusyButton, useFieldErrors, type FieldErrors, type FieldKey } from './fields';
import { describedBy, TextField } from '../../ui/Field';
import { MobileSignIn } from './MobileSignIn';
import { OtpFields } from './OtpFields';
import { useMobileChannels } from './signInOptions';
import { useRegistrationActor } from './signUpProvider';
import { useFormNotices } from './useFormNotices';
import './Auth.css';

const emptyForm: RegistrationForm = {
  firstName: '',
  lastName: '',
  email: '',
  age: '',
  gender: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  termsAccepted: false,
};

/** The form's order, for moving focus to the first field with an error. */
const fieldOrder: readonly FieldKey[] = [
  'firstName',
  'lastName',
  'email',
  'otp',
  'age',
  'gender',
  'phoneNumber',
  'password',
  'confirmPassword',
  'terms',
];

type TextKey = 'firstName' | 'lastName' | 'age' | 'phoneNumber' | 'password' | 'confirmPassword';

export default function SignUpDialog({ onClose }: { onClose: () => void }) {
  const messages = useMessages();
  const { account } = messages;
  const id = useId();
  const popup = usePopup();
  const { errors, add, clear } = useFieldErrors();
  const actor = useRegistrationActor(useFormNotices(id, fieldOrder, add, errors));
  const onMobile = useSelector(actor, (s) => s.matches('Mobile'));
  const mobile = useSelector(actor, selectMobileRef);
  const channels = useMobileChannels();
  const byMobile = onMobile && channels !== null;

  return (
    <Dialog title={byMobile ? messages.mobile.heading : account.signUpTitle} onClose={onClose} describeBody={false} wide={!byMobile} closeOnBackdrop={false}>
      {byMobile ? (
        <MobileSignIn
          idPrefix={id}
          mobile={mobile}
          channels={channels}
          errors={errors}
          clear={clear}
          onCancel={() => {
            clear('phoneNumber', 'otp');
            actor.send({ type: 'mobile.cancel' });
          }}
        />
      ) : (
        <>
          {channels && (
            <>
              <button type="button" className="button button--primary auth-form__submit" onClick={() => actor.send({ type: 'mobile.start' })}>
                {messages.mobile.continueWithMobile}
              </button>
              <p className="auth-divider">
                <span>{account.or}</span>
              </p>
            </>
          )}
          <p className="auth-intro">{account.signUpIntro}</p>
          <EmailSignUp id={id} actor={actor} errors={errors} add={add} clear={clear} />
          <p className="auth-switch">
            {account.haveAccount}{' '}
            <button type="button" className="auth-link-button" onClick={() => popup.open('login')}>
              {account.switchToLogin}
            </button>
          </p>
        </>
      )}
    </Dialog>
  );
}

interface EmailSignUpProps {
  /** The dialog's id prefix. */
  readonly id: string;
  readonly actor: ReturnType<typeof useRegistrationActor>;
  readonly errors: FieldErrors;
  readonly add: (errors: FieldErrors) => void;
  readonly clear: (...fields: FieldKey[]) => void;
}

/** The email sign-up form: the fields live here and go to the machine whole on submit. */
function EmailSignUp({ id, actor, errors, add, clear }: EmailSignUpProps) {
  const { account } = useMessages();
  const [form, setForm] = useState<RegistrationForm>(emptyForm);
  const otp = useSelector(actor, selectOtpRef);
  const busy = useSelector(actor, selectIsRegistering);

  function update<K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    clear(key === 'termsAccepted' ? 'terms' : key);
  }

  function text(key: TextKey) {
    return {
      id: `${id}-${key}`,
      label: account.fields[key],
      value: form[key],
      error: errors[key],
      required: true,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => update(key, event.target.value),
    };
  }

  const passwordHintId = `${id}-password-hint`;

  return (
    <form
      className="auth-form auth-form--grid"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'registration.submit', form });
      }}
    >
      <TextField look="auth" {...text('firstName')} type="text" autoComplete="given-name" data-autofocus />
      <TextField look="auth" {...text('lastName')} type="text" autoComplete="family-name" />
      <div className="auth-form__wide">
        <OtpFields idPrefix={id} otp={otp} email={form.email} onEmailChange={(email) => update('email', email)} errors={errors} add={add} clear={clear} />
      </div>
      <TextField look="auth" {...text('age')} type="text" inputMode="numeric" maxLength={3} autoComplete="off" />
      <GenderChoice id={id} value={form.gender} error={errors.gender} onChange={(gender) => update('gender', gender)} />
      <div className="auth-form__wide">
        <TextField look="auth" {...text('phoneNumber')} type="tel" inputMode="tel" autoComplete="tel-national" hint={account.phoneHint} />
      </div>
      {/* The hint under the input, so the two password inputs line up side by side. */}
      <TextField
        look="auth"
        {...text('password')}
        type="password"
        autoComplete="new-password"
        describedByAlso={passwordHintId}
        note={
          <p id={passwordHintId} className="auth-field__hint">
            {account.passwordHint}
          </p>
        }
      />
      <TextField look="auth" {...text('confirmPassword')} type="password" autoComplete="new-password" />
      <TermsCheckbox id={id} value={form.termsAccepted} error={errors.terms} onChange={(checked) => update('termsAccepted', checked)} />
      <div className="auth-form__wide">
        <BusyButton type="submit" busy={busy} label={account.signUpSubmit} busyLabel={account.signingUp} className="button button--primary auth-form__submit" />
      </div>
    </form>
  );
}

interface ChoiceProps<V> {
  /** The dialog's id prefix. */
  readonly id: string;
  readonly value: V;
  readonly error: string | undefined;
  readonly onChange: (value: V) => void;
}

function GenderChoice({ id, value, error, onChange }: ChoiceProps<RegistrationForm['gender']>) {
  const { account } = useMessages();
  const errorId = `${id}-gender-error`;
  return (
    <fieldset className={`auth-choice${error ? ' auth-choice--invalid' : ''}`} aria-describedby={describedBy(error && errorId)}>
      <legend className="auth-field__label">{account.fields.gender}</legend>
      <div className="auth-choice__options">
        {(['male', 'female'] as const).map((gender, index) => (
          <label key={gender} className="auth-choice__option">
            <input
              type="radio"
              name={`${id}-gender`}
              id={index === 0 ? `${id}-gender` : undefined}
              value={gender}
              checked={value === gender}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error && errorId)}
              onChange={() => onChange(gender)}
            />
            {account.fields[gender]}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The terms box: labelled by its words and the link to the terms, which opens in a new tab. */
function TermsCheckbox({ id, value: checked, error, onChange }: ChoiceProps<boolean>) {
  const { account, footer } = useMessages();
  const errorId = `${id}-terms-error`;
  const labelId = `${id}-terms-label`;
  const linkId = `${id}-terms-link`;
  return (
    <div className={`auth-form__wide auth-terms${error ? ' auth-terms--invalid' : ''}`}>
      <input
        type="checkbox"
        id={`${id}-terms`}
        checked={checked}
        required
        aria-labelledby={`${labelId} ${linkId}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <label htmlFor={`${id}-terms`} id={labelId}>
          {account.termsBefore}
        </label>{' '}
        <Link to="/termandcondition" target="_blank" rel="noopener">
          <span id={linkId}>{account.termsLink}</span>
          <span className="visually-hidden"> {footer.opensInNewTab}</span>
        </Link>
      </span>
      {error && (
        <p id={errorId} className="auth-field__error auth-terms__error">
          {error}
        </p>
      )}
    </div>
  );
}
