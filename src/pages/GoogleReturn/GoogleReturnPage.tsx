/**
 * /auth/google: where the browser comes back from Google sign-in, with `?code=...` (a one-time
 * code for our token) or `?error=...`. A login machine exchanges the code: 'Welcome {first name}!'
 * and the session is logged in, or 'Google login failed. Please try again.'. Either way the app
 * then goes back to the page the person started from (kept in session storage before leaving),
 * or '/', replacing this address so Back does not return to a used code.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginMachine } from '../../../machines/login/loginMachine';
import { SessionContext, useAccountServices } from '../../app/account';
import { takeGoogleReturn } from '../../app/googleReturn';
import { usePageTitle } from '../../app/usePageTitle';
import { showNotice } from '../../components/Auth/notices';
import { useMessages } from '../../i18n/messages';

export default function GoogleReturnPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.googleSignIn);
  const services = useAccountServices();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const { search } = useLocation();

  const logic = useMemo(
    () =>
      loginMachine.provide({
        actors: { login: services.actors.login, exchangeGoogleCode: services.actors.exchangeGoogleCode },
      }),
    [services],
  );
  const actor = useActorRef(logic);

  useEffect(() => {
    const leave = () => navigate(takeGoogleReturn(), { replace: true });
    const subscriptions = [
      actor.on('notice', (event) => {
        showNotice(event);
        if (event.notice.kind === 'googleFailed') leave();
      }),
      actor.on('loggedIn', ({ token, user }) => {
        session.send({ type: 'session.loggedIn', token, user });
        leave();
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, session, navigate]);

  // Sent once the actor is running for good: a timer that a remount (React's strict mode runs
  // effects twice in development) cancels, so the single-use code is exchanged only once.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const timer = setTimeout(() =>
      actor.send({ type: 'google.returned', code: params.get('code'), error: params.get('error') }),
    );
    return () => clearTimeout(timer);
    // The address is read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

  return (
    <div className="page container">
      <p role="status" className="route-loading">
        {messages.account.googleSigningIn}
      </p>
    </div>
  );
}
