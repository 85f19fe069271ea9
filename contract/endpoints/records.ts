/** The patient's record: My Remedies, the documents, the data export, closing the account. */
import { MessageAnswer } from '../auth.js';
import { endpoint, PassThrough } from '../endpoint.js';
import { AccountDeleteRequest, AccountDeletionAnswer, RecordIdParams, RemediesAnswer } from '../records.js';

/** A document: a PDF or the zip, or the refusal as JSON. */
const document = { answer: PassThrough, kind: 'file', accept: 'application/pdf, application/zip, application/json' } as const;

/** A FHIR R4 document (a Bundle of the NRCeS guide for ABDM; docs/abdm.md), or the refusal as JSON. */
const fhirDocument = { answer: PassThrough, kind: 'file', accept: 'application/fhir+json, application/json' } as const;

export const recordEndpoints = {
  remedies: endpoint({ method: 'GET', path: '/records/remedies', answer: RemediesAnswer }),
  prescription: endpoint({ method: 'GET', path: '/records/appointments/:id/prescription.pdf', params: RecordIdParams, ...document }),
  appointmentReceipt: endpoint({ method: 'GET', path: '/records/appointments/:id/receipt.pdf', params: RecordIdParams, ...document }),
  consultationFhir: endpoint({ method: 'GET', path: '/records/appointments/:id/consultation.fhir.json', params: RecordIdParams, ...fhirDocument }),
  prescriptionFhir: endpoint({ method: 'GET', path: '/records/appointments/:id/prescription.fhir.json', params: RecordIdParams, ...fhirDocument }),
  receiptFhir: endpoint({ method: 'GET', path: '/records/appointments/:id/receipt.fhir.json', params: RecordIdParams, ...fhirDocument }),
  orderReceipt: endpoint({ method: 'GET', path: '/records/orders/:id/receipt.pdf', params: RecordIdParams, ...document }),
  exportZip: endpoint({ method: 'GET', path: '/records/export.zip', ...document }),
  deletion: endpoint({ method: 'GET', path: '/records/account/deletion', answer: AccountDeletionAnswer }),
  deleteAccount: endpoint({ method: 'POST', path: '/records/account/delete', body: AccountDeleteRequest, answer: MessageAnswer }),
};

/** The documents a download may name by its path (src/api/records.ts). */
export const recordDocuments = [
  recordEndpoints.prescription,
  recordEndpoints.appointmentReceipt,
  recordEndpoints.orderReceipt,
  recordEndpoints.exportZip,
  recordEndpoints.consultationFhir,
  recordEndpoints.prescriptionFhir,
  recordEndpoints.receiptFhir,
];
