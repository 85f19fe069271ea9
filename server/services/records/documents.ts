/**
 * The prescription and receipt PDFs: downloaded by whoever may read the appointment's documents
 * (services/records/context.ts readable), and the prescription's mail (sent once, by its keyed mail).
 */
import type { User } from '../../../contract/auth.js';
import type { Database, Queryable } from '../../db/database.js';
import { findSignature } from '../../signatures/repository.js';
import { type ClinicDetails, prescriptionFileName, prescriptionPdf } from '../../documents/prescription.js';
import { type ReceiptLine, receiptFileName, receiptPdf } from '../../documents/receipt.js';
import type { Mail } from '../../mail/mailer.js';
import { prescriptionMail } from '../../mail/templates.js';
import { listSettledPayments, receiptNumber } from '../../repositories/receipts.js';
import { findRecordAppointment, findRecordAppointmentOfOrder, type RecordAppointment } from '../../repositories/records.js';
import { ConflictError } from '../errors.js';
import { type DownloadFile, recordMessages } from '../records.js';
import { readable, released, type RecordDeps } from './context.js';

/** The prescription as its PDF, signed with the doctor's signature image as it is now (none on file: the name alone). */
export async function prescriptionOf(db: Queryable, clinic: ClinicDetails, a: RecordAppointment): Promise<DownloadFile> {
  if (a.status !== 'Completed') throw new ConflictError(recordMessages.notCompleted);
  const signature = (await findSignature(db, a.doctorId))?.image ?? null;
  return { fileName: prescriptionFileName(a), body: await prescriptionPdf(a, clinic, a.language, { signature }) };
}

/** The receipt lines of an appointment's fee or its order, numbers given on first issue. */
async function receiptLines(db: Database, now: () => Date, a: RecordAppointment, purpose: 'appointment' | 'order'): Promise<ReceiptLine[]> {
  const of = purpose === 'appointment' ? { appointmentId: a.id } : { orderId: a.order?.id ?? '' };
  if (purpose === 'order' && !a.order) return [];
  const payments = await listSettledPayments(db, of);
  const at = now();
  const lines: ReceiptLine[] = [];
  for (const p of payments) {
    const number = await receiptNumber(db, p.id, 'payment', at);
    // Owed back: the payment could not be applied, or the clinic cancelled what it paid for.
    const itemRefunded =
      p.status === 'paid' &&
      (purpose === 'appointment' ? a.paymentStatus === 'refund' && a.paymentId === p.merchantOrderId : a.order?.paymentStatus === 'Refund');
    const refund = p.status === 'refund' || itemRefunded ? { number: await receiptNumber(db, p.id, 'refund', at), refundedAt: p.refundedAt } : null;
    lines.push({ payment: p, number, refund });
  }
  return lines;
}

export async function receiptOf(
  { db, now, clinic }: Pick<RecordDeps, 'db' | 'now' | 'clinic'>,
  a: RecordAppointment,
  purpose: 'appointment' | 'order',
): Promise<DownloadFile> {
  const lines = await receiptLines(db, now, a, purpose);
  if (lines.length === 0) throw new ConflictError(recordMessages.noPayment);
  return { fileName: receiptFileName(a, purpose), body: await receiptPdf(a, purpose, lines, clinic, a.language) };
}

export function documentsPart(deps: RecordDeps) {
  const { db, clinic } = deps;
  return {
    async prescription(user: User, appointmentId: string): Promise<DownloadFile> {
      const { a, staff } = await readable(db, user, await findRecordAppointment(db, appointmentId));
      if (!staff && a.status === 'Completed' && !released(a)) throw new ConflictError(recordMessages.notReleased);
      return prescriptionOf(db, clinic, a);
    },

    async appointmentReceipt(user: User, appointmentId: string): Promise<DownloadFile> {
      return receiptOf(deps, (await readable(db, user, await findRecordAppointment(db, appointmentId))).a, 'appointment');
    },

    async orderReceipt(user: User, orderId: string): Promise<DownloadFile> {
      return receiptOf(deps, (await readable(db, user, await findRecordAppointmentOfOrder(db, orderId))).a, 'order');
    },
  };
}

/**
 * The completion mail with the prescription attached, to the account's address, built when its
 * keyed mail is sent (server/jobs/commitMails.ts): queued by the completion that first showed the
 * patient the prescription, it is dropped (and says why) when the consultation is gone, no longer
 * completed, or its prescription hidden again by the time it goes out.
 */
export async function prescriptionMailOf(
  { db, clinic, publicUrl }: { db: Database; clinic: ClinicDetails; publicUrl: string },
  appointmentId: string,
): Promise<Omit<Mail, 'idempotencyKey'> | { drop: string }> {
  const a = await findRecordAppointment(db, appointmentId);
  if (!a) return { drop: 'appointment gone' };
  if (a.status !== 'Completed') return { drop: `consultation no longer completed (${a.status})` };
  if (!released(a)) return { drop: 'prescription no longer shown to the patient' };
  const file = await prescriptionOf(db, clinic, a);
  return prescriptionMail({
    to: a.holder.email,
    firstName: a.holder.firstName,
    appointmentNumber: a.appointmentNumber,
    doctorName: a.doctor.name,
    remediesUrl: `${publicUrl}/#/myremedies`,
    language: a.language,
    prescription: { filename: file.fileName, content: file.body, contentType: 'application/pdf' },
  });
}
