/**
 * /auth/google: where the browser comes back from Google sign-in, with `?code=...` (a one-time
 * code for our token) or `?error=...`. A login machine exchanges the code: 'Welcome {first name}!'
 * and the session is logged in, or 'Google login failed. Please try again.'. Either way the app
 * then goes back to the page the person started from (kept in session storage before leaving),
 * or '/', replacing this address so Back does not return to a used code.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../../app/usePageTitle';
import { useGoogleReturnActor } from '../../components/Auth/provider';
import { useMessages } from '../../i18n/messages';

export default function GoogleReturnPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.googleSignIn);
  const { search } = useLocation();
  // Its notices and where it goes afterwards are the provider's.
  const actor = useGoogleReturnActor();

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
