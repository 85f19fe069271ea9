/**
 * The clinical resources made from the doctor's words: the complaint, history, provisional
 * diagnosis, investigations advised and each remedy. Every text is the stored text, unchanged:
 * never translated, re-cased, abbreviated or expanded, and no dosing word is added (docs/records.md,
 * "What the patient sees of a prescription"). Words the doctor left blank are left out.
 */
import type { Condition, Dosage, Encounter, MedicationRequest, Patient, Practitioner, ServiceRequest } from '@medplum/fhirtypes';
import { clinicalOf, type Remedy } from '../../../contract/appointments.js';
import { profiles, systems } from './profiles.js';
import { clinicDateTime, type FhirSource, ref, resourceId } from './resources.js';

const written = (s: string | undefined | null): s is string => typeof s === 'string' && s.trim() !== '';

export interface Parties {
  patient: Patient;
  practitioner: Practitioner;
  encounter: Encounter;
}

function condition(s: FhirSource, p: Parties, name: string, text: string, extra: Partial<Condition> = {}): Condition {
  return {
    resourceType: 'Condition',
    id: resourceId(s.appointment.id, `condition:${name}`),
    meta: { profile: [profiles.Condition] },
    ...extra,
    code: { text },
    subject: ref(p.patient),
    encounter: ref(p.encounter),
    recordedDate: clinicDateTime(s.appointment.date, s.appointment.startTime),
    recorder: ref(p.practitioner),
  };
}

/** The chief complaint as written, or null. */
export function complaintOf(s: FhirSource, p: Parties): Condition | null {
  const text = s.appointment.medicines.complain;
  return written(text) ? condition(s, p, 'complaint', text) : null;
}

/** Relevant history and findings as written, or null. */
export function historyOf(s: FhirSource, p: Parties): Condition | null {
  const text = clinicalOf(s.appointment.medicines).history;
  return written(text) ? condition(s, p, 'history', text) : null;
}

/** The provisional diagnosis as written (verification status: provisional), or null. */
export function diagnosisOf(s: FhirSource, p: Parties): Condition | null {
  const text = clinicalOf(s.appointment.medicines).diagnosis;
  if (!written(text)) return null;
  return condition(s, p, 'diagnosis', text, {
    verificationStatus: { coding: [{ system: systems.conditionVerification, code: 'provisional', display: 'Provisional' }] },
    category: [{ coding: [{ system: systems.conditionCategory, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] }],
  });
}

/** The investigations advised as written, or null. */
export function investigationsOf(s: FhirSource, p: Parties): ServiceRequest | null {
  const text = clinicalOf(s.appointment.medicines).investigations;
  if (!written(text)) return null;
  return {
    resourceType: 'ServiceRequest',
    id: resourceId(s.appointment.id, 'investigations'),
    meta: { profile: [profiles.ServiceRequest] },
    status: 'active',
    intent: 'order',
    code: { text },
    subject: ref(p.patient),
    encounter: ref(p.encounter),
    authoredOn: clinicDateTime(s.appointment.date, s.appointment.startTime),
    requester: ref(p.practitioner),
  };
}

/**
 * A remedy's dosage: the text is the doctor's dosage, frequency and the prescription's duration,
 * each as written and in that order (the PDF's), joined by "; "; the frequency is also the
 * timing's text; the instructions are the patient's instructions. Nothing written: its place only.
 */
export function dosageOf(r: Remedy, duration: string, instructions: string): Dosage {
  const text = [r.dosage, r.frequency, duration].filter(written).join('; ');
  return {
    sequence: 1,
    ...(text !== '' ? { text } : {}),
    ...(written(r.frequency) ? { timing: { code: { text: r.frequency } } } : {}),
    ...(written(instructions) ? { patientInstruction: instructions } : {}),
  };
}

/** The remedy's name and the potency, as the prescription prints them ("Arnica montana 200C"). */
export const remedyText = (r: Remedy, potency: string): string => (written(potency) ? `${r.medicineName} ${potency}` : r.medicineName);

/** One MedicationRequest a remedy with a name, in the order written. */
export function medicationRequestsOf(s: FhirSource, p: Parties, diagnosis: Condition | null): MedicationRequest[] {
  const m = s.appointment.medicines;
  return m.remedies
    .filter((r) => written(r.medicineName))
    .map((r, i) => ({
      resourceType: 'MedicationRequest',
      id: resourceId(s.appointment.id, `remedy:${i}`),
      meta: { profile: [profiles.MedicationRequest] },
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: remedyText(r, m.potency) },
      subject: ref(p.patient),
      encounter: ref(p.encounter),
      authoredOn: clinicDateTime(s.appointment.date, s.appointment.startTime),
      requester: ref(p.practitioner, s.appointment.doctor.name),
      ...(diagnosis ? { reasonReference: [ref(diagnosis)] } : {}),
      dosageInstruction: [dosageOf(r, m.duration, m.instructions)],
    }));
}
