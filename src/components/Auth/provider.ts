/**
 * The account area's providers: the login, registration and forgot-password machines with the real
 * calls (src/app/liveAccount.ts, or the fakes a test gives through <AccountProvider>) and their
 * effects as provided actions. This file has the login's (the popup and the Google return route);
 * ./signUpProvider.ts and ./resetProvider.ts the others', each apart so that every popup's chunk
 * carries only its own machine.
 * - `notify`: the form's notices (./useFormNotices.ts: a toast, the fields it names, the focus);
 *   the Google return route shows them as toasts and leaves after a failure;
 * - `announceLoggedIn` hands the token and user to the session (which closes the popup),
 *   `redirectToGoogle` leaves for the API's Google start address, to come back to this page.
 * The views (LoginDialog, SignUpDialog, ForgotPasswordPage, GoogleReturnPage) render the state and
 * send events; they hand their form's `notify` to the hook.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { loginMachine, type LoginOpening } from '../../../machines/login/loginMachine';
import type { sessionMachine } from '../../../machines/session/sessionMachine';
import { SessionContext, useAccountServices, type AccountServices } from '../../app/account';
import { takeGoogleReturn } from '../../app/googleReturn';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { provideMobileSignIn } from './mobileProvider';
import { showNotice } from './notices';
import type { FormNotify } from './useFormNotices';

/** The session actor the account effects reach. */
export type Session = ActorRefFrom<typeof sessionMachine>;

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
    actors: {
      login: services.actors.login,
      exchangeGoogleCode: services.actors.exchangeGoogleCode,
      mobileSignIn: provideMobileSignIn(services),
    },
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

/**
 * The login popup's actor: its notices go to the form (`notify`, from useFormNotices); it opens on
 * `opening` (the mobile number when the booking asked for the sign-in and the clinic can text).
 */
export function useLoginActor(notify: FormNotify, opening: LoginOpening = 'email') {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const location = useLocation();
  return useProvidedActor(
    (latest) =>
      provideLogin(services, session, {
        notify: (event) => latest.current.notify(event),
        redirectToGoogle: () => services.redirectToGoogle(latest.current.returnTo),
      }),
    { inspect, input: { opening } },
    { notify, returnTo: location.pathname + location.search },
  );
}

/**
 * The Google return route's actor: its notices are toasts; logged in or not, it then goes back
 * to the page the person started from (replacing this address, so Back does not reuse the code).
 */
export function useGoogleReturnActor() {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  return useProvidedActor(
    (latest) => {
      const leave = () => latest.current(takeGoogleReturn(), { replace: true });
      return provideLogin(services, session, {
        notify: (event) => {
          showNotice(event);
          if (event.notice.kind === 'googleFailed') leave();
        },
        loggedIn: leave,
        redirectToGoogle: () => services.redirectToGoogle('/'),
      });
    },
    { inspect, input: {} },
    navigate,
  );
}
