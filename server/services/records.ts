/**
 * The patient's record (docs/records.md): My Remedies, the prescription and receipt
 * PDFs, the data export and closing an account.
 *
 * Who may read a document: the account that booked the appointment (the account holder, also for
 * a family member), the appointment's doctor, and admins. Anybody else gets 404
 * 'Document not found.', as for an id that does not exist, so ids cannot be probed.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Medicines } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import type { AccountDeletionAnswer, PrescriptionRecord, RemediesAnswer } from '../../contract/records.js';
import type { Database, Queryable } from '../db/database.js';
import { type ClinicDetails, prescriptionFileName, prescriptionPdf } from '../documents/prescription.js';
import { defaultRecordsConfig, type Retention } from '../records/config.js';
import { auditEntryForPatient, releasedToPatient } from '../records/patientView.js';
import { type ReceiptLine, receiptFileName, receiptPdf } from '../documents/receipt.js';
import type { Mailer } from '../mail/mailer.js';
import { prescriptionMail } from '../mail/templates.js';
import { findPhoto } from '../repositories/chat.js';
import { consumeProof } from '../repositories/otp.js';
import {
  chatPhotoFileName,
  closeAccount,
  findLiveAccount,
  findRecordAppointment,
  findRecordAppointmentOfOrder,
  listAllAppointments,
  listAuditOfAccount,
  listChatOfAccount,
  listChatPhotosOfAccount,
  listCompletedAppointments,
  listSettledPayments,
  listUpcomingPaid,
  receiptNumber,
  type RecordAppointment,
} from '../repositories/records.js';
import { findAccountRole, insertAudit } from '../repositories/staff.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ServiceError } from './errors.js';
import type { OtpService } from './otp.js';
import { addDays, clinicClock, clinicInstant } from '../../contract/clinicTime.js';

export const recordMessages = {
  notFound: 'Document not found.',
  notCompleted: 'The prescription is ready once the consultation is completed.',
  notReleased: 'The clinic has not released this prescription to you yet. Please ask the clinic.',
  noPayment: 'There is no settled payment for this yet.',
  upcomingPaid: 'You have paid appointments still ahead. Please cancel them, or attend them, before deleting your account.',
  staffAccount: 'A staff account is closed by a clinic admin, not from here.',
  deleted: 'Your account is deleted. Thank you for trusting us with your care.',
} as const;

/**
 * The last day of a course that starts on `date` and lasts `duration` as staff wrote it: '7 days',
 * '2 weeks', '1 month', '10' (days), '15 दिन'. null when it does not read as a length.
 */
export function courseUntil(date: string, duration: string): string | null {
  const m = /^\s*(\d{1,3})\s*(days?|d|दिन|weeks?|w|हफ़्ते|हफ्ते|आठवडे|months?|m|महीने|महिने)?\.?\s*$/iu.exec(duration);
  if (!m) return null;
  const n = Number(m[1]);
  if (n === 0) return null;
  const unit = (m[2] ?? 'd').toLowerCase();
  const days = /^(w|week|हफ़्ते|हफ्ते|आठवडे)/u.test(unit) ? n * 7 : /^(m|month|महीने|महिने)/u.test(unit) ? n * 30 : n;
  return addDays(date, days - 1);
}

export interface RecordServiceDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  otp: OtpService;
  clinic: ClinicDetails;
  /**
   * How long the clinic keeps what a closed account leaves behind (RETENTION_*, server/records/config.ts;
   * docs/records.md): the deletion page and the audit entry say it, the purge job (server/jobs/purge.ts) applies it.
   */
  retention?: Retention;
  publicUrl: string;
}

export interface DownloadFile {
  fileName: string;
  body: Buffer;
}

export function createRecordService({ db, now, mailer, otp, clinic, retention = defaultRecordsConfig.retention, publicUrl }: RecordServiceDeps) {
  /** The appointment when `user` may read its documents: its account, its doctor, an admin. 404 otherwise. */
  async function readable(user: User, a: RecordAppointment | null): Promise<{ a: RecordAppointment; staff: boolean }> {
    if (!a) throw new NotFoundError(recordMessages.notFound);
    const account = await findAccountRole(db, user._id);
    if (account?.role === 'admin') return { a, staff: true };
    if (account?.role === 'doctor' && account.doctorId === a.doctorId) return { a, staff: true };
    if (a.userId === user._id) return { a, staff: false };
    throw new NotFoundError(recordMessages.notFound);
  }

  /**
   * The patient sees a prescription once the clinic shows it (`medicines.showMedicine`, as
   * /myappointment does; records/patientView.ts); the appointment's doctor and admins always.
   */
  const released = (a: RecordAppointment) => releasedToPatient(a.medicines);

  const until = (a: RecordAppointment) => courseUntil(a.date, a.medicines.duration);

  /** Paid appointments not yet over at `at` (their slot has not ended, clinic time). */
  async function upcomingPaid(userId: string, at: Date) {
    const booked = await listUpcomingPaid(db, userId, clinicClock(at).date);
    return booked.filter((b) => clinicInstant(b.date, b.startTime).getTime() + b.slotMinutes * 60_000 > at.getTime());
  }

  async function prescriptionOf(a: RecordAppointment): Promise<DownloadFile> {
    if (a.status !== 'Completed') throw new ConflictError(recordMessages.notCompleted);
    return { fileName: prescriptionFileName(a), body: await prescriptionPdf(a, clinic, a.language) };
  }

  /** The receipt lines of an appointment's fee or its order, numbers given on first issue. */
  async function receiptLines(a: RecordAppointment, purpose: 'appointment' | 'order', q: Queryable = db): Promise<ReceiptLine[]> {
    const of = purpose === 'appointment' ? { appointmentId: a.id } : { orderId: a.order?.id ?? '' };
    if (purpose === 'order' && !a.order) return [];
    const payments = await listSettledPayments(q, of);
    const at = now();
    const lines: ReceiptLine[] = [];
    for (const p of payments) {
      const number = await receiptNumber(q, p.id, 'payment', at);
      // Owed back: the payment could not be applied, or the clinic cancelled what it paid for.
      const itemRefunded =
        p.status === 'paid' &&
        (purpose === 'appointment' ? a.paymentStatus === 'refund' && a.paymentId === p.merchantOrderId : a.order?.paymentStatus === 'Refund');
      const refund = p.status === 'refund' || itemRefunded ? { number: await receiptNumber(q, p.id, 'refund', at), refundedAt: p.refundedAt } : null;
      lines.push({ payment: p, number, refund });
    }
    return lines;
  }

  async function receiptOf(a: RecordAppointment, purpose: 'appointment' | 'order'): Promise<DownloadFile> {
    const lines = await receiptLines(a, purpose);
    if (lines.length === 0) throw new ConflictError(recordMessages.noPayment);
    return { fileName: receiptFileName(a, purpose), body: await receiptPdf(a, purpose, lines, clinic, a.language) };
  }

  function toPrescription(a: RecordAppointment, today: string, paid: { fee: boolean; order: boolean }): PrescriptionRecord {
    const courseEnd = until(a);
    const m = a.medicines;
    return {
      appointmentId: a.id,
      appointmentNumber: a.appointmentNumber,
      date: a.date,
      doctorName: a.doctor.name,
      consultationType: a.consultationType,
      patientName: `${a.patient.firstName} ${a.patient.lastName}`.trim(),
      relation: a.patient.relation,
      complaint: m.complain,
      remedies: m.remedies,
      potency: m.potency,
      duration: m.duration,
      instructions: m.instructions,
      pharmacyName: m.pharmacyName,
      courseUntil: courseEnd,
      current: courseEnd !== null && m.remedies.length > 0 && today <= courseEnd,
      order: a.order
        ? {
            _id: a.order.id,
            totalPrice: a.order.totalPrice,
            paymentMode: a.order.paymentMode,
            paymentStatus: a.order.paymentStatus,
            orderStatus: a.order.orderStatus,
            hasReceipt: paid.order,
          }
        : null,
      hasReceipt: paid.fee,
    };
  }

  /**
   * The data export's sections, in the zip's order: each a file name and how to make it, run only
   * when the zip reaches it, so one section at a time is in memory. A new kind of data about the
   * account is one more entry here.
   */
  async function exportEntries(user: User): Promise<{ name: string; make: () => Promise<Buffer> }[]> {
    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
    const rows = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows;
    const appointments = await listAllAppointments(db, user._id);
    const entries: { name: string; make: () => Promise<Buffer> }[] = [
      {
        name: 'README.txt',
        make: async () =>
          Buffer.from(
            [
              `${clinic.name}: your data, as of ${now().toISOString()}.`,
              '',
              'profile.json: your account. family-members.json: the people you booked for.',
              'appointments.json: every appointment with its prescription and consent. orders.json, payments.json, receipts.json: pharmacy orders, payments and receipt numbers.',
              'audit.json: the clinic\'s log entries about your account and appointments.',
              'chat-messages.json: the messages of your chat consultations; chat-photos/: the photos sent in them (JPEG).',
              'prescriptions/ and receipts/: the documents as PDF.',
              '',
            ].join('\n'),
            'utf8',
          ),
      },
      {
        name: 'profile.json',
        make: async () =>
          json(
            (await rows(
              `select id, email, first_name as "firstName", last_name as "lastName", age, gender, phone_number as "phoneNumber",
                      sign_in_method as "signInMethod", role, created_at as "createdAt", updated_at as "updatedAt"
                 from users where id = $1`,
              [user._id],
            ))[0],
          ),
      },
      {
        name: 'family-members.json',
        make: async () =>
          json(
            await rows(
              `select id, first_name as "firstName", last_name as "lastName", age, gender, relation, archived_at as "archivedAt",
                      created_at as "createdAt" from family_members where user_id = $1 order by created_at`,
              [user._id],
            ),
          ),
      },
      {
        name: 'appointments.json',
        make: async () =>
          json(
            (await rows(
              `select a.id, a.appointment_number as "appointmentNumber", to_char(a.date, 'YYYY-MM-DD') as date,
                      to_char(a.start_time, 'HH24:MI') as "startTime", a.consultation_type as "consultationType",
                      a.consultation_fee::float8 as "consultationFee", a.status, a.payment_status as "paymentStatus",
                      d.name as "doctorName", l.name as location, a.family_member_id as "familyMemberId",
                      a.first_name as "firstName", a.last_name as "lastName", a.email, a.phone_number as "phoneNumber",
                      a.age, a.gender,
                      a.medicines as prescription, a.consent_text as "consentText", a.consent_at as "consentAt",
                      a.created_at as "createdAt"
                 from appointments a join doctors d on d.id = a.doctor_id left join locations l on l.id = a.location_id
                where a.user_id = $1 order by a.date, a.start_time, a.created_at`,
              [user._id],
            )).map((a) => ({ ...a, prescription: releasedToPatient(a.prescription as Medicines | null) ? a.prescription : null })),
          ),
      },
      {
        name: 'orders.json',
        make: async () =>
          json(
            await rows(
              `select o.id, o.appointment_id as "appointmentId", o.total_price::float8 as "totalPrice", o.payment_mode as "paymentMode",
                      o.payment_status as "paymentStatus", o.order_status as "orderStatus", o.pharmacy_id as "pharmacyId",
                      o.created_at as "createdAt"
                 from orders o join appointments a on a.id = o.appointment_id where a.user_id = $1 order by o.created_at`,
              [user._id],
            ),
          ),
      },
      {
        name: 'payments.json',
        make: async () =>
          json(
            await rows(
              `select p.merchant_order_id as "paymentReference", p.provider, p.purpose, p.appointment_id as "appointmentId",
                      p.order_id as "orderId", (p.amount_paise::float8 / 100) as "amountRupees", p.status,
                      p.created_at as "createdAt", p.settled_at as "settledAt"
                 from payments p where p.user_id = $1 order by p.created_at`,
              [user._id],
            ),
          ),
      },
      {
        name: 'receipts.json',
        make: async () =>
          json(
            await rows(
              `select r.receipt_number as "receiptNumber", r.kind, p.merchant_order_id as "paymentReference", r.issued_at as "issuedAt"
                 from receipts r join payments p on p.id = r.payment_id where p.user_id = $1 order by r.receipt_number`,
              [user._id],
            ),
          ),
      },
      {
        // As the app would show them: no staff address, staff note or unreleased prescription.
        name: 'audit.json',
        make: async () => json((await listAuditOfAccount(db, user._id)).map((row) => auditEntryForPatient(row, user._id))),
      },
      { name: 'chat-messages.json', make: async () => json(await listChatOfAccount(db, user._id)) },
    ];
    // Each photo's bytes are read only when the zip reaches it, like the PDFs below.
    for (const photo of await listChatPhotosOfAccount(db, user._id)) {
      entries.push({
        name: chatPhotoFileName(photo.id),
        make: async () => {
          const found = await findPhoto(db, photo.appointmentId, photo.id);
          if (!found) throw new Error('a chat photo went while the export was written');
          return found.data;
        },
      });
    }
    for (const a of appointments) {
      if (a.status === 'Completed' && released(a)) entries.push({ name: `prescriptions/${prescriptionFileName(a)}`, make: async () => (await prescriptionOf(a)).body });
      for (const purpose of ['appointment', 'order'] as const) {
        const lines = purpose === 'order' && !a.order ? [] : await listSettledPayments(db, purpose === 'appointment' ? { appointmentId: a.id } : { orderId: a.order!.id });
        if (lines.length > 0) entries.push({ name: `receipts/${receiptFileName(a, purpose)}`, make: async () => (await receiptOf(a, purpose)).body });
      }
    }
    return entries;
  }

  return {
    retention,

    /** GET /records/remedies: the account's prescriptions (every person it booked for), current ones first, then newest first. */
    async remedies(user: User): Promise<RemediesAnswer> {
      const today = clinicClock(now()).date;
      const completed = (await listCompletedAppointments(db, user._id)).filter(released);
      const list: PrescriptionRecord[] = [];
      for (const a of completed) {
        const fee = (await listSettledPayments(db, { appointmentId: a.id })).length > 0;
        const order = a.order ? (await listSettledPayments(db, { orderId: a.order.id })).length > 0 : false;
        list.push(toPrescription(a, today, { fee, order }));
      }
      // Stable: within each group the newest-first order of the query stays.
      return { prescriptions: [...list.filter((p) => p.current), ...list.filter((p) => !p.current)] };
    },

    async prescription(user: User, appointmentId: string): Promise<DownloadFile> {
      const { a, staff } = await readable(user, await findRecordAppointment(db, appointmentId));
      if (!staff && a.status === 'Completed' && !released(a)) throw new ConflictError(recordMessages.notReleased);
      return prescriptionOf(a);
    },

    async appointmentReceipt(user: User, appointmentId: string): Promise<DownloadFile> {
      return receiptOf((await readable(user, await findRecordAppointment(db, appointmentId))).a, 'appointment');
    },

    async orderReceipt(user: User, orderId: string): Promise<DownloadFile> {
      return receiptOf((await readable(user, await findRecordAppointmentOfOrder(db, orderId))).a, 'order');
    },

    /**
     * GET /records/export.zip: a zip stream of the sections above. Entries are made one at a time
     * as the zip is written out, so the whole export is never in memory.
     */
    async exportZip(user: User): Promise<{ fileName: string; stream: Readable }> {
      const entries = await exportEntries(user);
      const zip = new yazl.ZipFile();
      const stamp = now();
      for (const entry of entries) {
        zip.addReadStreamLazy(entry.name, { mtime: stamp }, (cb) => {
          entry.make().then(
            (body) => cb(null, Readable.from([body])),
            (error: unknown) => cb(error, new PassThrough()),
          );
        });
      }
      zip.end();
      return { fileName: `my-data-${clinicClock(stamp).date}.zip`, stream: zip.outputStream as Readable };
    },

    /** GET /records/account/deletion: what must happen before the account can close. */
    async deletion(user: User): Promise<AccountDeletionAnswer> {
      const upcoming = await upcomingPaid(user._id, now());
      return {
        upcomingPaid: upcoming.map((u) => ({ _id: u.id, appointmentId: u.appointmentNumber, date: u.date, startTime: u.startTime, doctorName: u.doctorName })),
        clinicalRetentionYears: retention.clinicalYears,
        paymentRetentionYears: retention.paymentYears,
      };
    },

    /**
     * POST /records/account/delete: after a fresh email code (POST /otp/send-otp to the account's
     * address), closes the account (repositories/records.ts closeAccount). Refused while a paid
     * appointment is ahead (409), for staff accounts (403) and with a wrong code (400 naming otp).
     * The audit log records the request, not the data.
     */
    async deleteAccount(user: User, code: string): Promise<{ message: string }> {
      const account = await findLiveAccount(db, user._id);
      if (!account) throw new NotFoundError(recordMessages.notFound);
      if (account.role !== 'patient') throw new ForbiddenError(recordMessages.staffAccount);
      if ((await upcomingPaid(user._id, now())).length > 0) throw new ConflictError(recordMessages.upcomingPaid);
      try {
        await otp.validate(account.email, code);
      } catch (error) {
        if (error instanceof ServiceError && error.status === 400) throw new BadRequestError(error.message, [{ field: 'otp', message: error.message }]);
        throw error;
      }
      const at = now();
      const pseudonym = `deleted-${randomBytes(6).toString('hex')}`;
      await db.transaction(async (tx) => {
        await consumeProof(tx, account.email, at);
        await closeAccount(tx, { id: account.id, email: account.email }, pseudonym, at);
        await insertAudit(
          tx,
          {
            actorUserId: account.id,
            actor: `${pseudonym}@deleted.invalid`,
            actorRole: 'patient',
            action: 'account.deleted',
            subjectUserId: account.id,
            details: { retention: { clinicalYears: retention.clinicalYears, paymentYears: retention.paymentYears } },
          },
          at,
        );
      });
      return { message: recordMessages.deleted };
    },

    /**
     * The completion mail with the prescription attached, to the account's address: sent once, by
     * the staff service's background task after the consultation's first completion committed.
     */
    async sendPrescription(appointmentId: string): Promise<void> {
      const a = await findRecordAppointment(db, appointmentId);
      if (!a || a.status !== 'Completed' || !released(a)) return;
      const file = await prescriptionOf(a);
      await mailer.send(
        prescriptionMail({
          to: a.holder.email,
          firstName: a.holder.firstName,
          appointmentNumber: a.appointmentNumber,
          doctorName: a.doctor.name,
          remediesUrl: `${publicUrl}/#/myremedies`,
          language: a.language,
          prescription: { filename: file.fileName, content: file.body, contentType: 'application/pdf' },
        }),
      );
    },
  };
}
export type RecordService = ReturnType<typeof createRecordService>;

