/**
 * Sign-up's provider (see ./provider.ts): the registration machine with its calls and the email-code
 * and mobile children's, and its effects: `notify`, the form's notices; `announceLoggedIn`, the
 * session takes the new token and user (it closes the popup); `announceRegistered` (an answer
 * without a token, from an older server), the login popup takes the sign-up popup's place, with
 * the new address in it.
 */
import { otpMachine } from '../../../machines/otp/otpMachine';
import { registrationMachine } from '../../../machines/registration/registrationMachine';
import { SessionContext, useAccountServices, type AccountServices } from '../../app/account';
import { inspect } from '../../app/inspect';
import { useProvidedActor } from '../../app/useProvidedActor';
import { suggestLoginEmail } from './loginHint';
import { provideMobileSignIn } from './mobileProvider';
import type { Session } from './provider';
import type { FormNotify } from './useFormNotices';

export function provideRegistration(services: AccountServices, session: Session, notify: FormNotify) {
  const { register, sendOtp, validateOtp } = services.actors;
  return registrationMachine.provide({
    actors: { register, otp: otpMachine.provide({ actors: { sendOtp, validateOtp } }), mobileSignIn: provideMobileSignIn(services) },
    actions: {
      notify: (_, event) => notify(event),
      // Signed in by the register answer's token (or the mobile code): no second login.
      announceLoggedIn: (_, { answer }) => session.send({ type: 'session.loggedIn', token: answer.token, user: answer.user }),
      // No token (an older server): the login popup takes the sign-up popup's place.
      announceRegistered: (_, { user }) => {
        suggestLoginEmail(user.email ?? '');
        session.send({ type: 'session.showLogin' });
      },
    },
  });
}

/** The sign-up popup's actor: its notices go to the form (`notify`, from useFormNotices). */
export function useRegistrationActor(notify: FormNotify) {
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  return useProvidedActor((latest) => provideRegistration(services, session, (event) => latest.current(event)), { inspect }, notify);
}
