/**
 * The password reset's provider (see ./provider.ts): the forgot-password machine with its call and
 * the email-code child's, and its effects: `notify`, the form's notices; `goHome` / `openLogin`,
 * where success leads (the session ended when the reset address was the user's own, home when
 * logged in, the login popup otherwise).
 */
import { useNavigate } from 'react-router-dom';
import { forgotPasswordMachine } from '../../../machines/forgotPassword/forgotPasswordMachine';
import { otpMachine } from '../../../machines/otp/otpMachine';
import { selectIsLoggedIn, selectUser } from '../../../machines/session/selectors';
import { SessionContext, useAccountServices, type AccountServices } from '../../app/account';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { suggestLoginEmail } from './loginHint';
import type { Session } from './provider';
import type { FormNotify } from './useFormNotices';

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

/** The password reset's actor (`loggedIn`: the session's, when the form starts). */
export function useForgotPasswordActor(notify: FormNotify, loggedIn: boolean) {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  return useProvidedActor(
    (latest) =>
      provideForgotPassword(services, session, {
        notify: (event) => latest.current.notify(event),
        navigate: (to) => latest.current.navigate(to),
      }),
    { input: { loggedIn }, inspect },
    { notify, navigate },
  );
}
