/**
 * The payment service (spec §7 "Separate payment service").
 *
 * Starting a payment: the amount comes from our records (the appointment's fee, the order's
 * total); a client amount that differs is refused with 400. A checkout is opened with the
 * provider under a new merchant order id, recorded in `payments` as pending.
 *
 * Settling: a payment counts only when the provider says COMPLETED server to server (a verified
 * webhook, or our status check) for exactly the amount we asked. The browser coming back proves
 * nothing: its return only makes us ask the provider. Every step is conditional on the payment
 * still being pending, so repeated webhooks and a webhook racing a status check settle it once.
 *
 * An appointment paid while its hold is live becomes paid. One paid after its hold lapsed (its
 * time ran out, noticed or not) takes the slot back only while the doctor's schedule still offers
 * it (a lapsed hold does not count for the staff console's orphan rule, so an admin may have cut
 * the hours, added leave or retired the doctor meanwhile) and the slot is still free. Otherwise
 * the appointment is flagged 'refund' (its record says so to the patient, and staff see it under
 * Refunds) and the payment too. A second payment of an appointment or order that is already paid
 * is flagged 'refund' as well. The record a payment is for follows it in the same transaction:
 * one cancelled while its checkout was open says 'refund' (an order 'Refund') with its
 * payment, so staff see one refund; one whose fee changed meanwhile is unpaid again. The full
 * table: docs/api.md, "The payment state follows the payment".
 *
 * Refused at the start (409, nothing recorded): an appointment whose time has passed (Expired,
 * clinic time: nobody can be seen in a slot that is over), and a pharmacy order whose payment mode
 * is not Card (spec §4 "with payment mode Card ... Pay Now starts payment": cash is paid at the
 * pharmacy, so an online payment would take the money twice).
 *
 * Where each part lives (payments/): service.ts is the service the routes call; checkout.ts starts
 * payments, settle.ts settles them on the provider's word, reconcile.ts is what the reconciliation
 * job asks for, status.ts what the result and checkout pages read. This file keeps the messages
 * and the outcomes, which those files import (so it imports none of them back).
 */
import { defineMessages } from './messageCodes.js';

export const paymentMessages = defineMessages('payment', {
  appointmentNotFound: 'Appointment not found.',
  paymentNotFound: 'Payment not found.',
  orderNotFound: 'Order not found.',
  alreadyPaid: 'This appointment is already paid.',
  orderAlreadyPaid: 'This order is already paid.',
  orderCancelled: 'This order was cancelled, so it cannot be paid.',
  cancelled: 'This appointment was cancelled.',
  wrongAmount: 'The amount does not match the consultation fee.',
  wrongOrderAmount: 'The amount does not match the order.',
  wrongPharmacy: 'The pharmacy does not match the order.',
  nothingToPay: 'There is nothing to pay.',
  expired: 'The time of this appointment has passed, so it can no longer be paid. Please book a new one.',
  notByCard: 'This order is paid at the pharmacy, not online.',
  notInSchedule: "This appointment's time is no longer in the doctor's schedule, so it can no longer be paid. Please book a new one.",
} as const);

/**
 * What became of a payment, for the browser's way back and the webhook's answer:
 * - paid: it paid what it was for (or that was paid already by it);
 * - refund: confirmed, but could not be applied (slot lost, paid twice, cancelled);
 * - failed, pending: as the provider says;
 * - mismatch: the provider reported another amount than we asked: not settled, logged;
 * - unknown: no such payment of ours.
 */
export type SettleOutcome = 'paid' | 'refund' | 'failed' | 'pending' | 'mismatch' | 'unknown';

export type { PaymentService, PaymentServiceDeps } from './payments/service.js';
