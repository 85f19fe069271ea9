/**
 * The consultation, its prescription and its fee's receipt as FHIR R4 documents of the NRCeS
 * guide for ABDM (server/abdm/fhir/), for whoever may read the appointment's documents, with the
 * same rules as their PDFs (services/records/documents.ts): the consultation's and the
 * prescription's once Completed, and for the patient once the clinic released the prescription;
 * the receipt's once a payment of the fee settled. Answered as application/fhir+json files.
 */
import type { Bundle } from '@medplum/fhirtypes';
import type { User } from '../../../contract/auth.js';
import { findAbha } from '../../abdm/repository.js';
import { opConsultRecord } from '../../abdm/fhir/consultation.js';
import { invoiceRecord } from '../../abdm/fhir/invoice.js';
import { prescriptionRecord } from '../../abdm/fhir/prescription.js';
import type { FhirSource } from '../../abdm/fhir/resources.js';
import { findRecordAppointment, type RecordAppointment } from '../../repositories/records.js';
import { ensureVersion } from '../../verify/repository.js';
import { ConflictError } from '../errors.js';
import { type DownloadFile, recordMessages } from '../records.js';
import { readable, released, type RecordDeps } from './context.js';
import { prescriptionOf, receiptLines } from './documents.js';

export type FhirRecordKind = 'consultation' | 'prescription' | 'receipt';

const fileName = (a: RecordAppointment, kind: FhirRecordKind) => `${kind}-${a.appointmentNumber.replace(/[^A-Za-z0-9-]/g, '')}.fhir.json`;

const file = (a: RecordAppointment, kind: FhirRecordKind, bundle: Bundle): DownloadFile => ({
  fileName: fileName(a, kind),
  body: Buffer.from(`${JSON.stringify(bundle, null, 2)}\n`, 'utf8'),
});

async function sourceOf(deps: RecordDeps, a: RecordAppointment): Promise<FhirSource> {
  return { appointment: a, abha: await findAbha(deps.db, a.userId), clinic: deps.clinic, publicUrl: deps.publicUrl, now: deps.now() };
}

/** The consultation's or the prescription's document: Completed, and released to a patient. */
async function clinicalReadable(deps: RecordDeps, user: User, appointmentId: string): Promise<RecordAppointment> {
  const { a, staff } = await readable(deps.db, user, await findRecordAppointment(deps.db, appointmentId));
  if (a.status !== 'Completed') throw new ConflictError(recordMessages.notCompleted);
  if (!staff && !released(a)) throw new ConflictError(recordMessages.notReleased);
  return a;
}

/** The bundles themselves (the routes' files, the tests' validation). */
export function fhirBundles(deps: RecordDeps) {
  return {
    async consultation(user: User, appointmentId: string): Promise<{ a: RecordAppointment; bundle: Bundle }> {
      const a = await clinicalReadable(deps, user, appointmentId);
      const source = await sourceOf(deps, a);
      // Refused before anything is written: a consultation with nothing for any section of the guide.
      if (opConsultRecord(source, '0') === null) throw new ConflictError(recordMessages.notCompleted);
      const version = await ensureVersion(deps.db, a.id, a.medicines, deps.now());
      return { a, bundle: opConsultRecord(source, String(version.version))! };
    },

    async prescription(user: User, appointmentId: string): Promise<{ a: RecordAppointment; bundle: Bundle }> {
      const a = await clinicalReadable(deps, user, appointmentId);
      const version = await ensureVersion(deps.db, a.id, a.medicines, deps.now());
      const pdf = await prescriptionOf(deps, a);
      return { a, bundle: prescriptionRecord(await sourceOf(deps, a), String(version.version), pdf.body) };
    },

    async receipt(user: User, appointmentId: string): Promise<{ a: RecordAppointment; bundle: Bundle }> {
      const { a } = await readable(deps.db, user, await findRecordAppointment(deps.db, appointmentId));
      const [line] = await receiptLines(deps.db, deps.now, a, 'appointment');
      if (!line) throw new ConflictError(recordMessages.noPayment);
      const payment = {
        receiptNumber: line.number,
        amount: line.payment.amount,
        paidAt: line.payment.settledAt ?? line.payment.createdAt,
        reference: line.payment.merchantOrderId,
        refunded: line.refund !== null,
      };
      return { a, bundle: invoiceRecord(await sourceOf(deps, a), payment) };
    },
  };
}

export function fhirPart(deps: RecordDeps) {
  const bundles = fhirBundles(deps);
  const fhirRecord = async (user: User, appointmentId: string, kind: FhirRecordKind): Promise<DownloadFile> => {
    const { a, bundle } = await bundles[kind](user, appointmentId);
    return file(a, kind, bundle);
  };
  return { fhirRecord };
}
