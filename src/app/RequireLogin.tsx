/**
 * Pages for a logged-in user (/account, /myappointment, /myremedies). Logged out, the page asks
 * for login: it says so and opens the login popup once on arrival. The address stays the same, so
 * after logging in the person is back on the page they asked for. While a stored token is being
 * checked it waits; when the check got no answer it offers to try again.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useMessages } from '../i18n/messages';
import { usePopup } from '../components/Popup/popups';
import { SessionContext, useSession } from './account';
import { usePageTitle } from './usePageTitle';

export function RequireLogin({ title, children }: { title: string; children: ReactNode }) {
  const messages = useMessages();
  const { isLoggedIn, isChecking, isUnverified } = useSession();
  const session = SessionContext.useActorRef();
  const popup = usePopup();
  const asked = useRef(false);
  const wasLoggedIn = useRef(false);

  useEffect(() => {
    if (isLoggedIn) wasLoggedIn.current = true;
  }, [isLoggedIn]);

  // Once, on arrival: not after a logout on this page, nor after the person closed the popup.
  useEffect(() => {
    if (isChecking || isLoggedIn || isUnverified || asked.current || wasLoggedIn.current) return;
    asked.current = true;
    popup.open('login');
  }, [isChecking, isLoggedIn, isUnverified, popup]);

  if (isLoggedIn) return <>{children}</>;
  if (isChecking) {
    return (
      <p role="status" className="route-loading">
        {messages.account.checkingSession}
      </p>
    );
  }
  return (
    <LoginNeeded
      title={title}
      unverified={isUnverified}
      onLogin={() => popup.open('login')}
      onRetry={() => session.send({ type: 'session.retry' })}
    />
  );
}

function LoginNeeded({
  title,
  unverified,
  onLogin,
  onRetry,
}: {
  title: string;
  unverified: boolean;
  onLogin: () => void;
  onRetry: () => void;
}) {
  const messages = useMessages();
  usePageTitle(title);
  const { account } = messages;
  return (
    <div className="page container">
      <div className="prose">
        <h1>{title}</h1>
        {unverified && <p className="notice">{account.sessionUnverified}</p>}
        <p className="page__lead">{account.loginNeededBody}</p>
        <p className="login-needed__actions">
          <button type="button" className="button button--primary" onClick={onLogin}>
            {account.loginButton}
          </button>
          {unverified && (
            <button type="button" className="button button--outline" onClick={onRetry}>
              {account.tryAgain}
            </button>
          )}
        </p>
      </div>
    </div>
  );
}
