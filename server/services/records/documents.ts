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
import { type PrescriptionFollowUp, prescriptionMail } from '../../mail/templates.js';
import { followUpWords } from '../../../contract/followUpWords.js';
import { clinicalOf } from '../../../contract/appointments.js';
import { clinicWhen } from '../../calendar/appointment.js';
import { clinicDayLong } from '../../formats.js';
import { clinicWhenIn } from '../../mail/words.js';
import { findStoredAppointment } from '../../repositories/appointmentRecords.js';
import { followUpDueDate, type FollowUpService } from '../../followUp/service.js';
import { listSettledPayments, receiptNumber } from '../../repositories/receipts.js';
import { findRecordAppointment, findRecordAppointmentOfOrder, type RecordAppointment } from '../../repositories/records.js';
import { ConflictError } from '../errors.js';
import { type SigningSource, signingIdentity, signPdf } from '../../documents/signing.js';
import { ensureVersion, findVersion } from '../../verify/repository.js';
import { type DownloadFile, recordMessages } from '../records.js';
import { readable, released, type RecordDeps } from './context.js';

/** What a prescription's PDF is made with: the clinic, its signing key, and where its verify page is. */
export interface PrescriptionDeps {
  db: Database;
  clinic: ClinicDetails;
  publicUrl: string;
  /** PRESCRIPTION_SIGNING_* (server/config/prescriptions.ts); unset: a key in this process's memory. */
  signing?: SigningSource;
  now?: () => Date;
  /** The follow-ups' soonest free slots for the completion mail; absent: it names the follow-up and its due date only. */
  followUps?: Pick<FollowUpService, 'soonestFor'>;
}

/** How many of the soonest free slots the completion mail lists. */
export const mailedSlots = 3;

/** The completion mail's follow-up in the mail's language: followUpWords' words, a dated one's due date, slots and link. */
async function mailedFollowUp(deps: PrescriptionDeps, a: RecordAppointment): Promise<PrescriptionFollowUp | undefined> {
  const followUp = clinicalOf(a.medicines).followUp;
  const words = followUpWords(followUp, a.language);
  if (followUp === null || words === null) return undefined;
  if (followUp.kind !== 'after') return { words, due: null, slots: [], bookUrl: null };
  const soonest = deps.followUps ? await deps.followUps.soonestFor(a.id, mailedSlots) : null;
  const stored = soonest ? null : await findStoredAppointment(deps.db, a.id);
  const dueDate = soonest?.dueDate ?? (stored ? await followUpDueDate(deps.db, stored, followUp) : null);
  if (dueDate === null) return { words, due: null, slots: [], bookUrl: null };
  const when = (s: { date: string; startTime: string }) => (a.language === 'en' ? clinicWhen(s.date, s.startTime) : clinicWhenIn(a.language, s.date, s.startTime));
  return {
    words,
    due: clinicDayLong(dueDate, a.language),
    slots: (soonest?.slots ?? []).map(when),
    bookUrl: soonest && !soonest.booked ? `${deps.publicUrl}/#/myappointment` : null,
  };
}

/**
 * The current version's PDF (the doctor's signature image as it is now, none on file: the name
 * alone; its verification code and QR code under the signature), signed
 * with the clinic's key (PAdES; server/documents/signing.ts). Signed anew on each download: the
 * signing time is when it was made, the words those of the current version.
 */
export async function prescriptionOf(deps: PrescriptionDeps, a: RecordAppointment): Promise<DownloadFile> {
  if (a.status !== 'Completed') throw new ConflictError(recordMessages.notCompleted);
  const at = (deps.now ?? (() => new Date()))();
  const version = await ensureVersion(deps.db, a.id, a.medicines, at);
  const signature = (await findSignature(deps.db, a.doctorId))?.image ?? null;
  const pdf = await prescriptionPdf(a, deps.clinic, a.language, { signature, verification: { code: version.code, publicUrl: deps.publicUrl } });
  const identity = await signingIdentity(deps.signing ?? { kind: 'ephemeral' }, deps.clinic.name);
  const reason = `Prescription ${a.appointmentNumber}, version ${version.version}, by ${a.doctor.name}`;
  const location = deps.clinic.address[deps.clinic.address.length - 1] ?? '';
  const body = await signPdf(pdf, identity, { name: deps.clinic.name, reason, location, contactInfo: deps.publicUrl }, at);
  return { fileName: prescriptionFileName(a), body };
}

/** The receipt lines of an appointment's fee or its order, numbers given on first issue. */
export async function receiptLines(db: Database, now: () => Date, a: RecordAppointment, purpose: 'appointment' | 'order'): Promise<ReceiptLine[]> {
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
  { db, now, clinic, pharmacy }: Pick<RecordDeps, 'db' | 'now' | 'clinic' | 'pharmacy'>,
  a: RecordAppointment,
  purpose: 'appointment' | 'order',
): Promise<DownloadFile> {
  const lines = await receiptLines(db, now, a, purpose);
  if (lines.length === 0) throw new ConflictError(recordMessages.noPayment);
  return { fileName: receiptFileName(a, purpose), body: await receiptPdf(a, purpose, lines, clinic, a.language, pharmacy?.gstin ?? null) };
}

export function documentsPart(deps: RecordDeps) {
  const { db } = deps;
  return {
    async prescription(user: User, appointmentId: string): Promise<DownloadFile> {
      const { a, staff } = await readable(db, user, await findRecordAppointment(db, appointmentId));
      if (!staff && a.status === 'Completed' && !released(a)) throw new ConflictError(recordMessages.notReleased);
      return prescriptionOf(deps, a);
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
  deps: PrescriptionDeps,
  appointmentId: string,
  version: number | null = null,
): Promise<Omit<Mail, 'idempotencyKey'> | { drop: string }> {
  const { db, publicUrl } = deps;
  const a = await findRecordAppointment(db, appointmentId);
  if (!a) return { drop: 'appointment gone' };
  if (a.status !== 'Completed') return { drop: `consultation no longer completed (${a.status})` };
  if (!released(a)) return { drop: 'prescription no longer shown to the patient' };
  // An amendment's mail (prescription:<id>:v<n>) goes only while its version is the current one: a later one has its own.
  if (version !== null && (await findVersion(db, appointmentId, version))?.supersededAt !== null) return { drop: `version ${version} superseded or gone` };
  const file = await prescriptionOf(deps, a);
  const followUp = await mailedFollowUp(deps, a);
  return prescriptionMail({
    to: a.holder.email,
    firstName: a.holder.firstName,
    appointmentNumber: a.appointmentNumber,
    doctorName: a.doctor.name,
    remediesUrl: `${publicUrl}/#/myremedies`,
    language: a.language,
    prescription: { filename: file.fileName, content: file.body, contentType: 'application/pdf' },
    ...(followUp ? { followUp } : {}),
  });
}
