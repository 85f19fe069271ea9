/**
 * The Login popup (spec §2 popups, §1 "manual or Google", §8): a view of one login machine per
 * opening. Email and password, 'Login'; 'Continue with Google'; links to reset the password and
 * to sign up instead. On success the machine says 'Welcome {first name}!' and hands the token and
 * user to the session, which closes the popup. Where the clinic can text a code (GET
 * /auth/sign-in-options), "Continue with mobile number" opens the mobile path in its place
 * (./MobileSignIn.tsx), with Google and the way back to the email form under it.
 *
 * `opening: 'mobile'` (the login the booking's Book asks for): the popup opens on the mobile path,
 * once the server said it can text a code (until then a short wait; without a mobile path, the
 * email form as always).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { selectIsLoggingIn, selectMobileRef, type LoginOpening } from '../../../machines/login/loginMachine';
import { useMessages } from '../../i18n/messages';
import { Link } from '../Link/Link';
import { Dialog } from '../../ui/Dialog';
import { usePopup } from '../Popup/popupContext';
import { BusyButton, useFieldErrors, type FieldErrors, type FieldKey } from './fields';
import { TextField } from '../../ui/Field';
import { OrContinueWithGoogle } from './GoogleWay';
import { forgetLoginEmail, suggestedLoginEmail } from './loginHint';
import { MobileSignIn } from './MobileSignIn';
import { useSignInOptions, type MobileChannels } from './signInOptions';
import { useLoginActor } from './provider';
import { useFormNotices } from './useFormNotices';
import './Auth.css';

const fieldOrder: readonly FieldKey[] = ['email', 'password', 'phoneNumber', 'otp'];

export default function LoginDialog({ onClose, opening = 'email' }: { onClose: () => void; opening?: LoginOpening }) {
  const { account, mobile } = useMessages();
  const { channels, answered } = useSignInOptions();
  if (opening === 'mobile' && !answered) {
    return (
      <Dialog title={account.loginTitle} onClose={onClose} describeBody={false}>
        <p role="status">{mobile.loadingWays}</p>
      </Dialog>
    );
  }
  return <LoginForms onClose={onClose} channels={channels} opening={opening === 'mobile' && channels ? 'mobile' : 'email'} />;
}

/** The popup's body: the login actor, opened on `opening`, and the email or mobile view of it. */
function LoginForms({ onClose, channels, opening }: { onClose: () => void; channels: MobileChannels; opening: LoginOpening }) {
  const { account, mobile: mobileTexts } = useMessages();
  const id = useId();
  const popup = usePopup();
  // Read once, as the form first shows: the suggestion is then forgotten.
  const [suggested] = useState(suggestedLoginEmail);
  const { errors, add, clear } = useFieldErrors();
  useEffect(() => forgetLoginEmail(), []);

  const actor = useLoginActor(useFormNotices(id, fieldOrder, add, errors), opening);
  const onMobile = useSelector(actor, (s) => s.matches('Mobile'));
  const mobile = useSelector(actor, selectMobileRef);

  return (
    <Dialog title={onMobile && channels ? mobileTexts.heading : account.loginTitle} onClose={onClose} describeBody={false}>
      {onMobile && channels ? (
        <MobileSignIn
          idPrefix={id}
          mobile={mobile}
          channels={channels}
          errors={errors}
          clear={clear}
          onGoogle={() => actor.send({ type: 'google.start' })}
          onCancel={() => {
            clear('phoneNumber', 'otp');
            actor.send({ type: 'mobile.cancel' });
          }}
        />
      ) : (
        <>
          <EmailLogin actor={actor} idPrefix={id} suggested={suggested} errors={errors} clear={clear} onForgot={() => popup.close({ returnFocus: false })} />
          <OtherWays
            channels={channels}
            onGoogle={() => actor.send({ type: 'google.start' })}
            onMobile={() => actor.send({ type: 'mobile.start' })}
            onSignUp={() => popup.open('signup')}
          />
        </>
      )}
    </Dialog>
  );
}

interface EmailLoginProps {
  readonly actor: ReturnType<typeof useLoginActor>;
  readonly idPrefix: string;
  /** The address a sign-up or reset just used ('' if none): typed in already, the focus on the password. */
  readonly suggested: string;
  readonly errors: FieldErrors;
  readonly clear: (...fields: FieldKey[]) => void;
  readonly onForgot: () => void;
}

/** The email and password, 'Login', and the way to reset the password. */
function EmailLogin({ actor, idPrefix: id, suggested, errors, clear, onForgot }: EmailLoginProps) {
  const { account } = useMessages();
  const [email, setEmail] = useState(suggested);
  const [password, setPassword] = useState('');
  const busy = useSelector(actor, selectIsLoggingIn);
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'login.submit', email, password });
      }}
    >
      <TextField
        look="auth"
        id={`${id}-email`}
        label={account.fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        data-autofocus={email === '' || undefined}
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          clear('email');
        }}
      />
      <TextField
        look="auth"
        id={`${id}-password`}
        label={account.fields.password}
        type="password"
        autoComplete="current-password"
        required
        data-autofocus={email !== '' || undefined}
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          clear('password');
        }}
      />
      <p className="auth-form__aside">
        <Link to="/forgotpassword" onClick={onForgot}>
          {account.forgotPassword}
        </Link>
      </p>
      <BusyButton type="submit" busy={busy} label={account.loginSubmit} busyLabel={account.loggingIn} className="button button--primary auth-form__submit" />
    </form>
  );
}

/** Below the form: Google, the mobile number where the clinic can text a code, and the way to the Sign up popup. */
function OtherWays({
  channels,
  onGoogle,
  onMobile,
  onSignUp,
}: {
  channels: MobileChannels;
  onGoogle: () => void;
  onMobile: () => void;
  onSignUp: () => void;
}) {
  const { account, mobile } = useMessages();
  return (
    <>
      <OrContinueWithGoogle onGoogle={onGoogle} />
      {channels && (
        <button type="button" className="button button--outline auth-mobile-start" onClick={onMobile}>
          {mobile.continueWithMobile}
        </button>
      )}
      <p className="auth-switch">
        {account.noAccount}{' '}
        <button type="button" className="auth-link-button" onClick={onSignUp}>
          {account.switchToSignUp}
        </button>
      </p>
    </>
  );
}
