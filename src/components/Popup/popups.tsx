/**
 * Which popup is open. Login and Sign up are the session's panels (spec §4: showing one hides the
 * other; the session machine owns that, so a flow can open one too, e.g. login after sign-up);
 * Book Appointment is local: it stays mounted (its booking actor running) while the login popup it
 * asked for is open (or the Sign up reached from that login), and shows again when that one closes. That login opens on the mobile number
 * (a new patient's shortest way in, docs/mobile-sign-in.md); the header's opens on the email form.
 *
 * Popups are loaded lazily (their own chunks), so the home page does not pay for them; `preload`
 * fetches a chunk early when a pointer or focus gets near a button. Focus returns to the element
 * that opened the first popup once every popup is closed.
 *
 * The popups follow the browser's Back (./popupHistory.ts): each open layer has a history entry,
 * so Back closes the top one and a link to another page closes them all. The Book Appointment
 * popup keeps what was chosen and typed when it closes without paying, in memory only, for its
 * next opening in this tab by the same login (a logout forgets it: nothing personal outlives the
 * session).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { KeptBooking, PreviousBooking } from '../../../machines/booking/choices';
import { selectPanel, selectToken } from '../../../machines/session/selectors';
import { SessionContext, useAccountServices } from '../../app/account';
import { useSelectedLocation } from '../../app/location';
import { PopupContext, type PopupKind } from './popupContext';
import { usePopupHistory } from './popupHistory';

// The controls' context and hook are in ./popupContext.ts, which the popups loaded here import.
export { usePopup } from './popupContext';

const loadBookingPopup = () => import('../Booking/BookingPopup');
const BookingPopup = lazy(loadBookingPopup);
const loadLoginDialog = () => import('../Auth/loginViews');
const LoginDialog = lazy(() => loadLoginDialog().then((views) => ({ default: views.LoginDialog })));
const loadSignUpDialog = () => import('../Auth/SignUpDialog');
const SignUpDialog = lazy(loadSignUpDialog);
// Help from the footer and the profile menu: its machine and calls load on first use.
const loadHelpPopup = () => import('../Appointments/HelpPopup');
const HelpPopup = lazy(loadHelpPopup);

/** Start loading the Book Appointment popup's code (on hover or focus of a button that opens it). */
export function preloadPopup(): void {
  void loadBookingPopup();
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

type Session = ReturnType<typeof SessionContext.useActorRef>;

/**
 * What the Book Appointment popup held when it last closed, and the login it was made under: taken
 * by its next opening if made logged out or under the login in use then. A logout (or another
 * login) forgets the booking kept for the one before.
 */
function useKeptBooking(session: Session) {
  const kept = useRef<{ booking: KeptBooking; token: string | null } | null>(null);
  useEffect(() => {
    let token = selectToken(session.getSnapshot());
    const subscription = session.subscribe((snapshot) => {
      const nowToken = selectToken(snapshot);
      if (token !== null && nowToken !== token) kept.current = null;
      token = nowToken;
    });
    return () => subscription.unsubscribe();
  }, [session]);
  const takeKept = useCallback((): PreviousBooking | null => {
    const own = kept.current;
    kept.current = null;
    if (own === null) return null;
    return own.token === null || own.token === selectToken(session.getSnapshot()) ? own.booking : null;
  }, [session]);
  const keep = useCallback((booking: KeptBooking | null, token: string | null) => {
    kept.current = booking === null ? null : { booking, token };
  }, []);
  return { takeKept, keep };
}

export function PopupProvider({ children }: { children: ReactNode }) {
  const session = SessionContext.useActorRef();
  const services = useAccountServices();
  const panel = SessionContext.useSelector(selectPanel);
  // The Book Appointment popup, with what it opened with; a new object per opening.
  const [booking, setBooking] = useState<{ previous: PreviousBooking | null; soonest: boolean } | null>(null);
  const [help, setHelp] = useState(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const { location: headerLocation } = useSelectedLocation();
  const { takeKept, keep } = useKeptBooking(session);

  const current: PopupKind | null =
    panel === 'login' ? 'login' : panel === 'register' ? 'signup' : booking !== null ? 'booking' : help ? 'help' : null;
  // The layers open, each with its history entry: the booking or help, and a login or sign-up over it.
  const layers = (booking !== null || help ? 1 : 0) + (panel !== null ? 1 : 0);

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
    (kind: PopupKind, options?: { previous?: PreviousBooking | null; soonest?: boolean }) => {
      rememberFocus();
      if (kind === 'help') {
        setBooking(null);
        session.send({ type: 'session.closePanels' });
        setHelp(true);
        return;
      }
      setHelp(false);
      if (kind === 'booking') {
        session.send({ type: 'session.closePanels' });
        // Choices given with the opening (/paymentfail, a doctor's card) come first, then what
        // the popup held when it last closed; else the header's location picker preselects the clinic.
        const own = takeKept();
        const previous = options?.previous ?? own ?? (headerLocation !== '' ? { choices: { location: headerLocation } } : null);
        setBooking({ previous, soonest: options?.soonest === true });
        return;
      }
      // Going between Login and Sign up (each popup's link to the other) keeps the booking
      // beneath: that login is the booking's, and its answer takes the patient back to it.
      if (selectPanel(session.getSnapshot()) === null) setBooking(null);
      session.send({ type: kind === 'login' ? 'session.showLogin' : 'session.showRegister' });
    },
    [session, rememberFocus, headerLocation, takeKept],
  );

  const closeAll = useCallback(() => {
    setBooking(null);
    setHelp(false);
    session.send({ type: 'session.closePanels' });
  }, [session]);

  // The login popup the booking popup asked for closes back to it, not to the page.
  const closePanel = useCallback(() => session.send({ type: 'session.closePanels' }), [session]);

  // Back closes the top layer; a link to another page closes them all (focus goes to that page).
  const leaving = usePopupHistory(layers, (to, { leftPage }) => {
    if (leftPage) returnFocusTo.current = null;
    if (to > 0) closePanel();
    else closeAll();
  });

  const close = useCallback(
    (options?: { returnFocus?: boolean }) => {
      if (options?.returnFocus === false) {
        returnFocusTo.current = null;
        leaving();
      }
      closeAll();
    },
    [closeAll, leaving],
  );

  const preload = useCallback(
    (kind: PopupKind) => {
      if (kind === 'booking') {
        void loadBookingPopup();
        services.preload?.();
        return;
      }
      if (kind === 'help') {
        void loadHelpPopup();
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
          {booking !== null && <BookingPopup key={bookingKey(booking)} previous={booking.previous} soonest={booking.soonest} onClose={close} onKeep={keep} />}
          {current === 'login' && <LoginDialog onClose={booking !== null ? closePanel : () => close()} opening={booking !== null ? 'mobile' : 'email'} />}
          {current === 'signup' && <SignUpDialog onClose={booking !== null ? closePanel : () => close()} />}
          {current === 'help' && <HelpPopup onClose={() => close()} />}
        </Suspense>
      )}
    </PopupContext.Provider>
  );
}

const openings = new WeakMap<object, number>();
let openingCount = 0;
/** A key per opening, so that each opening starts a new booking actor. */
function bookingKey(opening: object): number {
  let key = openings.get(opening);
  if (key === undefined) {
    key = ++openingCount;
    openings.set(opening, key);
  }
  return key;
}
