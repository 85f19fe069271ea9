/**
 * The data export (GET /records/export.zip): every kind of data about the account, as JSON files,
 * the chat's photos, and the prescriptions and receipts as PDF.
 */
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Medicines } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import { clinicClock } from '../../../contract/clinicTime.js';
import { prescriptionFileName } from '../../documents/prescription.js';
import { receiptFileName } from '../../documents/receipt.js';
import { auditEntryForPatient, releasedToPatient } from '../../records/patientView.js';
import { findAbha } from '../../abdm/repository.js';
import { findPhoto } from '../../repositories/chat.js';
import { listSettledPayments } from '../../repositories/receipts.js';
import {
  chatPhotoFileName,
  exportAppointments,
  exportFamilyMembers,
  exportOrders,
  exportPayments,
  exportProfile,
  exportReceipts,
  listAuditOfAccount,
  listChatOfAccount,
  listChatPhotosOfAccount,
} from '../../repositories/recordExport.js';
import { listAllAppointments, type RecordAppointment } from '../../repositories/records.js';
import { released, type RecordDeps } from './context.js';
import { prescriptionOf, receiptOf } from './documents.js';

/** A file of the zip: its name, and how to make it (run only when the zip reaches it). */
type ExportEntry = { name: string; make: () => Promise<Buffer> };

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

const readme = (clinicName: string, at: Date) =>
  Buffer.from(
    [
      `${clinicName}: your data, as of ${at.toISOString()}.`,
      '',
      'profile.json: your account. abha.json: your ABHA number and address, if you gave them. family-members.json: the people you booked for.',
      'appointments.json: every appointment with its prescription and consent. orders.json, payments.json, receipts.json: pharmacy orders, payments and receipt numbers.',
      'audit.json: the clinic\'s log entries about your account and appointments.',
      'chat-messages.json: the messages of your chat consultations; chat-photos/: the photos sent in them (JPEG).',
      'prescriptions/ and receipts/: the documents as PDF.',
      '',
    ].join('\n'),
    'utf8',
  );

/** The README and the JSON files, in the zip's order. */
function dataEntries({ db, now, clinic }: RecordDeps, user: User): ExportEntry[] {
  return [
    { name: 'README.txt', make: async () => readme(clinic.name, now()) },
    { name: 'profile.json', make: async () => json(await exportProfile(db, user._id)) },
    { name: 'abha.json', make: async () => json(await findAbha(db, user._id)) },
    { name: 'family-members.json', make: async () => json(await exportFamilyMembers(db, user._id)) },
    {
      name: 'appointments.json',
      make: async () =>
        json(
          (await exportAppointments(db, user._id)).map((a) => ({
            ...a,
            prescription: releasedToPatient(a.prescription as Medicines | null) ? a.prescription : null,
          })),
        ),
    },
    { name: 'orders.json', make: async () => json(await exportOrders(db, user._id)) },
    { name: 'payments.json', make: async () => json(await exportPayments(db, user._id)) },
    { name: 'receipts.json', make: async () => json(await exportReceipts(db, user._id)) },
    {
      // As the app would show them: no staff address, staff note or unreleased prescription.
      name: 'audit.json',
      make: async () => json((await listAuditOfAccount(db, user._id)).map((row) => auditEntryForPatient(row, user._id))),
    },
    { name: 'chat-messages.json', make: async () => json(await listChatOfAccount(db, user._id)) },
  ];
}

/** The chat's photos, then each appointment's released prescription and its receipts. */
async function fileEntries(deps: RecordDeps, user: User, appointments: readonly RecordAppointment[]): Promise<ExportEntry[]> {
  const { db, clinic } = deps;
  const entries: ExportEntry[] = [];
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
    if (a.status === 'Completed' && released(a)) entries.push({ name: `prescriptions/${prescriptionFileName(a)}`, make: async () => (await prescriptionOf(deps, a)).body });
    for (const purpose of ['appointment', 'order'] as const) {
      const lines = purpose === 'order' && !a.order ? [] : await listSettledPayments(db, purpose === 'appointment' ? { appointmentId: a.id } : { orderId: a.order!.id });
      if (lines.length > 0) entries.push({ name: `receipts/${receiptFileName(a, purpose)}`, make: async () => (await receiptOf(deps, a, purpose)).body });
    }
  }
  return entries;
}

/**
 * The data export's sections, in the zip's order: each a file name and how to make it, run only
 * when the zip reaches it, so one section at a time is in memory. A new kind of data about the
 * account is one more entry in dataEntries (its SQL in repositories/recordExport.ts).
 */
async function exportEntries(deps: RecordDeps, user: User): Promise<ExportEntry[]> {
  const appointments = await listAllAppointments(deps.db, user._id);
  const data = dataEntries(deps, user);
  return [...data, ...(await fileEntries(deps, user, appointments))];
}

export function exportPart(deps: RecordDeps) {
  return {
    /**
     * GET /records/export.zip: a zip stream of the sections above. Entries are made one at a time
     * as the zip is written out, so the whole export is never in memory.
     */
    async exportZip(user: User): Promise<{ fileName: string; stream: Readable }> {
      const entries = await exportEntries(deps, user);
      const zip = new yazl.ZipFile();
      const stamp = deps.now();
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
  };
}
