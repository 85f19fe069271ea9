/**
 * Which popup is open. Login and Sign up are the session's panels (spec §4: showing one hides the
 * other; the session machine owns that, so a flow can open one too, e.g. login after sign-up);
 * Book Appointment is local until the booking issue.
 *
 * Popups are loaded lazily (their own chunks), so the home page does not pay for them; `preload`
 * fetches a chunk early when a pointer or focus gets near a button. Focus returns to the element
 * that opened the first popup once every popup is closed.
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { selectPanel } from '../../../machines/session/sessionMachine';
import { SessionContext, useAccountServices } from '../../app/account';

export type PopupKind = 'login' | 'signup' | 'booking';

interface PopupControls {
  readonly open: (kind: PopupKind) => void;
  /** Closes every popup; `returnFocus: false` when the page changes anyway (a link in the popup). */
  readonly close: (options?: { returnFocus?: boolean }) => void;
  /** Starts loading a popup's code before it is asked for. */
  readonly preload: (kind: PopupKind) => void;
  readonly current: PopupKind | null;
}

const PopupContext = createContext<PopupControls | null>(null);

const loadSoonDialog = () => import('./SoonDialog');
const SoonDialog = lazy(loadSoonDialog);
const loadLoginDialog = () => import('../Auth/loginViews');
const LoginDialog = lazy(() => loadLoginDialog().then((views) => ({ default: views.LoginDialog })));
const loadSignUpDialog = () => import('../Auth/SignUpDialog');
const SignUpDialog = lazy(loadSignUpDialog);

/** Start loading the Book Appointment popup's code (on hover or focus of a button that opens it). */
export function preloadPopup(): void {
  void loadSoonDialog();
}

/** The element that the header marks as the way into the account (Login, or My Profile once logged in). */
export const accountButtonAttribute = 'data-account-button';

let accountFocusPending = false;

/**
 * Whether focus should go to the account button as soon as it shows (the popup that took focus
 * closed while My Profile was still loading); true once.
 */
export function takeAccountFocus(): boolean {
  const pending = accountFocusPending;
  accountFocusPending = false;
  return pending;
}

export function PopupProvider({ children }: { children: ReactNode }) {
  const session = SessionContext.useActorRef();
  const services = useAccountServices();
  const panel = SessionContext.useSelector(selectPanel);
  const [booking, setBooking] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const current: PopupKind | null = booking ? 'booking' : panel === 'login' ? 'login' : panel === 'register' ? 'signup' : null;

  const rememberFocus = useCallback(() => {
    if (returnFocusTo.current) return; // a popup is open already: keep where the first came from
    const active = document.activeElement;
    returnFocusTo.current = active instanceof HTMLElement ? active : null;
  }, []);

  // The session can open a panel by itself (login after sign-up, after a password reset, for a
  // page that needs login): note where focus was at that moment.
  useEffect(() => {
    let open = selectPanel(session.getSnapshot()) !== null;
    const subscription = session.subscribe((snapshot) => {
      const nowOpen = selectPanel(snapshot) !== null;
      if (nowOpen && !open) rememberFocus();
      open = nowOpen;
    });
    return () => subscription.unsubscribe();
  }, [session, rememberFocus]);

  const open = useCallback(
    (kind: PopupKind) => {
      rememberFocus();
      if (kind === 'booking') {
        session.send({ type: 'session.closePanels' });
        setBooking(true);
        return;
      }
      setBooking(false);
      session.send({ type: kind === 'login' ? 'session.showLogin' : 'session.showRegister' });
    },
    [session, rememberFocus],
  );

  const close = useCallback((options?: { returnFocus?: boolean }) => {
    if (options?.returnFocus === false) returnFocusTo.current = null;
    setBooking(false);
    session.send({ type: 'session.closePanels' });
  }, [session]);

  const preload = useCallback(
    (kind: PopupKind) => {
      if (kind === 'booking') {
        void loadSoonDialog();
        return;
      }
      void (kind === 'login' ? loadLoginDialog() : loadSignUpDialog());
      services.preload?.();
    },
    [services],
  );

  // Once every popup is gone from the page, give focus back where it came from; if that element
  // left the page (Login becomes My Profile after logging in), to the account button instead.
  useEffect(() => {
    if (current !== null) return;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (!target) return;
    if (target.isConnected) {
      target.focus();
      return;
    }
    const accountButton = document.querySelector<HTMLElement>(`[${accountButtonAttribute}]`);
    if (accountButton) accountButton.focus();
    else accountFocusPending = true;
  }, [current]);

  const controls = useMemo(() => ({ open, close, preload, current }), [open, close, preload, current]);

  return (
    <PopupContext.Provider value={controls}>
      {children}
      {current !== null && (
        <Suspense fallback={null}>
          {current === 'booking' && <SoonDialog kind="booking" onClose={() => close()} />}
          {current === 'login' && <LoginDialog onClose={() => close()} />}
          {current === 'signup' && <SignUpDialog onClose={() => close()} />}
        </Suspense>
      )}
    </PopupContext.Provider>
  );
}

export function usePopup(): PopupControls {
  const controls = useContext(PopupContext);
  if (!controls) throw new Error('usePopup needs a <PopupProvider> above it');
  return controls;
}
