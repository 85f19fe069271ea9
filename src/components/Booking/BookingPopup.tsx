/**
 * The Book Appointment popup (spec §2, §4 booking flow, §5 "Booking"): the booking machine with
 * the app's calls, its emitted events carried out (toasts, the login popup through the session,
 * the way to /payment), and the form. A lazy chunk of its own, with framer-motion.
 *
 * The actor lives as long as this component: while the login popup it asked for is open, the
 * component stays mounted and only hides its dialog, so the choices are kept; the session
 * logging in sends `booking.loggedIn`, the login popup closing without a login `booking.loginCancelled`.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  bookingMachine,
  selectIsAwaitingLogin,
  type BookingNotice,
} from '../../../machines/booking/bookingMachine';
import { clinicToday, type BookingUser, type PreviousBooking } from '../../../machines/booking/choices';
import { selectIsLoggedIn, selectPanel, selectToken, selectUser } from '../../../machines/session/sessionMachine';
import { SessionContext } from '../../app/account';
import { storeKeptBooking, useBookingServices } from '../../app/useBookingServices';
import { messages } from '../../i18n/messages';
import { Dialog } from '../Popup/Dialog';
import { toast } from '../Toast/toast';
import { BookingForm, formatRupees } from './BookingForm';
import './Booking.css';

export function bookingNoticeText(notice: BookingNotice): string {
  const { spec, booking } = messages;
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'missingChoices':
      return spec.selectAllRequired;
    case 'slotTaken':
      return spec.slotBooked;
    case 'somethingWentWrong':
      return spec.somethingWentWrong;
    case 'feeUnknown':
      return booking.feeUnknown;
    case 'feeChanged':
      return booking.feeChanged(formatRupees(notice.fee));
  }
}

export interface BookingPopupProps {
  readonly previous: PreviousBooking | null;
  readonly onClose: (options?: { returnFocus?: boolean }) => void;
}

export default function BookingPopup({ previous, onClose }: BookingPopupProps) {
  const services = useBookingServices();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const [logic] = useState(() => bookingMachine.provide({ actors: services.actors }));
  const [input] = useState(() => {
    const snapshot = session.getSnapshot();
    const user = selectUser(snapshot);
    return { today: clinicToday(), token: selectToken(snapshot), user: user as BookingUser | null, previous };
  });
  const actor = useActorRef(logic, { input });
  const panel = SessionContext.useSelector(selectPanel);
  const latest = useRef({ onClose, navigate });
  latest.current = { onClose, navigate };

  // What the machine asks of the page.
  useEffect(() => {
    let shown: { id: number; error: boolean } | null = null;
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) => {
        if (shown) toast.dismiss(shown.id);
        const text = bookingNoticeText(notice);
        shown = { id: tone === 'success' ? toast.info(text) : toast.error(text), error: tone !== 'success' };
      }),
      actor.on('login.required', ({ expired }) => {
        if (expired) session.send({ type: 'session.expired' });
        session.send({ type: 'session.showLogin' });
      }),
      actor.on('redirect', ({ url, kept }) => {
        storeKeptBooking(kept);
        latest.current.onClose({ returnFocus: false });
        // '/#/payment?payUrl=…': through the hash router.
        latest.current.navigate(url.startsWith('/#') ? url.slice(2) : url);
      }),
    ];
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      if (shown?.error) toast.dismiss(shown.id);
    };
  }, [actor, session]);

  // The session logging in (and its user filled in once fetched: the login answer names only
  // the person, the full user brings phone, age and gender), the login popup closing without a
  // login, the session ending.
  useEffect(() => {
    const first = session.getSnapshot();
    let wasLoggedIn = selectIsLoggedIn(first);
    let lastToken = selectToken(first);
    let lastUser = selectUser(first);
    let hadPanel = selectPanel(first) !== null;
    const subscription = session.subscribe((snapshot) => {
      const loggedIn = selectIsLoggedIn(snapshot);
      const token = selectToken(snapshot);
      const user = selectUser(snapshot);
      const hasPanel = selectPanel(snapshot) !== null;
      if (loggedIn && token !== null && user !== null && (token !== lastToken || user !== lastUser)) {
        actor.send({ type: 'booking.loggedIn', token, user: user as BookingUser });
      } else if (!loggedIn && wasLoggedIn) {
        actor.send({ type: 'booking.loggedOut' });
      } else if (hadPanel && !hasPanel && !loggedIn && selectIsAwaitingLogin(actor.getSnapshot())) {
        actor.send({ type: 'booking.loginCancelled' });
      }
      wasLoggedIn = loggedIn;
      lastToken = token;
      lastUser = user;
      hadPanel = hasPanel;
    });
    return () => subscription.unsubscribe();
  }, [actor, session]);

  // While the login (or sign-up) popup is open, this one waits out of sight.
  if (panel !== null) return null;

  return (
    <Dialog title={messages.popup.bookingTitle} onClose={() => onClose()} describeBody={false} wide closeOnBackdrop={false}>
      <BookingForm actor={actor} />
    </Dialog>
  );
}
