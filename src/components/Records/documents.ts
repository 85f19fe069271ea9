/**
 * The documents of an appointment as paths under /api/records, and which of them
 * exist: the prescription once Completed, a receipt once the fee or the order was settled (paid
 * online or in cash at the pharmacy, or owed back). Shared by My Remedies, My Appointment's cards and the staff console.
 */
import type { Order } from '../../../contract/appointments';
import { isOrderPaid } from '../../../machines/appointments/rules';

export const prescriptionPath = (appointmentId: string) => `/appointments/${appointmentId}/prescription.pdf`;
export const feeReceiptPath = (appointmentId: string) => `/appointments/${appointmentId}/receipt.pdf`;
export const orderReceiptPath = (orderId: string) => `/orders/${orderId}/receipt.pdf`;
/** The prescription as a FHIR R4 document of the NRCeS guide for ABDM (docs/abdm.md), beside its PDF. */
export const prescriptionFhirPath = (appointmentId: string) => `/appointments/${appointmentId}/prescription.fhir.json`;

/** One document to offer: where it is and the button's words. */
export interface DocumentLink {
  readonly path: string;
  readonly label: string;
}

/** The words of the three documents' buttons, in the view's catalog. */
export interface DocumentLabels {
  readonly prescription: string;
  readonly feeReceipt: string;
  readonly orderReceipt: string;
}

/**
 * An appointment's documents: the prescription when `prescription` (Completed, and shown to this
 * reader), the fee receipt when `feeSettled`, the order's receipt when `orderSettled` names its id.
 */
export function appointmentDocuments(
  appointmentId: string,
  has: { prescription: boolean; feeSettled: boolean; orderSettled: string | null },
  labels: DocumentLabels,
): DocumentLink[] {
  const links: DocumentLink[] = [];
  if (has.prescription) links.push({ path: prescriptionPath(appointmentId), label: labels.prescription });
  if (has.feeSettled) links.push({ path: feeReceiptPath(appointmentId), label: labels.feeReceipt });
  if (has.orderSettled !== null) links.push({ path: orderReceiptPath(has.orderSettled), label: labels.orderReceipt });
  return links;
}

/**
 * The order's id when it was paid (by card through the portal, or in cash when the pharmacy handed
 * it over: the server records that payment) or is owed back: it has a receipt.
 */
export function settledOrderId(order: Order | null): string | null {
  if (order === null) return null;
  return isOrderPaid(order) || order.paymentStatus.trim().toLowerCase() === 'refund' ? order._id : null;
}
