/**
 * OPConsultRecord: the consultation as a FHIR document. Sections (./profiles.ts opConsultSections):
 * the chief complaint, the history, the investigations advised, the remedies, the follow-up (its
 * words, contract/followUpWords.ts; not yet an Appointment), and at the end, outside the guide's
 * slices, the provisional diagnosis (also the Encounter's diagnosis).
 */
import type { Bundle, CompositionSection, Reference, Resource } from '@medplum/fhirtypes';
import { clinicalOf } from '../../../contract/appointments.js';
import { followUpWords } from '../../../contract/followUpWords.js';
import { complaintOf, diagnosisOf, historyOf, investigationsOf, medicationRequestsOf } from './clinical.js';
import { compositionTypes, opConsultSections, profiles } from './profiles.js';
import { clinicDateTime, compositionOf, documentBundle, type FhirSource, narrative, partiesOf, ref } from './resources.js';

type Slice = keyof typeof opConsultSections;

function section(slice: Slice, title: string, entries: Reference[]): CompositionSection {
  const { system, code, display } = opConsultSections[slice];
  return { title, code: { coding: [{ system, code, display }] }, entry: entries };
}

/** The bundle's resources but the Composition, and its sections. */
function contents(s: FhirSource) {
  const all = partiesOf(s);
  const { patient, practitioner, organization, encounter } = all;
  const parties = { patient, practitioner, encounter };
  const complaint = complaintOf(s, parties);
  const history = historyOf(s, parties);
  const diagnosis = diagnosisOf(s, parties);
  const investigations = investigationsOf(s, parties);
  const remedies = medicationRequestsOf(s, parties, diagnosis);
  if (diagnosis) encounter.diagnosis = [{ condition: ref(diagnosis) }];
  const sections: CompositionSection[] = [];
  if (complaint) sections.push(section('ChiefComplaints', 'Chief complaints', [ref(complaint)]));
  if (history) sections.push(section('MedicalHistory', 'Medical history', [ref(history)]));
  if (investigations) sections.push(section('InvestigationAdvice', 'Investigation advice', [ref(investigations)]));
  if (remedies.length > 0) sections.push(section('Medications', 'Medications', remedies.map((r) => ref(r))));
  const followUp = followUpWords(clinicalOf(s.appointment.medicines).followUp, s.appointment.language);
  if (followUp) {
    const { system, code, display } = opConsultSections.FollowUp;
    sections.push({ title: 'Follow up', code: { coding: [{ system, code, display }] }, text: narrative(followUp) });
  }
  if (diagnosis) sections.push({ title: 'Provisional diagnosis', entry: [ref(diagnosis)] });
  const resources: Resource[] = [patient, practitioner, organization, encounter];
  for (const r of [complaint, history, diagnosis, investigations, ...remedies]) if (r) resources.push(r);
  return { parties: all, sections, resources };
}

/** The consultation's document; null when it holds nothing the guide has a section for. */
export function opConsultRecord(s: FhirSource, versionId: string): Bundle | null {
  const c = contents(s);
  if (c.sections.length === 0) return null;
  const a = s.appointment;
  const { coding } = compositionTypes.OPConsultRecord;
  const composition = compositionOf(s, c.parties, {
    name: 'consultation',
    profile: profiles.OPConsultRecord,
    type: { coding: [coding], text: coding.display },
    date: clinicDateTime(a.date, a.startTime),
    author: [ref(c.parties.practitioner, a.doctor.name)],
    title: 'Consultation Report',
    section: c.sections,
  });
  return documentBundle(s, 'consultation', versionId, [composition, ...c.resources]);
}
