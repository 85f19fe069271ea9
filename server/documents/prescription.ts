/**
 * A completed consultation's prescription as a PDF, with every item of India's Telemedicine
 * Practice Guidelines (2020, annexure: sample prescription format), in its order: the clinic
 * (name, address, phone, email); the doctor (name, qualification, registration council and
 * number, contact); the patient (name, age, gender, contact); the date and mode; the complaint,
 * relevant history and findings, provisional diagnosis and investigations advised; the remedies
 * (names in capitals, potency, dosage, frequency, duration); the instructions; the follow-up;
 * and the doctor's signature (their signature image where one is on file, above their name).
 * What the doctor wrote is printed as written and nothing is added to it: no plain-words
 * restatement of a frequency, no follow-up the doctor did not give. docs/records.md.
 */
import type { RecordAppointment } from '../repositories/records.js';
import type { Language } from '../../contract/auth.js';
import { clinicalOf } from '../../contract/appointments.js';
import { followUpLanguages, followUpWords } from '../../contract/followUpWords.js';
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
  /** The clinic's phone and email (HELP_CALL_NUMBER, HELP_EMAIL), under its address; absent: not printed. */
  phone?: string;
  email?: string;
}

/** A remedy's name as the prescription prints it: in capitals (a script without case, Devanagari, stays as written). */
export const remedyNameOnPaper = (name: string): string => name.toLocaleUpperCase('en-IN');

/** The signature block's width, at the right margin; the verification mark goes under it. */
const signatureWidth = 220;
/** The signature image's box in points (the stored PNG is at most 600 x 200 pixels: 3:1). */
const signatureBox: [number, number] = [150, 50];

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
/**
 * `signature`: the doctor's signature image, drawn above the name; `verification`: the mark (QR
 * code and short code, server/documents/verification.ts) drawn under the signature block.
 */
export async function prescriptionPdf(
  a: RecordAppointment,
  clinic: ClinicDetails,
  language: Language = 'en',
  options: { signature?: Buffer | null; verification?: Verification } = {},
): Promise<Buffer> {
  const words = documentWords[language];
  const w = words.prescription;
  const doc = await newDocument({ title: `${w.title} ${a.appointmentNumber}`, author: clinic.name });
  const m = a.medicines;
  const clinical = clinicalOf(m);
  const muted = { size: 9.5, color: '#52606d' };
  paragraph(doc, clinic.name, { size: 16, bold: true });
  if (clinic.address.length > 0) paragraph(doc, clinic.address.join(', '), muted);
  if (clinic.phone && clinic.email) paragraph(doc, w.clinicContact(clinic.phone, clinic.email), muted);
  rule(doc);
  paragraph(doc, a.doctor.name, { size: 12, bold: true });
  if (a.doctor.qualification) paragraph(doc, a.doctor.qualification);
  paragraph(doc, `${w.registration}: ${registrationOf(a, language)}`);
  // The doctor is reached through the clinic: a doctor's own address is their staff account's,
  // which the patient's records never carry (docs/records.md).
  if (clinic.phone && clinic.email) paragraph(doc, `${w.contact}: ${clinic.phone} · ${clinic.email}`);
  rule(doc);
  const patient = `${a.patient.firstName} ${a.patient.lastName}`.trim();
  field(doc, w.patient, patient);
  field(doc, w.ageGender, w.ageGenderValue(a.patient.age, words.genders[a.patient.gender] ?? a.patient.gender));
  // The account's phone and email: how the clinic reaches the patient (a family member through the holder).
  const contact = [a.holder.phoneNumber, a.holder.email].filter((c) => c && !c.endsWith('.invalid')).join(' · ');
  field(doc, w.contact, contact);
  if (a.patient.relation !== null) field(doc, w.bookedBy, `${a.holder.firstName} ${a.holder.lastName}`.trim() + ` (${a.patient.relation})`);
  field(doc, w.date, `${clinicDay(a.date, language)}, ${a.startTime}`);
  field(doc, w.mode, modeOf(a, language));
  field(doc, w.appointment, a.appointmentNumber);
  rule(doc);
  field(doc, w.complaint, m.complain);
  field(doc, w.history, clinical.history);
  field(doc, w.diagnosis, clinical.diagnosis);
  field(doc, w.investigations, clinical.investigations);
  doc.y += 4;
  paragraph(doc, 'Rx', { size: 13, bold: true });
  if (m.remedies.length === 0) paragraph(doc, w.noRemedies);
  m.remedies.forEach((r, i) => {
    const potency = m.potency ? ` ${m.potency}` : '';
    paragraph(doc, `${i + 1}. ${remedyNameOnPaper(r.medicineName)}${potency}`, { bold: true });
    const parts = [r.dosage && `${w.dosage}: ${r.dosage}`, r.frequency && `${w.frequency}: ${r.frequency}`, m.duration && `${w.duration}: ${m.duration}`].filter(Boolean);
    if (parts.length > 0) paragraph(doc, parts.join('; '), {}, doc.page.margins.left + 16);
  });
  doc.y += 4;
  field(doc, w.instructions, m.instructions);
  field(doc, w.followUp, followUpWords(clinical.followUp, language) ?? followUpLanguages[language].none);
  if (m.pharmacyName) field(doc, w.pharmacy, m.pharmacyName);
  const right = doc.page.width - doc.page.margins.right;
  const x = right - signatureWidth;
  // The signature block stays whole: a new page when the image and the name would not fit.
  const blockHeight = 16 + (options.signature ? signatureBox[1] + 4 : 28) + 40;
  if (doc.y + blockHeight > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  doc.y += 16;
  if (options.signature) {
    doc.image(options.signature, x, doc.y, { fit: signatureBox, valign: 'bottom' });
    doc.y += signatureBox[1] + 4;
  } else doc.y += 12;
  paragraph(doc, a.doctor.name, { bold: true }, x, signatureWidth);
  const signature = a.doctor.registrationNumber === '' ? w.signature : w.signatureWithNumber(a.doctor.registrationNumber);
  paragraph(doc, signature, { size: 9, color: '#52606d' }, x, signatureWidth);
  // Under the signature block: the verification mark.
  if (options.verification) drawVerification(doc, options.verification, language);
  doc.x = doc.page.margins.left;
  doc.y += 12;
  paragraph(doc, w.footer, { size: 8.5, color: '#52606d' });
  return toBuffer(doc);
}
