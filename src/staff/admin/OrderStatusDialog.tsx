/**
 * Set a pharmacy order's status (PUT /staff/orders/{id}/status): Placed, Ready,
 * Delivered or Cancelled, one chosen and saved. Cancelled is final; a paid order cancelled is
 * flagged for refund, which the popup says before it is saved.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { AppointmentRecord, Order } from '../../../contract/appointments';
import type { AdminOrderStatus } from '../../../contract/staffAdmin';
import { selectChoice, selectIsApplying } from '../../../machines/staffAdmin/confirmedChangeMachine';
import { formatRupees } from '../../format/format';
import { Dialog } from '../../ui/Dialog';
import { useStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { patientNameOf as patientName } from '../parts';
import { useAdminServices } from './services';
import { useConfirmedChange } from './provider';
import './admin.css';

export const orderStatuses: readonly AdminOrderStatus[] = ['Placed', 'Ready', 'Delivered', 'Cancelled'];
const isOrderStatus = (value: string): value is AdminOrderStatus => (orderStatuses as readonly string[]).includes(value);

/** An order whose status may still change (a cancelled one is final). */
export const orderStatusChangeable = (order: Order | null): order is Order => order !== null && order.orderStatus !== 'Cancelled';

export interface OrderStatusDialogProps {
  readonly appointment: AppointmentRecord;
  readonly order: Order;
  /** Saved: the appointment as the server answered it (with the order's new status). */
  readonly onChanged: (appointment: AppointmentRecord) => void;
  readonly onClose: () => void;
}

export function OrderStatusDialog({ appointment, order, onChanged, onClose }: OrderStatusDialogProps) {
  const staffAdmin = useStaffAdminMessages();
  const texts = staffAdmin.appointments;
  const { api } = useAdminServices();
  const actor = useConfirmedChange(
    (choice, token, signal) => api.setOrderStatus(order._id, isOrderStatus(choice) ? choice : 'Placed', token, signal),
    (changed) => {
      // The status call always answers the appointment (StaffAppointmentAnswer).
      if (changed) onChanged(changed);
      onClose();
    },
    order.orderStatus,
  );
  const choice = useSelector(actor, selectChoice);
  const applying = useSelector(actor, selectIsApplying);
  const name = useId();
  const paid = order.paymentStatus === 'Completed';
  const close = () => {
    if (!applying) onClose();
  };

  return (
    <Dialog title={texts.orderStatusTitle} onClose={close} describeBody={false} closeOnBackdrop={false}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'change.confirm' });
        }}
      >
        <p>{texts.orderStatusSubject(patientName(appointment), formatRupees(order.totalPrice), order.paymentStatus)}</p>
        <fieldset className="admin-statuses" disabled={applying}>
          <legend className="admin-field__label">{texts.orderStatus}</legend>
          {orderStatuses.map((status) => (
            <label key={status} className="admin-statuses__choice">
              <input
                type="radio"
                name={name}
                value={status}
                checked={choice === status}
                data-autofocus={choice === status ? true : undefined}
                onChange={() => actor.send({ type: 'choice.change', value: status })}
              />
              <span>
                {texts.orderStatusNames[status]} <span className="admin-field__hint">({texts.orderStatusHints[status]})</span>
              </span>
            </label>
          ))}
        </fieldset>
        {choice === 'Cancelled' && paid && <p className="notice">{texts.orderCancelPaidNote}</p>}
        <p className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={applying || choice === order.orderStatus} aria-busy={applying}>
            {applying ? staffAdmin.common.saving : texts.saveOrderStatus}
          </button>
          <button type="button" className="button button--outline" onClick={close} disabled={applying}>
            {staffAdmin.common.close}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
