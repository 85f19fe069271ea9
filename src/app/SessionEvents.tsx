/**
 * Tells the session what the browser knows: back online (check an unverified token again), and
 * the token removed by another tab (a logout there ends the session here too). The session's own
 * effects (toasts, going home) are provided actions (./account.tsx).
 */
import { useEffect } from 'react';
import { selectIsLoggedIn, selectIsSessionUnverified } from '../../machines/session/selectors';
import { SessionContext, tokenKey } from './account';

export function SessionEvents() {
  const session = SessionContext.useActorRef();

  useEffect(() => {
    function onOnline() {
      if (selectIsSessionUnverified(session.getSnapshot())) session.send({ type: 'session.retry' });
    }
    function onStorage(event: StorageEvent) {
      if (event.key !== tokenKey && event.key !== null) return;
      if (event.newValue === null && selectIsLoggedIn(session.getSnapshot())) session.send({ type: 'session.expired' });
    }
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
    };
  }, [session]);

  return null;
}
