/**
 * The patient's record: My Remedies, the documents, the data export and closing the
 * account. Served under /api/records (server/routes/records.ts).
 *
 *   GET  /records/remedies                              the account's prescriptions, newest first
 *   GET  /records/appointments/{id}/prescription.pdf    a completed consultation's prescription
 *   GET  /records/appointments/{id}/receipt.pdf         the receipt of an appointment's fee
 *   GET  /records/orders/{id}/receipt.pdf               the receipt of a pharmacy order
 *   GET  /records/appointments/{id}/consultation.fhir.json  the consultation as a FHIR document (OPConsultRecord)
 *   GET  /records/appointments/{id}/prescription.fhir.json  the prescription as a FHIR document (PrescriptionRecord)
 *   GET  /records/appointments/{id}/receipt.fhir.json       the fee's receipt as a FHIR document (InvoiceRecord)
 *   GET  /records/export.zip                            everything the clinic holds about the account
 *   GET  /records/account/deletion                      what must happen before the account can close
 *   POST /records/account/delete                        closes the account after a fresh email code
 */
import * as t from 'io-ts';
import { ConsultationType, Id, OtpCode, Rupees } from './primitives.js';
import { FollowUp, Remedy } from './appointments.js';

export const RecordIdParams = t.type({ id: Id }, 'RecordIdParams');

export const RemedyOrder = t.type(
  {
    _id: t.string,
    totalPrice: Rupees,
    paymentMode: t.string,
    paymentStatus: t.string,
    orderStatus: t.string,
    /** A receipt can be downloaded (a payment of it settled). */
    hasReceipt: t.boolean,
  },
  'RemedyOrder',
);

/**
 * Beyond the first record: the guidelines' items as the doctor wrote them (contract/appointments.ts
 * clinicalOf), each present only when written; the follow-up worded by contract/followUpWords.ts.
 */
const PrescriptionClinical = t.partial(
  { diagnosis: t.string, history: t.string, investigations: t.string, followUp: FollowUp },
  'PrescriptionClinical',
);

const PrescriptionBase = t.type(
  {
    /** The appointment's `_id`: the documents' path. */
    appointmentId: t.string,
    appointmentNumber: t.string,
    date: t.string,
    doctorName: t.string,
    consultationType: ConsultationType,
    /** The person consulted. */
    patientName: t.string,
    /** Their relation to the account holder; null: the account holder. */
    relation: t.union([t.string, t.null]),
    complaint: t.string,
    remedies: t.array(Remedy),
    potency: t.string,
    duration: t.string,
    instructions: t.string,
    pharmacyName: t.string,
    /** The last day of the course (clinic date) when the duration reads as one; else null. */
    courseUntil: t.union([t.string, t.null]),
    /** Today (clinic time) is within the course. */
    current: t.boolean,
    order: t.union([RemedyOrder, t.null]),
    /** The consultation fee's receipt can be downloaded. */
    hasReceipt: t.boolean,
  },
  'PrescriptionBase',
);

export const PrescriptionRecord = t.intersection([PrescriptionBase, PrescriptionClinical], 'PrescriptionRecord');
export type PrescriptionRecord = t.TypeOf<typeof PrescriptionRecord>;

export const RemediesAnswer = t.type({ prescriptions: t.array(PrescriptionRecord) }, 'RemediesAnswer');
export type RemediesAnswer = t.TypeOf<typeof RemediesAnswer>;

export const UpcomingPaid = t.type(
  { _id: t.string, appointmentId: t.string, date: t.string, startTime: t.string, doctorName: t.string },
  'UpcomingPaid',
);
export const AccountDeletionAnswer = t.type(
  {
    /** Paid appointments still ahead: the account closes only once none is left. */
    upcomingPaid: t.array(UpcomingPaid),
    /** Years the clinic keeps clinical and payment records after the account closes (docs/records.md). */
    clinicalRetentionYears: t.number,
    paymentRetentionYears: t.number,
  },
  'AccountDeletionAnswer',
);
export type AccountDeletionAnswer = t.TypeOf<typeof AccountDeletionAnswer>;

export const AccountDeleteRequest = t.type({ otp: OtpCode }, 'AccountDeleteRequest');
export type AccountDeleteRequest = t.TypeOf<typeof AccountDeleteRequest>;
