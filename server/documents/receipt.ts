/**
 * The receipt of a settled payment (a consultation fee or a pharmacy order): its number in the one
 * receipt sequence, the date, who paid, for what, the amount in rupees and the payment reference;
 * the clinic's tax details when configured. A refund is its own line with its own receipt number.
 */
import type { ReceiptPayment, RecordAppointment } from '../repositories/records.js';
import { clinicDay, clinicMoment, rupees } from '../formats.js';
import { field, newDocument, paragraph, rule, toBuffer } from './pdf.js';
import { type ClinicDetails, modeOf } from './prescription.js';

export interface ReceiptLine {
  payment: ReceiptPayment;
  number: string;
  /** The refund of this payment, with its own number, when the clinic owes or paid it back. */
  refund: { number: string; refundedAt: Date | null } | null;
}

export function receiptFileName(a: Pick<RecordAppointment, 'appointmentNumber'>, purpose: 'appointment' | 'order'): string {
  return `receipt-${a.appointmentNumber.replace(/[^A-Za-z0-9-]/g, '')}${purpose === 'order' ? '-order' : ''}.pdf`;
}

export async function receiptPdf(a: RecordAppointment, purpose: 'appointment' | 'order', lines: readonly ReceiptLine[], clinic: ClinicDetails): Promise<Buffer> {
  const doc = await newDocument({ title: `Receipt ${lines.map((l) => l.number).join(', ')}`, author: clinic.name });
  paragraph(doc, clinic.name, { size: 16, bold: true });
  if (clinic.address.length > 0) paragraph(doc, clinic.address.join(', '), { size: 9.5, color: '#52606d' });
  if (clinic.taxDetails) paragraph(doc, clinic.taxDetails, { size: 9.5, color: '#52606d' });
  rule(doc);
  paragraph(doc, 'Receipt', { size: 14, bold: true });
  const payer = `${a.holder.firstName} ${a.holder.lastName}`.trim();
  field(doc, 'Received from', `${payer} (${a.holder.email})`);
  const patient = `${a.patient.firstName} ${a.patient.lastName}`.trim();
  const what =
    purpose === 'appointment'
      ? `${a.consultationType} consultation fee, appointment ${a.appointmentNumber} with ${a.doctor.name} on ${clinicDay(a.date)} (${modeOf(a)}), for ${patient}`
      : `Pharmacy order for appointment ${a.appointmentNumber} with ${a.doctor.name} on ${clinicDay(a.date)}, for ${patient}`;
  field(doc, 'For', what);
  rule(doc);
  for (const line of lines) {
    const p = line.payment;
    field(doc, 'Receipt number', line.number);
    field(doc, 'Date', clinicMoment(p.settledAt ?? p.createdAt));
    field(doc, 'Amount', `${rupees(p.amount)} received`);
    field(doc, 'Payment reference', [p.merchantOrderId, p.providerTransactionId].filter(Boolean).join(' / '));
    if (line.refund) {
      doc.y += 4;
      field(doc, 'Refund receipt', line.refund.number);
      field(doc, 'Refund', `${rupees(-p.amount)} ${line.refund.refundedAt ? `refunded on ${clinicMoment(line.refund.refundedAt)}` : 'due: the clinic owes it back'}`);
    }
    rule(doc);
  }
  const total = lines.reduce((sum, l) => sum + l.payment.amount - (l.refund ? l.payment.amount : 0), 0);
  field(doc, 'Net amount', rupees(total));
  doc.y += 12;
  paragraph(doc, 'Amounts in Indian rupees. This receipt is computer generated and needs no signature.', { size: 8.5, color: '#52606d' });
  return toBuffer(doc);
}
