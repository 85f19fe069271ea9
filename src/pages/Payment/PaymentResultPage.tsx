/**
 * /paymentsuccess and /paymentfail (spec §2, §4 countdowns), where only the server says a
 * payment succeeded (machines/paymentResult): /paymentsuccess asks the server about the payment it was sent
 * back with (`?order=`), says 'Confirming your payment...' while it is pending, and shows
 * 'Appointment booked successfully.' with the confirmation view only for a payment the server
 * confirms. A direct visit or a Back press claims nothing and replays no toast; a failed payment
 * is said plainly.
 *
 * /paymentfail counts 5 seconds down and goes home with the Book Appointment popup open again
 * with the choices kept when the browser left to pay.
 *
 * A pharmacy order's payment comes back with `?for=order` (server/payment/sandboxPages.ts
 * `resultUrl`): the page speaks of the order, not of a booking, and the countdown ends on
 * /myappointment, where the order shows its payment status.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PaymentOutcome } from '../../../machines/paymentResult/context';
import {
  selectConfirmation,
  selectIsFetchingCalendar,
  selectIsRefund,
  selectSecondsLeft,
  selectView,
  type PaymentResultView,
} from '../../../machines/paymentResult/selectors';
import { selectIsCheckingSession, selectToken } from '../../../machines/session/selectors';
import { SessionContext } from '../../app/account';
import { liveBookingServices } from '../../app/liveBooking';
import { useBookingServices } from '../../app/useBookingServices';
import { usePageTitle } from '../../app/usePageTitle';
import { Link } from '../../components/Link/Link';
import { messages, useMessages } from '../../i18n/messages';
import { bookedEvent } from '../../pwa/start';
import { PaymentConfirmation } from './PaymentConfirmation';
import { usePaymentResultActor } from './provider';
import './Payment.css';

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

/**
 * A new address (another `?order=`, or none: a direct visit after a confirmed one) is a new
 * page with a new machine, never the previous answer shown again.
 */
export default function PaymentResultPage(props: { outcome: PaymentOutcome; seconds?: number }) {
  const [search] = useSearchParams();
  return <PaymentResult key={search.toString()} {...props} />;
}

/** A booking the server confirmed: the moment for the app's install offer (src/pwa/start.ts). */
function useTellBooked(confirmed: boolean): void {
  useEffect(() => {
    if (confirmed) window.dispatchEvent(new Event(bookedEvent));
  }, [confirmed]);
}

/** What the server said so far, read out as it changes. */
function PaymentStatus({ view, forOrder, isRefund }: { view: PaymentResultView; forOrder: boolean; isRefund: boolean }) {
  const { booking, appointments } = useMessages();
  return (
    <div role="status" aria-live="polite">
      {view === 'confirming' && <p className="page__lead">{booking.confirmingPayment}</p>}
      {view === 'stillPending' && <p className="page__lead">{booking.stillPendingBody}</p>}
      {view === 'notPaid' && (
        <p className="page__lead">
          {forOrder ? appointments.orderPaymentFailBody : isRefund ? booking.paymentRefundBody : booking.notPaidBody}
        </p>
      )}
      {view === 'unconfirmed' && <p className="page__lead">{booking.unconfirmedBody}</p>}
    </div>
  );
}

/** The words of a settled payment, and the countdown to the next page with Go now. */
function Countdown({ body, counting, onSkip }: { body: string; counting: string; onSkip: () => void }) {
  const { booking } = useMessages();
  return (
    <>
      <p className="page__lead">{body}</p>
      <p className="payment-result__count" role="timer" aria-live="off">
        {counting}
      </p>
      <p>
        <button type="button" className="button button--primary" onClick={onSkip}>
          {booking.goNow}
        </button>
      </p>
    </>
  );
}

function PaymentResult({ outcome, seconds }: { outcome: PaymentOutcome; seconds?: number }) {
  const messages = useMessages();
  const { booking, spec, appointments } = messages;
  const success = outcome === 'success';
  const [search] = useSearchParams();
  // The payment service adds for=order for a pharmacy order, reason=refund when the money came
  // after the slot was lost, and order=<reference> for the page to ask about.
  const forOrder = search.get('for') === 'order';
  const refunded = !success && search.get('reason') === 'refund';
  const merchantOrderId = search.get('order');
  const token = SessionContext.useSelector(selectToken);
  const sessionChecking = SessionContext.useSelector(selectIsCheckingSession);
  const services = useBookingServices().paymentResult ?? liveBookingServices.paymentResult!;
  // Where the countdown leads, the reopened booking, the calendar file and its toast are the provider's.
  const actor = usePaymentResultActor(services, { outcome, seconds, merchantOrderId, token, sessionChecking, forOrder });
  const secondsLeft = useSelector(actor, selectSecondsLeft);
  const view = useSelector(actor, selectView);
  const confirmation = useSelector(actor, selectConfirmation);
  const isRefund = useSelector(actor, selectIsRefund);
  const fetchingCalendar = useSelector(actor, selectIsFetchingCalendar);
  const words = wordsFor(success, forOrder, refunded);
  const title = {
    confirming: booking.unconfirmedTitle,
    unconfirmed: booking.unconfirmedTitle,
    stillPending: booking.stillPendingTitle,
    confirmed: spec.appointmentBooked,
    notPaid: forOrder ? appointments.orderPaymentFailTitle : booking.paymentFailTitle,
    counting: words.title,
  }[view];
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);

  // The stored login, once checked: the page asks with its token, or claims nothing.
  useEffect(() => {
    actor.send({ type: 'session.changed', token, checking: sessionChecking });
  }, [actor, token, sessionChecking]);

  // The heading changes with what the server said: focus follows it, so a screen reader reads it.
  useEffect(() => {
    if (view !== 'confirming' && view !== 'counting') heading.current?.focus();
  }, [view]);
  useTellBooked(view === 'confirmed' && !forOrder);

  return (
    <div className="page container">
      <div className="prose payment-result">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <PaymentStatus view={view} forOrder={forOrder} isRefund={isRefund} />
        {view === 'confirmed' && confirmation && (
          <PaymentConfirmation
            appointment={confirmation.appointment}
            amountPaid={confirmation.amountPaid}
            joinOpensAt={confirmation.joinOpensAt}
            fetchingCalendar={fetchingCalendar}
            onAddToCalendar={() => actor.send({ type: 'calendar.add' })}
          />
        )}
        {view === 'stillPending' && (
          <p>
            <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'payment.recheck' })}>
              {booking.checkAgain}
            </button>
          </p>
        )}
        {(view === 'stillPending' || view === 'notPaid' || view === 'unconfirmed') && (
          <p>
            <Link to="/myappointment" className="button button--outline">
              {booking.confirmation.myAppointments}
            </Link>
          </p>
        )}
        {view === 'counting' && (
          <Countdown body={words.body} counting={words.redirectingIn(secondsLeft)} onSkip={() => actor.send({ type: 'countdown.skip' })} />
        )}
      </div>
    </div>
  );
}
