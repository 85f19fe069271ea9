/**
 * What a patient may do with each of their appointments (spec §4 "Appointment status values",
 * "Completed appointments", "Order payment"), as pure functions the list, edit, cancel
 * and order payment machines share and tests can check on their own.
 *
 * - Edit and Cancel only when the status is Booked or Expired (spec §4). Expired is computed by
 *   the server (the time passed in clinic time without completion), never here.
 * - The fee: an appointment whose payment status is not `paid` was never confirmed by the payment
 *   provider. It is shown as unpaid (not as a silent "Booked"); while it is Booked and its hold on
 *   the slot (`holdExpiresAt`) has not lapsed, Pay retries the payment. After that the server has
 *   let the slot go.
 * - Add to calendar: a Booked appointment whose fee is paid (what GET /appointment/{id}/calendar.ics
 *   serves; a cancelled, completed or expired one, or one never confirmed, is not in anybody's diary).
 * - A Completed appointment shows its order: none yet ('Order Status: Pending'), one to pay by card
 *   (payment mode Card, payment status not Completed: Pay Now), one paid (the amount already paid),
 *   or one paid some other way (nothing to pay here).
 */
import { clinicalOf, type AppointmentRecord, type AppointmentStatus, type Order } from '../../contract/appointments.js';

/** The statuses whose appointment may be moved or cancelled (spec §4). */
export const changeableStatuses: readonly AppointmentStatus[] = ['Booked', 'Expired'];

export function canEdit(appointment: Pick<AppointmentRecord, 'appointmentStatus'>): boolean {
  return changeableStatuses.includes(appointment.appointmentStatus);
}

export function canCancel(appointment: Pick<AppointmentRecord, 'appointmentStatus'>): boolean {
  return changeableStatuses.includes(appointment.appointmentStatus);
}

/**
 * The appointment fee as the patient should read it:
 * - `paid`: the provider confirmed it;
 * - `refundPending`: paid, then flagged for refund (the clinic cancelled it, or the payment came
 *   after the slot was lost), and not yet paid back; also when the server gives no refund state,
 *   so the patient is never told money came back before the clinic recorded it;
 * - `refunded`: paid, flagged for refund, and recorded by the clinic as paid back (`refundState`);
 * - `unpaid`: never confirmed, and the slot is still held for the patient (Pay retries);
 * - `lapsed`: never confirmed, and the hold is over (or the appointment is no longer Booked): the
 *   slot may have gone to somebody else; nothing to pay;
 * - `due`: to be paid at the clinic (the patient chose to, or the desk booked it so): the slot is
 *   held for good; nothing to pay online.
 */
export type FeeState = 'paid' | 'refundPending' | 'refunded' | 'unpaid' | 'lapsed' | 'due';

/** True while the unpaid hold on the slot lasts at `now` (epoch milliseconds). */
export function isHeld(appointment: Pick<AppointmentRecord, 'holdExpiresAt'>, now: number): boolean {
  if (appointment.holdExpiresAt === null) return false;
  const until = Date.parse(appointment.holdExpiresAt);
  return Number.isFinite(until) && now < until;
}

export function feeStateOf(
  appointment: Pick<AppointmentRecord, 'appointmentStatus' | 'appointmentPaymentStatus' | 'holdExpiresAt' | 'refundState'>,
  now: number,
): FeeState {
  if (appointment.appointmentPaymentStatus === 'paid') return 'paid';
  if (appointment.appointmentPaymentStatus === 'refund') return appointment.refundState === 'refunded' ? 'refunded' : 'refundPending';
  if (appointment.appointmentPaymentStatus === 'due') return 'due';
  return appointment.appointmentStatus === 'Booked' && isHeld(appointment, now) ? 'unpaid' : 'lapsed';
}

/** Pay (again) for an appointment whose fee was never confirmed, while its hold lasts. */
export function canPay(
  appointment: Pick<AppointmentRecord, 'appointmentStatus' | 'appointmentPaymentStatus' | 'holdExpiresAt'>,
  now: number,
): boolean {
  return feeStateOf(appointment, now) === 'unpaid';
}

/** Add to calendar: booked and paid (the server's calendar endpoint refuses anything else). */
export function canAddToCalendar(appointment: Pick<AppointmentRecord, 'appointmentStatus' | 'appointmentPaymentStatus'>): boolean {
  return appointment.appointmentStatus === 'Booked' && appointment.appointmentPaymentStatus === 'paid';
}

/**
 * The order of a Completed appointment, as the patient should read it (null for any other status):
 * - `pending`: no order yet: 'Order Status: Pending';
 * - `payable`: payment mode Card and payment status not Completed: Pay Now;
 * - `paid`: payment status Completed: the patient is told the amount already paid;
 * - `other`: an order paid some other way and not yet Completed (e.g. cash at the pharmacy), or
 *   one with nothing to pay: shown, with no Pay Now.
 * The mode and statuses are compared without regard to case or surrounding spaces.
 */
export type OrderState =
  | { kind: 'pending' }
  | { kind: 'payable'; order: Order }
  | { kind: 'paid'; order: Order; amount: number }
  | { kind: 'other'; order: Order };

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.toLowerCase();

export const isOrderPaid = (order: Order): boolean => same(order.paymentStatus, 'Completed');
export const isCardOrder = (order: Order): boolean => same(order.paymentMode, 'Card');

export function orderStateOf(appointment: Pick<AppointmentRecord, 'appointmentStatus' | 'order'>): OrderState | null {
  if (appointment.appointmentStatus !== 'Completed') return null;
  const { order } = appointment;
  if (order === null) return { kind: 'pending' };
  if (isOrderPaid(order)) return { kind: 'paid', order, amount: order.totalPrice };
  if (isCardOrder(order) && order.totalPrice > 0) return { kind: 'payable', order };
  return { kind: 'other', order };
}

/** Everything the /myappointment page shows and offers for one appointment. */
export type AppointmentView = {
  appointment: AppointmentRecord;
  canEdit: boolean;
  canCancel: boolean;
  fee: FeeState;
  canPay: boolean;
  /** Completed appointments only. */
  order: OrderState | null;
  /** The prescription, when the clinic chose to show it (`medicines.showMedicine`). */
  showPrescription: boolean;
  /** A Completed consultation whose shown prescription asks for a dated follow-up: the card offers to book it. */
  offersFollowUp: boolean;
};

const asksFollowUp = (appointment: AppointmentRecord): boolean =>
  appointment.appointmentStatus === 'Completed' && appointment.medicines.showMedicine && clinicalOf(appointment.medicines).followUp?.kind === 'after';

export function viewOf(appointment: AppointmentRecord, now: number): AppointmentView {
  return {
    appointment,
    canEdit: canEdit(appointment),
    canCancel: canCancel(appointment),
    fee: feeStateOf(appointment, now),
    canPay: canPay(appointment, now),
    order: orderStateOf(appointment),
    showPrescription: appointment.medicines.showMedicine,
    offersFollowUp: asksFollowUp(appointment),
  };
}

/**
 * A tidy My Appointment: the list in two parts. `upcoming`: Booked appointments, the
 * soonest first (clinic date and time). `earlier`: the past and the cancelled (Expired, Completed,
 * Cancelled), the most recent first, shown collapsed; `earlierNeedsAction` when one of them still
 * asks for something (an Expired one to move or cancel, a pharmacy order to pay, a follow-up to
 * book: no upcoming appointment with that doctor for that person yet), so the page opens that part
 * instead of hiding it.
 */
export function groupViews<V extends Pick<AppointmentView, 'appointment' | 'order' | 'canEdit' | 'canCancel' | 'offersFollowUp'>>(
  views: readonly V[],
): { upcoming: V[]; earlier: V[]; earlierNeedsAction: boolean } {
  const when = (view: V) => `${view.appointment.date}T${view.appointment.startTime}`;
  const upcoming = views.filter((view) => view.appointment.appointmentStatus === 'Booked');
  const earlier = views.filter((view) => view.appointment.appointmentStatus !== 'Booked');
  upcoming.sort((a, b) => when(a).localeCompare(when(b)));
  earlier.sort((a, b) => when(b).localeCompare(when(a)));
  const samePerson = (a: AppointmentRecord, b: AppointmentRecord) => a.doctorEmail === b.doctorEmail && (a.familyMemberId ?? null) === (b.familyMemberId ?? null);
  const followUpToBook = (view: V) => view.offersFollowUp && !upcoming.some((u) => samePerson(u.appointment, view.appointment));
  const earlierNeedsAction = earlier.some((view) => view.canEdit || view.canCancel || view.order?.kind === 'payable' || followUpToBook(view));
  return { upcoming, earlier, earlierNeedsAction };
}
