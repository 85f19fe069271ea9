/**
 * The pharmacy order of a Completed appointment (spec §4 "Completed appointments"), wired to the
 * order payment machine: total (rupees), payment mode, payment status and order status; no order:
 * 'Order Status: Pending'; Card and not Completed: Pay Now (leaves for the payment page); paid:
 * the amount already paid.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { AppointmentRecord, Order } from '../../../contract/appointments';
import {
  selectCanPay,
  selectIsPaying,
  selectOrder,
  selectStatusNotice,
} from '../../../machines/orderPayment/orderPaymentMachine';
import { useMessages } from '../../i18n/messages';
import { formatRupees } from '../../format/format';
import { orderWords } from './orderWords';
import type { AppointmentsServices } from './services';
import { useOrderPaymentActor } from './provider';

// Read where used (the live binding), so a change of language shows at the next render.

export interface OrderSectionProps {
  readonly appointment: AppointmentRecord;
  readonly token: string;
  readonly services: AppointmentsServices;
}

export function OrderSection({ appointment, token, services }: OrderSectionProps) {
  const messages = useMessages();
  const headingId = useId();
  const actor = useOrderPaymentActor(services, { appointment, token });
  const order = useSelector(actor, selectOrder);
  const statusNotice = useSelector(actor, selectStatusNotice);
  const canPay = useSelector(actor, selectCanPay);
  const isPaying = useSelector(actor, selectIsPaying);

  // A refreshed list brings a newer record: the order is judged again.
  useEffect(() => {
    actor.send({ type: 'appointment.changed', appointment });
  }, [actor, appointment]);

  const words = order ? orderWords(messages.appointments, order) : null;

  return (
    <section className="appointment-card__order" aria-labelledby={headingId}>
      <h4 id={headingId}>{messages.appointments.orderHeading}</h4>
      {order?.items && order.items.length > 0 && <OrderItems order={order} />}
      {order && (
        <dl className="appointment-card__facts">
          <div>
            <dt>{messages.appointments.orderTotal}</dt>
            <dd>{formatRupees(order.totalPrice)}</dd>
          </div>
          <div>
            <dt>{messages.appointments.orderPaymentMode}</dt>
            <dd>{words?.mode}</dd>
          </div>
          <div>
            <dt>{messages.appointments.orderPaymentStatus}</dt>
            <dd>{words?.payment}</dd>
          </div>
          <div>
            <dt>{messages.appointments.orderStatus}</dt>
            <dd>{words?.status}</dd>
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

/** The order's lines, its sums and where it is picked up or delivered. */
function OrderItems({ order }: { order: Order }) {
  const messages = useMessages();
  return (
    <>
      <table className="appointment-card__order-items">
        <caption>{messages.appointments.orderItems}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.appointments.orderItem}</th>
            <th scope="col">{messages.appointments.orderQuantity}</th>
            <th scope="col">{messages.appointments.orderAmount}</th>
          </tr>
        </thead>
        <tbody>
          {(order.items ?? []).map((item, index) => (
            <tr key={index}>
              <td>{[item.name, item.potency, item.pack].filter(Boolean).join(' ')}</td>
              <td>
                {item.quantity} × {formatRupees(item.unitPrice)}
              </td>
              <td>{formatRupees(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="appointment-card__facts">
        <div>
          <dt>{messages.appointments.orderSubtotal}</dt>
          <dd>{formatRupees(order.subtotal ?? 0)}</dd>
        </div>
        {((order.tax ?? 0) > 0 || (order.taxRatePercent ?? 0) > 0) && (
          <div>
            <dt>{messages.appointments.orderTax(String(order.taxRatePercent ?? 0))}</dt>
            <dd>{formatRupees(order.tax ?? 0)}</dd>
          </div>
        )}
        {(order.deliveryFee ?? 0) > 0 && (
          <div>
            <dt>{messages.appointments.orderDeliveryFee}</dt>
            <dd>{formatRupees(order.deliveryFee ?? 0)}</dd>
          </div>
        )}
      </dl>
      <p>
        {order.fulfilment === 'delivery'
          ? messages.appointments.orderDelivery(order.deliveryAddress ?? '')
          : messages.appointments.orderPickup(order.locationName || order.pharmacyId)}
      </p>
    </>
  );
}
