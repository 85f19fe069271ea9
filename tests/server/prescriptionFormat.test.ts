/**
 * The prescription PDF carries every item of the Telemedicine Practice Guidelines' (2020)
 * prescription format (docs/records.md), read back with poppler's pdftotext: the clinic with its
 * phone and email, the doctor with qualification, registration and contact, the patient with
 * age, gender and contact, date and mode, complaint, history and findings, provisional diagnosis,
 * investigations, the remedies in capitals (a Devanagari name as written) with potency, dosage,
 * frequency and duration, instructions, follow-up, and the signature; on one page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { followUpWords } from '../../contract/followUpWords.js';
import { defaultHelpContacts } from '../../server/config.js';
import { upsertSignature } from '../../server/signatures/repository.js';
import { backends } from './helpers.js';
import { bookedAndPaid, prescription, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { meera, type Patient, type Response } from './paymentSupport.js';
import { pdfInfo } from './pdfSupport.js';

const keepDir = path.join(process.cwd(), 'test-results', 'documents');

const fullPrescription = {
  ...prescription,
  history: 'Cough since 2 weeks; chest clear on auscultation',
  diagnosis: 'Acute bronchitis',
  investigations: 'Chest X-ray PA view',
  followUp: { kind: 'after', every: 2, unit: 'weeks', times: 1 },
  remedies: [...prescription.remedies, { medicineName: 'आर्निका मॉन्टाना', dosage: '२ गोलियाँ', frequency: 'TDS' }],
};

describe.each(backends)('the prescription format on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('prints every item of the guidelines\' format, the names in capitals, on one page with the signature image', async () => {
    await t.db().query(`update doctors set registration_council = 'Maharashtra Council of Homoeopathy', registration_number = 'MCH-48213', qualification = 'BHMS, MD (Hom)' where email = $1`, [
      meera.email,
    ]);
    const patient: Patient = await t.patient('rxformat');
    const appointment = (await bookedAndPaid(t.app(), patient, { startTime: '11:00' })) as { _id: string; appointmentId: string };
    const doctorId = (await t.db().query<{ id: string }>('select id::text from doctors where email = $1', [meera.email])).rows[0]!.id;
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 120, alpha: 1 } } }).png().toBuffer();
    await upsertSignature(t.db(), doctorId, png, 'office@sahaj-clinic.example', new Date());
    const admin = await t.staff('admin', 'office-rx@sahaj-clinic.example');
    toCompletable(t.clock, '11:00');
    const done = await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, fullPrescription);
    expect(done.statusCode, done.body).toBe(200);

    const rx = (await t.app().inject({
      method: 'GET',
      url: `/api/records/appointments/${appointment._id}/prescription.pdf`,
      headers: patient.headers,
    })) as Response;
    expect(rx.statusCode).toBe(200);
    mkdirSync(keepDir, { recursive: true });
    writeFileSync(path.join(keepDir, `prescription-format-${backend}.pdf`), rx.rawPayload);
    const { text, pages } = pdfInfo(rx.rawPayload);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      // The clinic.
      'Sahaj Homeopathy Clinic',
      'Kothrud, Pune 411038',
      `Phone: ${defaultHelpContacts.callNumber}`,
      `Email: ${defaultHelpContacts.email}`,
      // The doctor.
      meera.name,
      'BHMS, MD (Hom)',
      'Registration: Maharashtra Council of Homoeopathy, Reg. No. MCH-48213',
      'Contact',
      // The patient.
      'Patient',
      'Age / Gender',
      patient.email,
      // Date and mode.
      'Date',
      'Mode',
      'Clinic visit',
      // The clinical items.
      'Complaint',
      prescription.complain,
      'History and findings',
      fullPrescription.history,
      'Provisional diagnosis',
      'Acute bronchitis',
      'Investigations advised',
      'Chest X-ray PA view',
      // The remedies: names in capitals, potency, dosage, frequency, duration.
      'BRYONIA ALBA 30C',
      'DROSERA 30C',
      'Dosage: 4 pills',
      'Frequency: three times a day',
      'Duration: 10 days',
      'TDS',
      'Instructions',
      prescription.instructions,
      'Follow-up',
      'After 2 weeks',
      // The signature block.
      'Signature (Reg. No. MCH-48213)',
    ]) {
      expect(flat, expected).toContain(expected);
    }
    // A Devanagari name stays as written (no case to change).
    for (const word of ['आर्निका', 'मॉन्टाना']) expect(text).toContain(word);
    expect(text).not.toContain('Bryonia alba');
    // The signature image is drawn: one image XObject in the page.
    expect(rx.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('words a course, "as needed" and one follow-up alike everywhere (contract/followUpWords.ts)', () => {
    expect(followUpWords({ kind: 'after', every: 1, unit: 'weeks', times: 3 })).toBe('3 visits, every week');
    expect(followUpWords({ kind: 'asNeeded' }, 'hi')).toBe('ज़रूरत होने पर');
    expect(followUpWords({ kind: 'after', every: 10, unit: 'days', times: 1 }, 'mr')).toBe('10 दिवसांनी');
    expect(followUpWords(null)).toBeNull();
  });
});
