/**
 * The consultation, prescription and receipt as FHIR documents (server/abdm/fhir/, docs/abdm.md),
 * built from a seeded, completed and paid consultation on every backend: each bundle validates
 * with @medplum/core and with the `fhir` package, and meets the NRCeS rules kept as data; a bundle
 * without a required element is refused; the clinical words are the doctor's, Devanagari too;
 * the Patient carries the ABHA; who may fetch them (404 for others).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Bundle, Composition, Condition, MedicationRequest, Patient, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { RecordKind } from '../../server/abdm/fhir/profiles.js';
import { backends } from './helpers.js';
import { prescription, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import type { Patient as TestPatient, Response } from './paymentSupport.js';
import { completedConsultation, hindiPrescription } from './recordsSupport.js';
import { allErrors, fhirPackageErrors, medplumErrors, nrcesErrors } from './fhirSupport.js';

const keepDir = path.join(process.cwd(), 'test-results', 'documents');
const keep = (name: string, body: string) => {
  mkdirSync(keepDir, { recursive: true });
  writeFileSync(path.join(keepDir, name), body);
};

const get = (app: FastifyInstance, who: TestPatient | null, url: string) =>
  app.inject({ method: 'GET', url: `/api/records${url}`, headers: who ? who.headers : {} }) as Promise<Response>;

const kinds: Array<[string, RecordKind]> = [
  ['consultation', 'OPConsultRecord'],
  ['prescription', 'PrescriptionRecord'],
  ['receipt', 'InvoiceRecord'],
];

const resources = (b: Bundle) => (b.entry ?? []).map((e) => e.resource as Resource);
const ofType = <T extends Resource>(b: Bundle, type: T['resourceType']) => resources(b).filter((r): r is T => r.resourceType === type);

describe.each(backends)('FHIR documents on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('the three documents validate (two libraries and the NRCeS rules), as application/fhir+json files; a broken one is refused', async () => {
    const { patient, appointment } = await completedConsultation(t);
    for (const [name, kind] of kinds) {
      const res = await get(t.app(), patient, `/appointments/${appointment._id}/${name}.fhir.json`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/fhir+json');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${appointment.appointmentId}.fhir.json"`);
      const bundle = JSON.parse(res.body) as Bundle;
      keep(`${name}.fhir.json`, res.body);
      expect(allErrors(kind, bundle), name).toEqual([]);
      expect(bundle.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);

      // The Composition's subject is required: every check refuses the bundle without it.
      const broken = structuredClone(bundle);
      delete (broken.entry![0]!.resource as Partial<Composition>).subject;
      expect(nrcesErrors(kind, broken)).toContain('Composition.subject.reference');
      // And a required element of base R4 (Composition.status), for both libraries.
      delete (broken.entry![0]!.resource as Partial<Composition>).status;
      expect(medplumErrors(broken).join('\n')).toMatch(/status/);
      expect(fhirPackageErrors(broken).join('\n')).toMatch(/status/);
    }
  }, 60_000);

  it('the clinical words are the doctor\'s, unchanged, Devanagari too; the dates carry the clinic\'s offset', async () => {
    const { patient, appointment } = await completedConsultation(t);
    const consultation = (await get(t.app(), patient, `/appointments/${appointment._id}/consultation.fhir.json`)).json() as Bundle;
    const conditions = ofType<Condition>(consultation, 'Condition').map((c) => c.code?.text);
    expect(conditions).toEqual([hindiPrescription.complain, hindiPrescription.diagnosis]);
    const requests = ofType<MedicationRequest>(consultation, 'MedicationRequest');
    expect(requests.map((r) => r.medicationCodeableConcept?.text)).toEqual(hindiPrescription.remedies.map((r) => `${r.medicineName} ${prescription.potency}`));
    expect(requests.map((r) => r.dosageInstruction?.[0]?.text)).toEqual(hindiPrescription.remedies.map((r) => `${r.dosage}; ${r.frequency}; ${prescription.duration}`));
    expect(requests.map((r) => r.dosageInstruction?.[0]?.timing?.code?.text)).toEqual(hindiPrescription.remedies.map((r) => r.frequency));
    expect(requests[2]!.medicationCodeableConcept?.text).toBe('आर्निका मॉन्टाना 30C');
    expect(requests[2]!.dosageInstruction?.[0]?.text).toBe('२ गोलियाँ; TDS; 10 days');
    expect(requests.every((r) => r.dosageInstruction?.[0]?.patientInstruction === prescription.instructions)).toBe(true);
    expect(ofType<Patient>(consultation, 'Patient')[0]!.name).toEqual([{ text: 'सुनीता क्षत्रिय' }]);
    expect((consultation.entry![0]!.resource as Composition).date).toBe('2025-03-11T11:00:00+05:30');
    // Nothing but the doctor's words: no expansion of a frequency anywhere in the document.
    expect(JSON.stringify(consultation)).not.toMatch(/three times daily|thrice|morning/i);
  }, 60_000);

  it('the Patient carries the ABHA number and address on file; the prescription holds the signed PDF', async () => {
    const { patient, appointment } = await completedConsultation(t);
    const put = await t.app().inject({ method: 'PUT', url: '/api/account/abha', headers: patient.headers, payload: { abhaNumber: '91-5020-3070-4012', abhaAddress: 'sunita.k@sbx', source: 'typed' } });
    expect(put.statusCode, put.body).toBe(200);
    const bundle = (await get(t.app(), patient, `/appointments/${appointment._id}/prescription.fhir.json`)).json() as Bundle;
    expect(allErrors('PrescriptionRecord', bundle)).toEqual([]);
    const identifiers = ofType<Patient>(bundle, 'Patient')[0]!.identifier!;
    expect(identifiers.slice(0, 2).map((i) => [i.type?.coding?.[0]?.code, i.value])).toEqual([
      ['HIN', '91502030704012'],
      ['ABHA', 'sunita.k@sbx'],
    ]);
    const binary = ofType<{ resourceType: 'Binary'; data?: string; contentType: string } & Resource>(bundle, 'Binary')[0]!;
    expect(binary.contentType).toBe('application/pdf');
    expect(Buffer.from(binary.data!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  it('only the account holder, the appointment\'s doctor and admins get them: 404 for another patient, 401 for nobody, 409 before release', async () => {
    const { patient, appointment, admin } = await completedConsultation(t);
    const intruder = await t.patient('intruder');
    for (const [name] of kinds) {
      const url = `/appointments/${appointment._id}/${name}.fhir.json`;
      expect((await get(t.app(), intruder, url)).statusCode, url).toBe(404);
      expect((await get(t.app(), null, url)).statusCode, url).toBe(401);
      expect((await get(t.app(), admin, url)).statusCode, url).toBe(200);
    }
    expect((await get(t.app(), intruder, '/appointments/00000000-0000-4000-8000-000000000000/prescription.fhir.json')).statusCode).toBe(404);
    const hidden = await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, { ...hindiPrescription, showMedicine: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(t.app(), patient, `/appointments/${appointment._id}/prescription.fhir.json`)).statusCode).toBe(409);
    expect((await get(t.app(), patient, `/appointments/${appointment._id}/consultation.fhir.json`)).statusCode).toBe(409);
    expect((await get(t.app(), admin, `/appointments/${appointment._id}/prescription.fhir.json`)).statusCode).toBe(200);
  }, 60_000);
});
