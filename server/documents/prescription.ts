/**
 * A completed consultation's prescription as a PDF, in the order India's Telemedicine Practice
 * Guidelines (2020, annexure: sample prescription format) set out: the clinic, the doctor with
 * qualification and registration, the patient, the date and mode, the complaint, the remedies,
 * the instructions, and the doctor's name as signature. What the doctor wrote is printed as
 * written and nothing is added to it: no plain-words restatement of a frequency, and no follow-up
 * the doctor did not give (the consultation form has no follow-up field; a review date worked out
 * from the duration would be the clinic's advice under the doctor's signature). docs/records.md.
 */
import type { RecordAppointment } from '../repositories/records.js';
import type { Language } from '../../contract/auth.js';
import { clinicDay } from '../formats.js';
import { field, newDocument, paragraph, rule, toBuffer } from './pdf.js';
import { documentWords } from './words.js';
import { drawVerification, type Verification } from './verification.js';

export interface ClinicDetails {
  name: string;
  /** Lines of the clinic's address (CLINIC_ADDRESS). */
  address: readonly string[];
  /** CLINIC_GSTIN and the like: printed on receipts when configured. */
  taxDetails: string | null;
}

/** 'Clinic visit, Kothrud' or 'Online (Video)': how the patient was seen, in the language. */
export function modeOf(a: Pick<RecordAppointment, 'consultationType' | 'location'>, language: Language = 'en'): string {
  const w = documentWords[language];
  if (a.consultationType === 'Clinic Visit') return a.location === null ? w.mode.clinicVisit : w.mode.clinicVisitAt(a.location);
  return w.mode.online(w.typeNames[a.consultationType]);
}

/** The doctor's registration as documents print it ("<council>, Reg. No. <number>"), or that there is none. */
export function registrationOf(a: Pick<RecordAppointment, 'doctor'>, language: Language = 'en'): string {
  const w = documentWords[language];
  const registration = w.registration(a.doctor.registrationCouncil, a.doctor.registrationNumber);
  return registration === '' ? w.notOnRecord : registration;
}

export function prescriptionFileName(a: Pick<RecordAppointment, 'appointmentNumber'>): string {
  return `prescription-${a.appointmentNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** The prescription with its labels in `language` (the account's); what the doctor wrote stays as written. */
export async function prescriptionPdf(a: RecordAppointment, clinic: ClinicDetails, language: Language = 'en', verification?: Verification): Promise<Buffer> {
  const words = documentWords[language];
  const w = words.prescription;
  const doc = await newDocument({ title: `${w.title} ${a.appointmentNumber}`, author: clinic.name });
  const m = a.medicines;
  paragraph(doc, clinic.name, { size: 16, bold: true });
  if (clinic.address.length > 0) paragraph(doc, clinic.address.join(', '), { size: 9.5, color: '#52606d' });
  rule(doc);
  paragraph(doc, a.doctor.name, { size: 12, bold: true });
  if (a.doctor.qualification) paragraph(doc, a.doctor.qualification);
  paragraph(doc, `${w.registration}: ${registrationOf(a, language)}`);
  rule(doc);
  const patient = `${a.patient.firstName} ${a.patient.lastName}`.trim();
  field(doc, w.patient, patient);
  field(doc, w.ageGender, w.ageGenderValue(a.patient.age, words.genders[a.patient.gender] ?? a.patient.gender));
  if (a.patient.relation !== null) field(doc, w.bookedBy, `${a.holder.firstName} ${a.holder.lastName}`.trim() + ` (${a.patient.relation})`);
  field(doc, w.date, `${clinicDay(a.date, language)}, ${a.startTime}`);
  field(doc, w.mode, modeOf(a, language));
  field(doc, w.appointment, a.appointmentNumber);
  rule(doc);
  field(doc, w.complaint, m.complain);
  doc.y += 4;
  paragraph(doc, 'Rx', { size: 13, bold: true });
  if (m.remedies.length === 0) paragraph(doc, w.noRemedies);
  m.remedies.forEach((r, i) => {
    const potency = m.potency ? ` ${m.potency}` : '';
    paragraph(doc, `${i + 1}. ${r.medicineName}${potency}`, { bold: true });
    const parts = [r.dosage && `${w.dosage}: ${r.dosage}`, r.frequency && `${w.frequency}: ${r.frequency}`, m.duration && `${w.duration}: ${m.duration}`].filter(Boolean);
    if (parts.length > 0) paragraph(doc, parts.join('; '), {}, doc.page.margins.left + 16);
  });
  doc.y += 4;
  field(doc, w.instructions, m.instructions);
  if (m.pharmacyName) field(doc, w.pharmacy, m.pharmacyName);
  doc.y += 28;
  const right = doc.page.width - doc.page.margins.right;
  paragraph(doc, a.doctor.name, { bold: true }, right - 220, 220);
  const signature = a.doctor.registrationNumber === '' ? w.signature : w.signatureWithNumber(a.doctor.registrationNumber);
  paragraph(doc, signature, { size: 9, color: '#52606d' }, right - 220, 220);
  if (verification) drawVerification(doc, verification, language);
  doc.y += 16;
  paragraph(doc, w.footer, { size: 8.5, color: '#52606d' });
  return toBuffer(doc);
}
