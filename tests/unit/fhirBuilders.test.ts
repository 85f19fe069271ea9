/**
 * The FHIR builders (server/abdm/fhir/) on a stored appointment made by hand: a family member's
 * Patient never carries the account holder's ABHA; a consultation with nothing the guide has a
 * section for makes no document; the follow-up's words are the section's narrative, escaped.
 */
import type { Bundle, Composition, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { opConsultRecord } from '../../server/abdm/fhir/consultation.js';
import { clinicIso, resourceId } from '../../server/abdm/fhir/resources.js';
import type { FhirSource } from '../../server/abdm/fhir/resources.js';
import type { RecordAppointment } from '../../server/repositories/records.js';
import { allErrors } from '../server/fhirSupport.js';

const appointment: RecordAppointment = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  appointmentNumber: 'APT-1001',
  userId: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  doctorId: '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e',
  status: 'Completed',
  paymentStatus: 'paid',
  paymentId: 'M-1',
  date: '2026-03-05',
  startTime: '10:30',
  consultationType: 'Clinic Visit',
  fee: 500,
  location: 'Aundh',
  patient: { firstName: 'आरव', lastName: 'कुलकर्णी', age: 9, gender: 'male', relation: 'son', familyMemberId: '3d4e5f60-7182-4c9d-8e0f-2a3b4c5d6e7f' },
  holder: { firstName: 'Asha', lastName: 'Kulkarni', email: 'asha@example.com', phoneNumber: '9876543210' },
  doctor: { name: 'Dr. Meera Kulkarni', qualification: 'BHMS', registrationCouncil: 'MCH', registrationNumber: 'MCH-1' },
  language: 'mr',
  medicines: {
    complain: 'ताप <रात्री> & खोकला',
    remedies: [{ medicineName: 'Belladonna', dosage: '', frequency: '' }],
    potency: '',
    duration: '',
    pharmacyName: '',
    pharmacyId: '',
    instructions: '',
    showMedicine: true,
    diagnosis: 'Fever',
    followUp: { kind: 'asNeeded' },
  },
  order: null,
  updatedAt: new Date('2026-03-05T05:00:00Z'),
};

const source = (a: RecordAppointment = appointment): FhirSource => ({
  appointment: a,
  abha: { abhaNumber: '91502030704012', abhaAddress: 'asha.k@abdm', source: 'typed', updatedAt: '2026-01-01T00:00:00Z' },
  clinic: { name: 'Sahaj Homeopathy Clinic', address: ['Aundh', 'Pune'], taxDetails: null },
  publicUrl: 'https://clinic.example',
  now: new Date('2026-03-05T06:00:00Z'),
});

describe('the FHIR builders', () => {
  it('a family member\'s consultation validates; its Patient has the portal\'s number and no ABHA of the holder', () => {
    const bundle = opConsultRecord(source(), '1')!;
    expect(allErrors('OPConsultRecord', bundle)).toEqual([]);
    const patient = bundle.entry!.map((e) => e.resource).find((r): r is Patient => r?.resourceType === 'Patient')!;
    expect(patient.identifier!.map((i) => i.type?.coding?.[0]?.code)).toEqual(['MR']);
    expect(patient.identifier![0]!.value).toBe(`${appointment.userId}/family/${appointment.patient.familyMemberId}`);
    expect(bundle.timestamp).toBe('2026-03-05T11:30:00+05:30');
  }, 30_000);

  it('the follow-up is its words, escaped in the narrative; a dosage with nothing written keeps only its place', () => {
    const bundle = opConsultRecord(source(), '1') as Bundle;
    const composition = bundle.entry![0]!.resource as Composition;
    expect(composition.section!.map((s) => s.title)).toEqual(['Chief complaints', 'Medications', 'Follow up', 'Provisional diagnosis']);
    expect(composition.section![2]!.text!.div).toMatch(/^<div xmlns="http:\/\/www.w3.org\/1999\/xhtml">.+<\/div>$/);
    const json = JSON.stringify(bundle);
    expect(json).toContain('"text":"ताप <रात्री> & खोकला"');
    expect(json).toContain('"dosageInstruction":[{"sequence":1}]');
  });

  it('nothing for any section: no document', () => {
    const empty = { ...appointment, medicines: { ...appointment.medicines, complain: '', remedies: [], diagnosis: '', followUp: null } };
    expect(opConsultRecord(source(empty), '1')).toBeNull();
  });

  it('ids are stable UUIDs; instants carry the clinic\'s offset', () => {
    expect(resourceId('a', 'patient')).toBe(resourceId('a', 'patient'));
    expect(resourceId('a', 'patient')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(clinicIso(new Date('2026-03-05T18:45:00Z'))).toBe('2026-03-06T00:15:00+05:30');
  });
});
