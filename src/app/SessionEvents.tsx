/**
 * Carries out what the session actor asks of the page (its emitted events): a notice becomes a
 * toast with the catalog's words, `navigate` moves the router. It also tells the session what the
 * browser knows: back online (check an unverified token again), and the token removed by another
 * tab (a logout there ends the session here too).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectIsLoggedIn, selectIsSessionUnverified, type SessionNotice } from '../../machines/session/sessionMachine';
import { toast } from '../components/Toast/toast';
import { messages } from '../i18n/shell';
import { SessionContext, tokenKey } from './account';

/** The session's own notices in the catalog's words (the account forms map theirs in their chunks). */
const sessionNoticeText = (notice: SessionNotice): string =>
  notice.kind === 'loggedOut' ? messages.spec.logoutSuccess : messages.spec.somethingWentWrong;

export function SessionEvents() {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();

  useEffect(() => {
    const subscriptions = [
      session.on('notice', ({ tone, notice }) =>
        tone === 'success' ? toast.info(sessionNoticeText(notice)) : toast.error(sessionNoticeText(notice)),
      ),
      session.on('navigate', (event) => navigate(event.to)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [session, navigate]);

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
