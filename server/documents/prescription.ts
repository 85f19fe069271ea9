/**
 * A completed consultation's prescription as a PDF, in the order India's Telemedicine Practice
 * Guidelines (2020, annexure: sample prescription format) set out: the clinic, the doctor with
 * qualification and registration, the patient, the date and mode, the complaint, the remedies,
 * the instructions, the follow-up, and the doctor's name as signature.
 */
import type { RecordAppointment } from '../repositories/records.js';
import { clinicDay } from '../formats.js';
import { field, newDocument, paragraph, rule, toBuffer } from './pdf.js';

export interface ClinicDetails {
  name: string;
  /** Lines of the clinic's address (CLINIC_ADDRESS). */
  address: readonly string[];
  /** CLINIC_GSTIN and the like: printed on receipts when configured. */
  taxDetails: string | null;
}

/** 'Clinic visit, Kothrud' or 'Online (Video)': how the patient was seen. */
export function modeOf(a: Pick<RecordAppointment, 'consultationType' | 'location'>): string {
  if (a.consultationType === 'Clinic Visit') return a.location === null ? 'Clinic visit' : `Clinic visit, ${a.location}`;
  return `Online (${a.consultationType})`;
}

export const genderWord = (g: string) => (g === 'male' ? 'Male' : g === 'female' ? 'Female' : g);

export function prescriptionFileName(a: Pick<RecordAppointment, 'appointmentNumber'>): string {
  return `prescription-${a.appointmentNumber.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** The follow-up line: after the remedies' course when its length is known, else as the doctor said. */
export function followUp(until: string | null): string {
  return until === null ? 'As advised by the doctor.' : `Review when the course ends, from ${clinicDay(until)}, or earlier if symptoms worsen.`;
}

export async function prescriptionPdf(a: RecordAppointment, clinic: ClinicDetails, courseUntil: string | null): Promise<Buffer> {
  const doc = await newDocument({ title: `Prescription ${a.appointmentNumber}`, author: clinic.name });
  const m = a.medicines;
  paragraph(doc, clinic.name, { size: 16, bold: true });
  if (clinic.address.length > 0) paragraph(doc, clinic.address.join(', '), { size: 9.5, color: '#52606d' });
  rule(doc);
  paragraph(doc, a.doctor.name, { size: 12, bold: true });
  if (a.doctor.qualification) paragraph(doc, a.doctor.qualification);
  const registration = [a.doctor.registrationCouncil, a.doctor.registrationNumber].filter(Boolean).join(', Reg. No. ');
  paragraph(doc, `Registration: ${registration === '' ? 'not on record' : registration}`);
  rule(doc);
  const patient = `${a.patient.firstName} ${a.patient.lastName}`.trim();
  field(doc, 'Patient', patient);
  field(doc, 'Age / Gender', `${a.patient.age} years / ${genderWord(a.patient.gender)}`);
  if (a.patient.relation !== null) field(doc, 'Booked by', `${a.holder.firstName} ${a.holder.lastName}`.trim() + ` (${a.patient.relation})`);
  field(doc, 'Date', `${clinicDay(a.date)}, ${a.startTime}`);
  field(doc, 'Mode', modeOf(a));
  field(doc, 'Appointment', a.appointmentNumber);
  rule(doc);
  field(doc, 'Complaint', m.complain);
  doc.y += 4;
  paragraph(doc, 'Rx', { size: 13, bold: true });
  if (m.remedies.length === 0) paragraph(doc, 'No remedies prescribed.');
  m.remedies.forEach((r, i) => {
    const potency = m.potency ? ` ${m.potency}` : '';
    paragraph(doc, `${i + 1}. ${r.medicineName}${potency}`, { bold: true });
    const parts = [r.dosage && `Dosage: ${r.dosage}`, r.frequency && `Frequency: ${r.frequency}`, m.duration && `Duration: ${m.duration}`].filter(Boolean);
    if (parts.length > 0) paragraph(doc, parts.join('; '), {}, doc.page.margins.left + 16);
  });
  doc.y += 4;
  field(doc, 'Instructions', m.instructions);
  if (m.pharmacyName) field(doc, 'Pharmacy', m.pharmacyName);
  field(doc, 'Follow-up', followUp(courseUntil));
  doc.y += 28;
  const right = doc.page.width - doc.page.margins.right;
  paragraph(doc, a.doctor.name, { bold: true }, right - 220, 220);
  paragraph(doc, registration === '' ? 'Signature' : `Signature (Reg. No. ${a.doctor.registrationNumber})`, { size: 9, color: '#52606d' }, right - 220, 220);
  doc.y += 16;
  paragraph(
    doc,
    'This prescription was issued after a consultation under the Telemedicine Practice Guidelines (2020) where the mode is online. Take remedies only as prescribed.',
    { size: 8.5, color: '#52606d' },
  );
  return toBuffer(doc);
}
