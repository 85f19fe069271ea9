/**
 * /paymentsuccess and /paymentfail (spec §2, §4 countdowns): the paymentResult machine counts
 * 5 seconds down, showing the seconds left, with "Go now"; then home, with the
 * 'Appointment booked successfully.' toast (success) or the Book Appointment popup open again
 * with the choices kept when the browser left to pay (fail).
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
import { messages } from '../../i18n/messages';

export default function PaymentResultPage({ outcome, seconds }: { outcome: PaymentOutcome; seconds?: number }) {
  const { booking, spec } = messages;
  const success = outcome === 'success';
  const title = success ? booking.paymentSuccessTitle : booking.paymentFailTitle;
  usePageTitle(title);
  const actor = useActorRef(paymentResultMachine, { input: { outcome, seconds } });
  const secondsLeft = useSelector(actor, selectSecondsLeft);
  // The payment service adds reason=refund when the money came after the slot was lost.
  const [search] = useSearchParams();
  const refunded = !success && search.get('reason') === 'refund';
  const navigate = useNavigate();
  const popup = usePopup();
  const latest = useRef({ navigate, popup });
  latest.current = { navigate, popup };

  useEffect(() => {
    const subscriptions = [
      actor.on('navigate', ({ to }) => latest.current.navigate(to)),
      actor.on('notice', () => toast.info(spec.appointmentBooked)),
      actor.on('booking.reopen', () => latest.current.popup.open('booking', { previous: readKeptBooking(takeKeptBooking()) })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, spec]);

  return (
    <div className="page container">
      <div className="prose">
        <h1>{title}</h1>
        <p className="page__lead">{success ? booking.paymentSuccessBody : refunded ? booking.paymentRefundBody : booking.paymentFailBody}</p>
        <p className="payment-result__count" role="timer" aria-live="off">
          {booking.redirectingIn(secondsLeft)}
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
