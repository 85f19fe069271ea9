/**
 * The account area's provider: the login, registration and forgot-password machines with the real
 * calls (src/app/liveAccount.ts, or the fakes a test gives through <AccountProvider>) and their
 * effects as provided actions:
 * - `notify`: the form's notices (./useFormNotices.ts: a toast, the fields it names, the focus);
 *   the Google return route shows them as toasts and leaves after a failure;
 * - login: `announceLoggedIn` hands the token and user to the session (which closes the popup),
 *   `redirectToGoogle` leaves for the API's Google start address, to come back to this page;
 * - registration: `announceRegistered` opens the login popup with the new address in it;
 * - forgot password: `goHome` / `openLogin` end the session when the reset address was the user's
 *   own (the server ended it), go home when logged in, and open the login popup otherwise.
 * The views (LoginDialog, SignUpDialog, ForgotPasswordPage, GoogleReturnPage) render the state and
 * send events; they hand their form's `notify` to the hook.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forgotPassword/forgotPasswordMachine';
import { loginMachine } from '../../../machines/login/loginMachine';
import { otpMachine } from '../../../machines/otp/otpMachine';
import { registrationMachine } from '../../../machines/registration/registrationMachine';
import { selectIsLoggedIn, selectUser, type sessionMachine } from '../../../machines/session/sessionMachine';
import { SessionContext, useAccountServices, type AccountServices } from '../../app/account';
import { takeGoogleReturn } from '../../app/googleReturn';
import { inspect } from '../../app/inspect';
import { useLatest } from '../../app/useLatest';
import { suggestLoginEmail } from './loginHint';
import { showNotice } from './notices';
import type { FormNotify } from './useFormNotices';

type Session = ActorRefFrom<typeof sessionMachine>;

/** What the login machine's effects reach outside it. */
export interface LoginPage {
  readonly notify: FormNotify;
  /** Logged in: the session already has the token and user. */
  readonly loggedIn?: () => void;
  /** "Continue with Google": the browser leaves for the API's start address. */
  readonly redirectToGoogle: () => void;
}

export function provideLogin(services: AccountServices, session: Session, page: LoginPage) {
  return loginMachine.provide({
    actors: { login: services.actors.login, exchangeGoogleCode: services.actors.exchangeGoogleCode },
    actions: {
      notify: (_, event) => page.notify(event),
      announceLoggedIn: (_, { answer }) => {
        session.send({ type: 'session.loggedIn', token: answer.token, user: answer.user });
        page.loggedIn?.();
      },
      redirectToGoogle: () => page.redirectToGoogle(),
    },
  });
}

export function provideRegistration(services: AccountServices, session: Session, notify: FormNotify) {
  const { register, sendOtp, validateOtp } = services.actors;
  return registrationMachine.provide({
    actors: { register, otp: otpMachine.provide({ actors: { sendOtp, validateOtp } }) },
    actions: {
      notify: (_, event) => notify(event),
      // Registering does not log in: the login popup takes the sign-up popup's place.
      announceRegistered: (_, { user }) => {
        suggestLoginEmail(user.email);
        session.send({ type: 'session.showLogin' });
      },
    },
  });
}

/** What the forgot-password machine's effects reach outside it. */
export interface ForgotPasswordPage {
  readonly notify: FormNotify;
  readonly navigate: (to: string) => void;
}

export function provideForgotPassword(services: AccountServices, session: Session, page: ForgotPasswordPage) {
  const { resetPassword, sendOtp, validateOtp } = services.actors;
  // Where the machine asks to go after the reset (to the address it proved), with the session as it is now.
  function afterReset(provenEmail: string) {
    suggestLoginEmail(provenEmail);
    const current = session.getSnapshot();
    const loggedIn = selectIsLoggedIn(current);
    const ownAddress = loggedIn && sameAddress(selectUser(current)?.email, provenEmail);
    if (ownAddress) session.send({ type: 'session.expired' });
    if (loggedIn) page.navigate('/');
    if (!loggedIn || ownAddress) session.send({ type: 'session.showLogin' });
  }
  return forgotPasswordMachine.provide({
    actors: { resetPassword, otp: otpMachine.provide({ actors: { sendOtp, validateOtp } }) },
    actions: {
      notify: (_, event) => page.notify(event),
      goHome: ({ context }) => afterReset(context.provenEmail ?? ''),
      openLogin: ({ context }) => afterReset(context.provenEmail ?? ''),
    },
  });
}

function sameAddress(a: string | null | undefined, b: string): boolean {
  return !!a && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The login popup's actor: its notices go to the form (`notify`, from useFormNotices). */
export function useLoginActor(notify: FormNotify) {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const location = useLocation();
  const latest = useLatest({ notify, returnTo: location.pathname + location.search });
  const [logic] = useState(() =>
    provideLogin(services, session, {
      notify: (event) => latest.current.notify(event),
      redirectToGoogle: () => services.redirectToGoogle(latest.current.returnTo),
    }),
  );
  return useActorRef(logic, { inspect });
}

/**
 * The Google return route's actor: its notices are toasts; logged in or not, it then goes back
 * to the page the person started from (replacing this address, so Back does not reuse the code).
 */
export function useGoogleReturnActor() {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const latest = useLatest(navigate);
  const [logic] = useState(() => {
    const leave = () => latest.current(takeGoogleReturn(), { replace: true });
    return provideLogin(services, session, {
      notify: (event) => {
        showNotice(event);
        if (event.notice.kind === 'googleFailed') leave();
      },
      loggedIn: leave,
      redirectToGoogle: () => services.redirectToGoogle('/'),
    });
  });
  return useActorRef(logic, { inspect });
}

/** The sign-up popup's actor: its notices go to the form (`notify`, from useFormNotices). */
export function useRegistrationActor(notify: FormNotify) {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const latest = useLatest(notify);
  const [logic] = useState(() => provideRegistration(services, session, (event) => latest.current(event)));
  return useActorRef(logic, { inspect });
}

/** The password reset's actor (`loggedIn`: the session's, when the form starts). */
export function useForgotPasswordActor(notify: FormNotify, loggedIn: boolean) {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const latest = useLatest({ notify, navigate });
  const [logic] = useState(() =>
    provideForgotPassword(services, session, {
      notify: (event) => latest.current.notify(event),
      navigate: (to) => latest.current.navigate(to),
    }),
  );
  return useActorRef(logic, { input: { loggedIn }, inspect });
}
