/**
 * /forgotpassword (spec §2, §4 "Forgot-password success", §5, §8), with our fix to the spec's open
 * call: the email is first proven with a code (the machine's `otp` child, OtpFields), then the new
 * password is chosen twice. 'Password reset successfully!', then '/' when logged in, else the
 * login popup opens.
 *
 * The server ends every session of the user on a reset. So when the logged-in user resets their
 * own password, the app sends `session.expired` (they are shown logged out at once, instead of at
 * their next call), goes to '/' and opens the login popup with their email in it: logging in again
 * with the new password is the next step. A logged-in user who reset another address they can
 * prove stays logged in and goes to '/'.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import {
  selectIsChoosingPassword,
  selectIsReset,
  selectIsResetting,
  selectOtpRef,
} from '../../../machines/forgotPassword/forgotPasswordMachine';
import { useSession } from '../../app/account';
import { usePageTitle } from '../../app/usePageTitle';
import { BusyButton, useFieldErrors, type FieldErrors, type FieldKey } from '../../components/Auth/fields';
import { TextField } from '../../ui/Field';
import { OtpFields } from '../../components/Auth/OtpFields';
import { useForgotPasswordActor } from '../../components/Auth/resetProvider';
import { useFormNotices } from '../../components/Auth/useFormNotices';
import { Link } from '../../components/Link/Link';
import { usePopup } from '../../components/Popup/popups';
import { useMessages } from '../../i18n/messages';
import '../../components/Auth/Auth.css';

const fieldOrder: readonly FieldKey[] = ['email', 'otp', 'password', 'confirmPassword'];

export default function ForgotPasswordPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.forgotPassword);
  const { isChecking } = useSession();
  const { account } = messages;
  return (
    <div className="page container">
      <div className="auth-card">
        <h1>{account.resetTitle}</h1>
        <p className="auth-intro">{account.resetIntro}</p>
        {isChecking ? (
          <p role="status" className="route-loading">
            {account.checkingSession}
          </p>
        ) : (
          // Started once the session is known: whether a user is logged in decides where success leads.
          <ResetForm />
        )}
      </div>
    </div>
  );
}

function ResetForm() {
  const messages = useMessages();
  const { account } = messages;
  const id = useId();
  const { isLoggedIn, user } = useSession();
  const popup = usePopup();

  // A logged-in user most likely resets their own password: start from their address.
  const [email, setEmail] = useState(() => user?.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, add, clear } = useFieldErrors();
  const newPasswordInput = useRef<HTMLInputElement>(null);

  // Where success leads (home, the login popup, the session ended) is the provider's.
  const actor = useForgotPasswordActor(useFormNotices(id, fieldOrder, add, errors), isLoggedIn);
  const otp = useSelector(actor, selectOtpRef);
  const choosing = useSelector(actor, selectIsChoosingPassword);
  const resetting = useSelector(actor, selectIsResetting);
  const done = useSelector(actor, selectIsReset);

  // The address is proven: the new password comes next.
  useEffect(() => {
    if (choosing) newPasswordInput.current?.focus();
  }, [choosing]);

  if (done) return <ResetDone isLoggedIn={isLoggedIn} onLogin={() => popup.open('login')} />;

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'forgotPassword.submit', password, confirmPassword });
      }}
    >
      <h2 className="auth-card__step">{account.resetStepEmail}</h2>
      <OtpFields
        idPrefix={id}
        otp={otp}
        email={email}
        onEmailChange={setEmail}
        errors={errors}
        add={add}
        clear={clear}
      />
      <h2 className="auth-card__step">{account.resetStepPassword}</h2>
      {choosing || resetting ? (
        <NewPasswordFields
          id={id}
          inputRef={newPasswordInput}
          password={password}
          confirmPassword={confirmPassword}
          errors={errors}
          resetting={resetting}
          onPassword={(value) => {
            setPassword(value);
            clear('password');
          }}
          onConfirmPassword={(value) => {
            setConfirmPassword(value);
            clear('confirmPassword');
          }}
        />
      ) : (
        <p className="auth-field__hint">{account.resetAfterProof}</p>
      )}
    </form>
  );
}

/** After the reset: the spec's words, then the login (when logged out) or home. */
function ResetDone({ isLoggedIn, onLogin }: { isLoggedIn: boolean; onLogin: () => void }) {
  const { account, spec } = useMessages();
  return (
    <div>
      <p className="auth-field__ok">{spec.passwordReset}</p>
      <p>{account.resetDone}</p>
      <p className="auth-card__actions">
        {!isLoggedIn && (
          <button type="button" className="button button--primary" onClick={onLogin}>
            {account.resetDoneLogin}
          </button>
        )}
        <Link to="/" className="button button--outline">
          {account.backHome}
        </Link>
      </p>
    </div>
  );
}

interface NewPasswordFieldsProps {
  readonly id: string;
  readonly inputRef: Ref<HTMLInputElement>;
  readonly password: string;
  readonly confirmPassword: string;
  readonly errors: FieldErrors;
  readonly resetting: boolean;
  readonly onPassword: (value: string) => void;
  readonly onConfirmPassword: (value: string) => void;
}

/** The new password twice, and the button that resets it (shown once the address is proven). */
function NewPasswordFields({ id, inputRef, password, confirmPassword, errors, resetting, onPassword, onConfirmPassword }: NewPasswordFieldsProps) {
  const { account } = useMessages();
  return (
    <>
      <TextField
        look="auth"
        id={`${id}-password`}
        inputRef={inputRef}
        label={account.fields.newPassword}
        hint={account.passwordHint}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => onPassword(event.target.value)}
      />
      <TextField
        look="auth"
        id={`${id}-confirmPassword`}
        label={account.fields.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onConfirmPassword(event.target.value)}
      />
      <BusyButton
        type="submit"
        busy={resetting}
        label={account.resetSubmit}
        busyLabel={account.resetting}
        className="button button--primary auth-form__submit"
      />
    </>
  );
}
