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
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  forgotPasswordMachine,
  selectIsChoosingPassword,
  selectIsReset,
  selectIsResetting,
  selectOtpRef,
} from '../../../machines/forgotPassword/forgotPasswordMachine';
import { otpMachine } from '../../../machines/otp/otpMachine';
import { selectIsLoggedIn, selectUser } from '../../../machines/session/sessionMachine';
import { SessionContext, useAccountServices, useSession } from '../../app/account';
import { usePageTitle } from '../../app/usePageTitle';
import { BusyButton, TextField, useFieldErrors, type FieldKey } from '../../components/Auth/fields';
import { suggestLoginEmail } from '../../components/Auth/loginHint';
import { OtpFields } from '../../components/Auth/OtpFields';
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
  const { account, spec } = messages;
  const id = useId();
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const { isLoggedIn, user } = useSession();
  const navigate = useNavigate();
  const popup = usePopup();

  const logic = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          resetPassword: services.actors.resetPassword,
          otp: otpMachine.provide({
            actors: { sendOtp: services.actors.sendOtp, validateOtp: services.actors.validateOtp },
          }),
        },
      }),
    [services],
  );
  const actor = useActorRef(logic, { input: { loggedIn: isLoggedIn } });
  const otp = useSelector(actor, selectOtpRef);
  const choosing = useSelector(actor, selectIsChoosingPassword);
  const resetting = useSelector(actor, selectIsResetting);
  const done = useSelector(actor, selectIsReset);

  // A logged-in user most likely resets their own password: start from their address.
  const [email, setEmail] = useState(() => user?.email ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, add, clear } = useFieldErrors();
  const newPasswordInput = useRef<HTMLInputElement>(null);

  useFormNotices(actor, id, fieldOrder, add, errors);

  useEffect(() => {
    // What the machine asks for after the reset, with the session as it is now.
    function afterReset() {
      const provenEmail = actor.getSnapshot().context.provenEmail ?? '';
      suggestLoginEmail(provenEmail);
      const current = session.getSnapshot();
      const loggedIn = selectIsLoggedIn(current);
      const ownAddress = loggedIn && sameAddress(selectUser(current)?.email, provenEmail);
      if (ownAddress) session.send({ type: 'session.expired' });
      if (loggedIn) navigate('/');
      if (!loggedIn || ownAddress) session.send({ type: 'session.showLogin' });
    }
    const subscriptions = [actor.on('navigate', afterReset), actor.on('openLogin', afterReset)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, session, navigate]);

  // The address is proven: the new password comes next.
  useEffect(() => {
    if (choosing) newPasswordInput.current?.focus();
  }, [choosing]);

  if (done) {
    return (
      <div>
        <p className="auth-field__ok">{spec.passwordReset}</p>
        <p>{account.resetDone}</p>
        <p className="auth-card__actions">
          {!isLoggedIn && (
            <button type="button" className="button button--primary" onClick={() => popup.open('login')}>
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
        <>
          <TextField
            id={`${id}-password`}
            inputRef={newPasswordInput}
            label={account.fields.newPassword}
            hint={account.passwordHint}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
          />
          <TextField
            id={`${id}-confirmPassword`}
            label={account.fields.confirmNewPassword}
            type="password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              clear('confirmPassword');
            }}
          />
          <BusyButton
            type="submit"
            busy={resetting}
            label={account.resetSubmit}
            busyLabel={account.resetting}
            className="button button--primary auth-form__submit"
          />
        </>
      ) : (
        <p className="auth-field__hint">{account.resetAfterProof}</p>
      )}
    </form>
  );
}

function sameAddress(a: string | null | undefined, b: string): boolean {
  return !!a && a.trim().toLowerCase() === b.trim().toLowerCase();
}
