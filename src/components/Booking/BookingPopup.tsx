/**
 * The Book Appointment popup (spec §2, §4 booking flow, §5 "Booking"): the form over the booking
 * actor that ./provider.ts makes (the real calls, toasts, the login popup through the session, the
 * way to /payment). A lazy chunk of its own, with framer-motion.
 *
 * The actor lives as long as this component: while the login popup it asked for is open, the
 * component stays mounted and only hides its dialog, so the choices are kept; the session answers
 * the booking itself (`login.succeeded`, `login.cancelled`). When it closes without paying, what
 * was chosen and typed goes to `onKeep` for the next opening (src/components/Popup/popups.tsx).
 */
import { useEffect, useRef } from 'react';
import { SessionContext, useAccountServices } from '../../app/account';
import { useSelector } from '@xstate/react';
import { selectChoicesMade, selectIsBusy } from '../../../machines/booking/bookingMachine';
import { selectPanel, selectToken } from '../../../machines/session/selectors';
import type { KeptBooking, PreviousBooking } from '../../../machines/booking/choices';
import { useMessages } from '../../i18n/messages';
import { Dialog } from '../../ui/Dialog';
import { BookingForm, focusNextDetail } from './BookingForm';
import { useBookingActor } from './provider';
import { preloadSignInOptions } from '../Auth/signInOptions';
import './Booking.css';

export interface BookingPopupProps {
  readonly previous: PreviousBooking | null;
  /** Opens on the soonest online doctors (the home page's "Consult online now"). */
  readonly soonest?: boolean;
  readonly onClose: (options?: { returnFocus?: boolean }) => void;
  /** Given, as the popup closes, what it held (null once it went to pay) and the login it was made under. */
  readonly onKeep?: (kept: KeptBooking | null, token: string | null) => void;
}

export default function BookingPopup({ previous, soonest = false, onClose, onKeep }: BookingPopupProps) {
  const messages = useMessages();
  const actor = useBookingActor({ previous, onClose, onKeep });
  const panel = SessionContext.useSelector(selectPanel);
  const token = SessionContext.useSelector(selectToken);
  const form = useRef<HTMLFormElement>(null);
  const accountServices = useAccountServices();
  // Logged out, Book will ask for a sign-in that opens on the mobile number once the server says it
  // can text a code: asked now, so that popup opens at once.
  useEffect(() => {
    if (token === null) preloadSignInOptions(accountServices);
  }, [token, accountServices]);

  // Shown again with every choice made (after the login Book asked for, or back from a failed
  // payment), the popup's next step is the details at its bottom, not Location at its top (on a
  // phone a screen's scroll away): the focus moves there, once the popup is no longer busy (after
  // a login, Book goes on by itself, or stops at a detail the account lacks). This runs after the
  // dialog's own first focus, as a parent's effects run after its children's.
  const busy = useSelector(actor, selectIsBusy);
  const focusPending = useRef(true);
  useEffect(() => {
    if (panel !== null) focusPending.current = true;
  }, [panel]);
  useEffect(() => {
    if (panel !== null || busy || !focusPending.current) return;
    focusPending.current = false;
    if (selectChoicesMade(actor.getSnapshot())) focusNextDetail(actor, form.current);
  }, [panel, busy, actor]);

  // While the login (or sign-up) popup is open, this one waits out of sight.
  if (panel !== null) return null;

  return (
    <Dialog title={messages.popup.bookingTitle} onClose={() => onClose()} describeBody={false} wide closeOnBackdrop={false}>
      <BookingForm actor={actor} token={token} formRef={form} soonest={soonest} />
    </Dialog>
  );
}
