/**
 * The receipt of a settled payment (a consultation fee or a pharmacy order): its number in the one
 * receipt sequence, the date, who paid, for what, the amount in rupees and the payment reference;
 * the clinic's tax details when configured. A refund is its own line with its own receipt number.
 */
import type { ReceiptPayment } from '../repositories/receipts.js';
import type { RecordAppointment } from '../repositories/records.js';
import type { Language } from '../../contract/auth.js';
import { clinicDay, clinicMoment, rupees } from '../formats.js';
import { field, newDocument, paragraph, rule, toBuffer } from './pdf.js';
import { type ClinicDetails, modeOf, registrationOf } from './prescription.js';
import { documentWords } from './words.js';

export interface ReceiptLine {
  payment: ReceiptPayment;
  number: string;
  /** The refund of this payment, with its own number, when the clinic owes or paid it back. */
  refund: { number: string; refundedAt: Date | null } | null;
}

export function receiptFileName(a: Pick<RecordAppointment, 'appointmentNumber'>, purpose: 'appointment' | 'order'): string {
  return `receipt-${a.appointmentNumber.replace(/[^A-Za-z0-9-]/g, '')}${purpose === 'order' ? '-order' : ''}.pdf`;
}

/** The receipt with its labels in `language` (the account's). */
export async function receiptPdf(
  a: RecordAppointment,
  purpose: 'appointment' | 'order',
  lines: readonly ReceiptLine[],
  clinic: ClinicDetails,
  language: Language = 'en',
  /** CLINIC_GSTIN: an order's receipt is then a tax invoice that shows it. */
  gstin: string | null = null,
): Promise<Buffer> {
  const words = documentWords[language];
  const w = words.receipt;
  const invoice = purpose === 'order' && gstin !== null;
  const title = invoice ? w.taxInvoice : w.title;
  const doc = await newDocument({ title: `${title} ${lines.map((l) => l.number).join(', ')}`, author: clinic.name });
  paragraph(doc, clinic.name, { size: 16, bold: true });
  if (clinic.address.length > 0) paragraph(doc, clinic.address.join(', '), { size: 9.5, color: '#52606d' });
  if (clinic.taxDetails) paragraph(doc, clinic.taxDetails, { size: 9.5, color: '#52606d' });
  if (invoice) paragraph(doc, `${w.gstin} ${gstin}`, { size: 9.5, color: '#52606d' });
  rule(doc);
  paragraph(doc, title, { size: 14, bold: true });
  const payer = `${a.holder.firstName} ${a.holder.lastName}`.trim();
  field(doc, w.receivedFrom, `${payer} (${a.holder.email})`);
  const patient = `${a.patient.firstName} ${a.patient.lastName}`.trim();
  const day = clinicDay(a.date, language);
  const what =
    purpose === 'appointment'
      ? w.feeFor({ type: words.typeNames[a.consultationType], number: a.appointmentNumber, doctor: a.doctor.name, day, mode: modeOf(a, language), patient })
      : w.orderFor({ number: a.appointmentNumber, doctor: a.doctor.name, day, patient });
  field(doc, w.for, what);
  // The telemedicine guidelines ask for the doctor's registration on every receipt too.
  field(doc, w.doctor, w.doctorLine(`${a.doctor.name}${a.doctor.qualification ? `, ${a.doctor.qualification}` : ''}`, registrationOf(a, language)));
  rule(doc);
  const o = purpose === 'order' ? a.order : null;
  // An order built from items lists them and its sums; an older order shows its total alone.
  if (o?.items && o.subtotal !== undefined) {
    paragraph(doc, w.items, { size: 11, bold: true });
    for (const item of o.items) {
      const name = [item.name, item.potency, item.pack].filter(Boolean).join(' ');
      paragraph(doc, w.itemLine({ name, quantity: item.quantity, unitPrice: rupees(item.unitPrice, language), amount: rupees(item.amount, language) }), { size: 10 });
    }
    doc.y += 4;
    field(doc, w.subtotal, rupees(o.subtotal, language));
    if ((o.tax ?? 0) > 0 || invoice) field(doc, w.tax(String(o.taxRatePercent ?? 0)), rupees(o.tax ?? 0, language));
    if ((o.deliveryFee ?? 0) > 0) field(doc, w.deliveryFee, rupees(o.deliveryFee ?? 0, language));
    field(doc, w.total, rupees(o.totalPrice, language));
    paragraph(doc, o.fulfilment === 'delivery' ? w.deliveredTo(o.deliveryAddress ?? '') : w.pickupAt(o.locationName || o.pharmacyId), { size: 10 });
    rule(doc);
  }
  for (const line of lines) {
    const p = line.payment;
    field(doc, w.number, line.number);
    field(doc, w.date, clinicMoment(p.settledAt ?? p.createdAt, language));
    field(doc, w.amountLabel, w.amount(rupees(p.amount, language)));
    if (p.provider === 'cash') field(doc, w.paid, w.inCash);
    if (p.provider === 'counter') field(doc, w.paid, w.atCounter);
    field(doc, w.reference, [p.merchantOrderId, p.providerTransactionId].filter(Boolean).join(' / '));
    if (line.refund) {
      doc.y += 4;
      field(doc, w.refundReceipt, line.refund.number);
      const back = rupees(-p.amount, language);
      field(doc, w.refund, line.refund.refundedAt ? w.refundedOn(back, clinicMoment(line.refund.refundedAt, language)) : w.refundDue(back));
    }
    rule(doc);
  }
  const total = lines.reduce((sum, l) => sum + l.payment.amount - (l.refund ? l.payment.amount : 0), 0);
  field(doc, w.net, rupees(total, language));
  doc.y += 12;
  paragraph(doc, w.footer, { size: 8.5, color: '#52606d' });
  return toBuffer(doc);
}
