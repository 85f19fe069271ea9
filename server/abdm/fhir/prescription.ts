/**
 * PrescriptionRecord: the prescription as a FHIR document. Its one section holds a
 * MedicationRequest a remedy and the signed PDF of the prescription as a Binary (the guide's two
 * entry slices, told apart by Reference.type).
 */
import type { Binary, Bundle } from '@medplum/fhirtypes';
import { diagnosisOf, medicationRequestsOf } from './clinical.js';
import { compositionTypes, prescriptionSection, profiles } from './profiles.js';
import { clinicDateTime, compositionOf, documentBundle, type FhirSource, partiesOf, ref, resourceId } from './resources.js';

export function prescriptionRecord(s: FhirSource, versionId: string, pdf: Buffer): Bundle {
  const a = s.appointment;
  const all = partiesOf(s);
  const { patient, practitioner, organization, encounter } = all;
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
  const composition = compositionOf(s, all, {
    name: 'prescription',
    profile: profiles.PrescriptionRecord,
    type: { coding: [coding], text: coding.display },
    date: clinicDateTime(a.date, a.startTime),
    author: [ref(practitioner, a.doctor.name)],
    title: 'Prescription record',
    section: [
      {
        title: 'Prescription record',
        code: { coding: [{ system: prescriptionSection.system, code: prescriptionSection.code, display: prescriptionSection.display }] },
        entry: [...remedies.map((r) => ref(r)), ref(binary)],
      },
    ],
  });
  const resources = [composition, patient, practitioner, organization, encounter, ...(diagnosis ? [diagnosis] : []), ...remedies, binary];
  return documentBundle(s, 'prescription', versionId, resources);
}
