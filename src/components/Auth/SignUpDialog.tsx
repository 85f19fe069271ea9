/**
 * The Sign up popup (spec §2 popups, §3 register payload, §5 "Register", §8): a view of one
 * registration machine per opening. The fields live here and go to the machine whole on submit;
 * the email and its code are the machine's `otp` child (OtpFields). Every message is the
 * machine's notice in the catalog's words. On success the login popup shows, with the email in it.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { selectIsRegistering, selectOtpRef, type RegistrationForm } from '../../../machines/registration/registrationMachine';
import { useMessages } from '../../i18n/messages';
import { Link } from '../Link/Link';
import { Dialog } from '../Popup/Dialog';
import { usePopup } from '../Popup/popupContext';
import { BusyButton, describedBy, TextField, useFieldErrors, type FieldKey } from './fields';
import { OtpFields } from './OtpFields';
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
  const { account, footer } = messages;
  const id = useId();
  const popup = usePopup();

  const [form, setForm] = useState<RegistrationForm>(emptyForm);
  const { errors, add, clear } = useFieldErrors();

  const actor = useRegistrationActor(useFormNotices(id, fieldOrder, add, errors));
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

  const genderErrorId = `${id}-gender-error`;
  const passwordHintId = `${id}-password-hint`;
  const termsErrorId = `${id}-terms-error`;
  const termsLabelId = `${id}-terms-label`;
  const termsLinkId = `${id}-terms-link`;

  return (
    <Dialog title={account.signUpTitle} onClose={onClose} describeBody={false} wide closeOnBackdrop={false}>
      <p className="auth-intro">{account.signUpIntro}</p>
      <form
        className="auth-form auth-form--grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'registration.submit', form });
        }}
      >
        <TextField {...text('firstName')} type="text" autoComplete="given-name" data-autofocus />
        <TextField {...text('lastName')} type="text" autoComplete="family-name" />
        <div className="auth-form__wide">
          <OtpFields
            idPrefix={id}
            otp={otp}
            email={form.email}
            onEmailChange={(email) => update('email', email)}
            errors={errors}
            add={add}
            clear={clear}
          />
        </div>
        <TextField {...text('age')} type="text" inputMode="numeric" maxLength={3} autoComplete="off" />
        <fieldset
          className={`auth-choice${errors.gender ? ' auth-choice--invalid' : ''}`}
          aria-describedby={describedBy(errors.gender && genderErrorId)}
        >
          <legend className="auth-field__label">{account.fields.gender}</legend>
          <div className="auth-choice__options">
            {(['male', 'female'] as const).map((gender, index) => (
              <label key={gender} className="auth-choice__option">
                <input
                  type="radio"
                  name={`${id}-gender`}
                  id={index === 0 ? `${id}-gender` : undefined}
                  value={gender}
                  checked={form.gender === gender}
                  required
                  aria-invalid={errors.gender ? true : undefined}
                  aria-describedby={describedBy(errors.gender && genderErrorId)}
                  onChange={() => update('gender', gender)}
                />
                {account.fields[gender]}
              </label>
            ))}
          </div>
          {errors.gender && (
            <p id={genderErrorId} className="auth-field__error">
              {errors.gender}
            </p>
          )}
        </fieldset>
        <div className="auth-form__wide">
          <TextField
            {...text('phoneNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            hint={account.phoneHint}
          />
        </div>
        {/* The hint under the input, so the two password inputs line up side by side. */}
        <TextField
          {...text('password')}
          type="password"
          autoComplete="new-password"
          describedByHint={passwordHintId}
          note={
            <p id={passwordHintId} className="auth-field__hint">
              {account.passwordHint}
            </p>
          }
        />
        <TextField {...text('confirmPassword')} type="password" autoComplete="new-password" />
        <div className={`auth-form__wide auth-terms${errors.terms ? ' auth-terms--invalid' : ''}`}>
          <input
            type="checkbox"
            id={`${id}-terms`}
            checked={form.termsAccepted}
            required
            aria-labelledby={`${termsLabelId} ${termsLinkId}`}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={describedBy(errors.terms && termsErrorId)}
            onChange={(event) => update('termsAccepted', event.target.checked)}
          />
          <span>
            <label htmlFor={`${id}-terms`} id={termsLabelId}>
              {account.termsBefore}
            </label>{' '}
            <Link to="/termandcondition" target="_blank" rel="noopener">
              <span id={termsLinkId}>{account.termsLink}</span>
              <span className="visually-hidden"> {footer.opensInNewTab}</span>
            </Link>
          </span>
          {errors.terms && (
            <p id={termsErrorId} className="auth-field__error auth-terms__error">
              {errors.terms}
            </p>
          )}
        </div>
        <div className="auth-form__wide">
          <BusyButton
            type="submit"
            busy={busy}
            label={account.signUpSubmit}
            busyLabel={account.signingUp}
            className="button button--primary auth-form__submit"
          />
        </div>
      </form>
      <p className="auth-switch">
        {account.haveAccount}{' '}
        <button type="button" className="auth-link-button" onClick={() => popup.open('login')}>
          {account.switchToLogin}
        </button>
      </p>
    </Dialog>
  );
}
