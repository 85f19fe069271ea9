/**
 * /paymentsuccess and /paymentfail (spec §2, §4 countdowns): the paymentResult machine counts
 * 5 seconds down, showing the seconds left, with "Go now"; then home, with the
 * 'Appointment booked successfully.' toast (success) or the Book Appointment popup open again
 * with the choices kept when the browser left to pay (fail).
 *
 * A pharmacy order's payment comes back with `?for=order` (server/payment/sandboxPages.ts
 * `resultUrl`): the page speaks of the order, not of a booking, and the countdown ends on
 * /myappointment, where the order shows its payment status, without the booking's toast or popup.
 * (The machine knows only a booking's way home; the destination is chosen here until it takes
 * the purpose as input.)
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readKeptBooking } from '../../../machines/booking/choices';
import {
  paymentResultMachine,
  selectSecondsLeft,
  type PaymentOutcome,
} from '../../../machines/paymentResult/paymentResultMachine';
import { takeKeptBooking } from '../../app/useBookingServices';
import { usePageTitle } from '../../app/usePageTitle';
import { usePopup } from '../../components/Popup/popups';
import { toast } from '../../components/Toast/toast';
import { messages, useMessages } from '../../i18n/messages';

/** The page's words: a booking's, or a pharmacy order's. */
function wordsFor(success: boolean, forOrder: boolean, refunded: boolean) {
  const { booking, appointments } = messages;
  if (forOrder) {
    return {
      title: success ? appointments.orderPaymentSuccessTitle : appointments.orderPaymentFailTitle,
      body: success ? appointments.orderPaymentSuccessBody : appointments.orderPaymentFailBody,
      redirectingIn: appointments.orderRedirectingIn,
    };
  }
  return {
    title: success ? booking.paymentSuccessTitle : booking.paymentFailTitle,
    body: success ? booking.paymentSuccessBody : refunded ? booking.paymentRefundBody : booking.paymentFailBody,
    redirectingIn: booking.redirectingIn,
  };
}

export default function PaymentResultPage({ outcome, seconds }: { outcome: PaymentOutcome; seconds?: number }) {
  const messages = useMessages();
  const { booking, spec } = messages;
  const success = outcome === 'success';
  const [search] = useSearchParams();
  // The payment service adds for=order for a pharmacy order, reason=refund when the money came
  // after the slot was lost.
  const forOrder = search.get('for') === 'order';
  const refunded = !success && search.get('reason') === 'refund';
  const words = wordsFor(success, forOrder, refunded);
  usePageTitle(words.title);
  const actor = useActorRef(paymentResultMachine, { input: { outcome, seconds } });
  const secondsLeft = useSelector(actor, selectSecondsLeft);
  const navigate = useNavigate();
  const popup = usePopup();
  const latest = useRef({ navigate, popup, forOrder });
  latest.current = { navigate, popup, forOrder };

  useEffect(() => {
    const subscriptions = [
      actor.on('navigate', ({ to }) => latest.current.navigate(latest.current.forOrder ? '/myappointment' : to)),
      actor.on('notice', () => {
        if (!latest.current.forOrder) toast.info(spec.appointmentBooked);
      }),
      actor.on('booking.reopen', () => {
        if (!latest.current.forOrder) latest.current.popup.open('booking', { previous: readKeptBooking(takeKeptBooking()) });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, spec]);

  return (
    <div className="page container">
      <div className="prose">
        <h1>{words.title}</h1>
        <p className="page__lead">{words.body}</p>
        <p className="payment-result__count" role="timer" aria-live="off">
          {words.redirectingIn(secondsLeft)}
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'countdown.skip' })}>
            {booking.goNow}
          </button>
        </p>
      </div>
    </div>
  );
}
