/**
 * The pharmacy order of a Completed appointment (spec §4 "Completed appointments"), wired to the
 * order payment machine: total (rupees), payment mode, payment status and order status; no order:
 * 'Order Status: Pending'; Card and not Completed: Pay Now (leaves for the payment page); paid:
 * the amount already paid.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import {
  orderPaymentMachine,
  selectCanPay,
  selectIsPaying,
  selectOrder,
  selectStatusNotice,
} from '../../../machines/orderPayment/orderPaymentMachine';
import { messages, useMessages } from '../../i18n/messages';
import { toast } from '../Toast/toast';
import { formatRupees } from './format';
import type { AppointmentsServices } from './services';
import { orderNoticeText } from './notices';

// Read where used (the live binding), so a change of language shows at the next render.

export interface OrderSectionProps {
  readonly appointment: AppointmentRecord;
  readonly token: string;
  readonly services: AppointmentsServices;
  readonly onSessionExpired: () => void;
}

export function OrderSection({ appointment, token, services, onSessionExpired }: OrderSectionProps) {
  const messages = useMessages();
  const headingId = useId();
  const [logic] = useState(() =>
    orderPaymentMachine.provide({ actors: { createOrderPayment: services.actors.createOrderPayment } }),
  );
  const actor = useActorRef(logic, { input: { appointment, token } });
  const order = useSelector(actor, selectOrder);
  const statusNotice = useSelector(actor, selectStatusNotice);
  const canPay = useSelector(actor, selectCanPay);
  const isPaying = useSelector(actor, selectIsPaying);

  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) =>
        tone === 'success' ? toast.info(orderNoticeText(notice)) : toast.error(orderNoticeText(notice)),
      ),
      actor.on('session.expired', () => onSessionExpired()),
      actor.on('redirect', ({ url }) => services.leaveFor(url)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, services, onSessionExpired]);

  // A refreshed list brings a newer record: the order is judged again.
  useEffect(() => {
    actor.send({ type: 'appointment.changed', appointment });
  }, [actor, appointment]);

  return (
    <section className="appointment-card__order" aria-labelledby={headingId}>
      <h4 id={headingId}>{messages.appointments.orderHeading}</h4>
      {order && (
        <dl className="appointment-card__facts">
          <div>
            <dt>{messages.appointments.orderTotal}</dt>
            <dd>{formatRupees(order.totalPrice)}</dd>
          </div>
          <div>
            <dt>{messages.appointments.orderPaymentMode}</dt>
            <dd>{order.paymentMode}</dd>
          </div>
          <div>
            <dt>{messages.appointments.orderPaymentStatus}</dt>
            <dd>{order.paymentStatus}</dd>
          </div>
          <div>
            <dt>{messages.appointments.orderStatus}</dt>
            <dd>{order.orderStatus}</dd>
          </div>
        </dl>
      )}
      {statusNotice?.kind === 'orderPending' && <p>{messages.spec.orderPending}</p>}
      {statusNotice?.kind === 'alreadyPaid' && <p>{messages.appointments.alreadyPaid(formatRupees(statusNotice.amount))}</p>}
      {(canPay || isPaying) && (
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'order.pay' })}
            disabled={!canPay}
            aria-busy={isPaying}
          >
            {isPaying ? messages.appointments.paying : messages.appointments.payNow}
          </button>
        </p>
      )}
    </section>
  );
}
