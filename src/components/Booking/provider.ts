/**
 * Booking's provider: the booking machine with the real services (src/app/liveBooking.ts, or the
 * fakes a test gives through BookingServicesProvider) and its effects as provided actions:
 * - `notify`: a toast in the catalog's words (one at a time; an error still shown goes with the popup);
 * - `askForLogin`: the session's login popup, with this actor as `replyTo`, so the session itself
 *   answers `login.succeeded` or `login.cancelled` (machines/session/sessionMachine.ts);
 * - `redirect`: keeps the choices for /paymentfail, closes the popup and goes to /payment;
 * - `booked` (the fee due at the clinic, no checkout): 'Appointment booked successfully.' and the popup closes.
 * The popup's view (./BookingPopup.tsx) only renders the state and sends events.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { bookingMachine, selectBookingToken, selectKeptBooking, type BookingNotice } from '../../../machines/booking/bookingMachine';
import { selectIsAwaitingLogin } from '../../../machines/booking/selectors';
import { clinicToday } from '../../../contract/clinicTime';
import type { BookingUser, KeptBooking, PreviousBooking } from '../../../machines/booking/choices';
import { slotPickerMachine } from '../../../machines/slotPicker/slotPickerMachine';
import { availabilityMachine } from '../../../machines/availability/availabilityMachine';
import { selectToken, selectUser } from '../../../machines/session/selectors';
import type { sessionMachine } from '../../../machines/session/sessionMachine';
import type { BookingServices } from '../../app/booking';
import { SessionContext } from '../../app/account';
import { storeKeptBooking, useBookingServices } from '../../app/useBookingServices';
import { messages } from '../../i18n/messages';
import { toast } from '../../ui/toast';
import { formatFee } from '../../format/format';
import { inspect } from '../../app/inspect';
import { useProvidedLogic } from '../../app/useProvidedActor';

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
      return booking.feeChanged(formatFee(notice.fee));
  }
}

/** What the booking's effects reach outside the machine. */
export interface BookingPage {
  readonly session: ActorRefFrom<typeof sessionMachine>;
  /** Shows a toast, replacing the booking's previous one. */
  readonly notify: (tone: 'success' | 'error', text: string) => void;
  /** Leaves the popup for an in-app path (the /payment page). */
  readonly leaveFor: (path: string) => void;
  /** Closes the popup, done (focus back where it was opened from). */
  readonly close: () => void;
}

/** The booking machine with its calls (the slot picker child gets the slot call) and its effects. */
export function provideBooking(services: BookingServices, page: BookingPage) {
  const { loadTimeSlots, loadAvailability, loadSoonest: _soonest, loadNextFree, ...actors } = services.actors;
  return bookingMachine.provide({
    actors: {
      ...actors,
      ...(loadNextFree ? { loadNextFree } : {}),
      slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots } }),
      availability: loadAvailability ? availabilityMachine.provide({ actors: { loadAvailability } }) : availabilityMachine,
    },
    actions: {
      notify: (_, { tone, notice }) => page.notify(tone, bookingNoticeText(notice)),
      // After a 401 (`expired`) the request base has already ended the session, so the popup may open.
      askForLogin: ({ self }) => page.session.send({ type: 'session.showLogin', replyTo: self }),
      redirect: (_, { url, kept }) => {
        storeKeptBooking(kept);
        // '/#/payment?payUrl=…': through the hash router.
        page.leaveFor(url.startsWith('/#') ? url.slice(2) : url);
      },
      booked: () => {
        page.notify('success', messages.spec.appointmentBooked);
        page.close();
      },
      // The account now has its name, age and gender: the next booking is prefilled and asks nothing.
      profileSaved: (_, { user }) => page.session.send({ type: 'session.profileSaved', user }),
    },
  });
}

/**
 * The Book Appointment popup's actor, for as long as the popup is mounted; as it goes, `onKeep`
 * gets what it held (the choices and details, or null once it went to pay) and its login.
 */
export function useBookingActor({
  previous,
  onClose,
  onKeep,
}: {
  previous: PreviousBooking | null;
  onClose: (options?: { returnFocus?: boolean }) => void;
  onKeep?: (kept: KeptBooking | null, token: string | null) => void;
}) {
  const services = useBookingServices();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const shown = useRef<{ id: number; error: boolean } | null>(null);
  const [input] = useState(() => {
    const snapshot = session.getSnapshot();
    return { today: clinicToday(), token: selectToken(snapshot), user: selectUser(snapshot) as BookingUser | null, previous };
  });
  // An error toast about this booking goes with the popup.
  useEffect(
    () => () => {
      if (shown.current?.error) toast.dismiss(shown.current.id);
    },
    [],
  );
  const [logic, latest] = useProvidedLogic(
    (callbacks) =>
      provideBooking(services, {
        session,
        notify(tone, text) {
          if (shown.current) toast.dismiss(shown.current.id);
          shown.current = { id: tone === 'success' ? toast.info(text) : toast.error(text), error: tone !== 'success' };
        },
        leaveFor(path) {
          callbacks.current.onClose({ returnFocus: false });
          callbacks.current.navigate(path);
        },
        close() {
          callbacks.current.onClose();
        },
      }),
    { onClose, navigate, onKeep },
  );
  const actor = useActorRef(logic, { input, inspect });
  // A popup opened while the session was still checking a stored token starts logged out; it is
  // told once the session knows the account, so its details are the account's (the booking keeps
  // what was typed and fills only what is empty) and its Book needs no login. A login the popup
  // asked for itself is answered by the session (`replyTo`).
  useEffect(() => {
    const tell = () => {
      const snapshot = session.getSnapshot();
      const token = selectToken(snapshot);
      const user = selectUser(snapshot) as BookingUser | null;
      const booking = actor.getSnapshot();
      if (token !== null && user !== null && booking.context.token === null && !selectIsAwaitingLogin(booking)) actor.send({ type: 'login.succeeded', token, user });
    };
    tell();
    const subscription = session.subscribe(tell);
    return () => subscription.unsubscribe();
  }, [actor, session]);
  useEffect(
    () => () => {
      const snapshot = actor.getSnapshot();
      latest.current.onKeep?.(selectKeptBooking(snapshot), selectBookingToken(snapshot));
    },
    [actor],
  );
  return actor;
}
