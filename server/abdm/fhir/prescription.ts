/**
 * PrescriptionRecord: the prescription as a FHIR document. Its one section holds a
 * MedicationRequest a remedy and the signed PDF of the prescription as a Binary (the guide's two
 * entry slices, told apart by Reference.type).
 */
import type { Binary, Bundle, Composition } from '@medplum/fhirtypes';
import { diagnosisOf, medicationRequestsOf } from './clinical.js';
import { documentLanguage } from './consultation.js';
import { compositionTypes, prescriptionSection, profiles } from './profiles.js';
import { clinicDateTime, documentBundle, encounterOf, type FhirSource, organizationOf, patientName, patientOf, practitionerOf, ref, resourceId } from './resources.js';

export function prescriptionRecord(s: FhirSource, versionId: string, pdf: Buffer): Bundle {
  const a = s.appointment;
  const patient = patientOf(s);
  const practitioner = practitionerOf(s);
  const organization = organizationOf(s);
  const encounter = encounterOf(s, { patient, practitioner, organization });
  const parties = { patient, practitioner, encounter };
  const diagnosis = diagnosisOf(s, parties);
  const remedies = medicationRequestsOf(s, parties, diagnosis);
  const binary: Binary = {
    resourceType: 'Binary',
    id: resourceId(a.id, 'prescription.pdf'),
    meta: { profile: [profiles.Binary] },
    contentType: 'application/pdf',
    data: pdf.toString('base64'),
  };
  const { coding } = compositionTypes.PrescriptionRecord;
  const composition: Composition = {
    resourceType: 'Composition',
    id: resourceId(a.id, 'composition:prescription'),
    meta: { profile: [profiles.PrescriptionRecord] },
    language: documentLanguage(s),
    status: 'final',
    type: { coding: [coding], text: coding.display },
    subject: ref(patient, patientName(a)),
    encounter: ref(encounter),
    date: clinicDateTime(a.date, a.startTime),
    author: [ref(practitioner, a.doctor.name)],
    title: 'Prescription record',
    custodian: ref(organization, s.clinic.name),
    section: [
      {
        title: 'Prescription record',
        code: { coding: [{ system: prescriptionSection.system, code: prescriptionSection.code, display: prescriptionSection.display }] },
        entry: [...remedies.map((r) => ref(r)), ref(binary)],
      },
    ],
  };
  const resources = [composition, patient, practitioner, organization, encounter, ...(diagnosis ? [diagnosis] : []), ...remedies, binary];
  return documentBundle(s, 'prescription', versionId, resources);
}
