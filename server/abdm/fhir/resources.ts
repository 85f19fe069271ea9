/**
 * What every document shares: the stable ids of its resources, clinic-time dates, references,
 * and the Patient, Practitioner, Organization and Encounter made from the stored appointment.
 * Names and words are copied as stored; nothing is rewritten. Codes and systems: ./profiles.ts.
 */
import { createHash } from 'node:crypto';
import type { Bundle, BundleEntry, Composition, Encounter, Identifier, Organization, Patient, Practitioner, Reference, Resource } from '@medplum/fhirtypes';
import type { Abha } from '../../../contract/abdm.js';
import { clinicOffsetMinutes } from '../../../contract/clinicTime.js';
import type { ClinicDetails } from '../../documents/prescription.js';
import type { RecordAppointment } from '../../repositories/records.js';
import { confidentiality, encounterClasses, identifierTypes, profiles, systems } from './profiles.js';

/** What a document is made from: the stored appointment and what the clinic and the account hold. */
export interface FhirSource {
  appointment: RecordAppointment;
  /** The account holder's ABHA; put on the Patient only when the person consulted is the holder. */
  abha: Abha | null;
  clinic: ClinicDetails;
  /** PUBLIC_URL: the namespace of the portal's own identifiers. */
  publicUrl: string;
  /** When the document is made. */
  now: Date;
}

/** An ISO 8601 instant in clinic time with its offset (2026-03-05T10:30:00+05:30). */
export function clinicIso(at: Date): string {
  const shifted = new Date(at.getTime() + clinicOffsetMinutes * 60_000).toISOString();
  return `${shifted.slice(0, 19)}+05:30`;
}

/** A clinic date and time (YYYY-MM-DD, HH:mm) as an ISO dateTime with the clinic's offset. */
export const clinicDateTime = (date: string, time: string): string => `${date}T${time}:00+05:30`;

/**
 * A stable UUID for one resource of one appointment's documents (the same on every download), in
 * the RFC 4122 layout (version 5 nibble, variant bits) that urn:uuid needs.
 */
export function resourceId(appointmentId: string, name: string): string {
  const hex = createHash('sha256').update(`${appointmentId}:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const urn = (id: string): string => `urn:uuid:${id}`;

/** A reference to an entry of the bundle, with its type (the guide's slices read Reference.type). */
export function ref<T extends Resource>(resource: T, display?: string): Reference<T> {
  return { reference: urn(resource.id!), type: resource.resourceType, ...(display ? { display } : {}) };
}

const personName = (first: string, last: string): string => [first, last].filter((s) => s.trim() !== '').join(' ');

export const patientName = (a: RecordAppointment): string => personName(a.patient.firstName, a.patient.lastName);

function patientIdentifiers(s: FhirSource): Identifier[] {
  const a = s.appointment;
  const own: Identifier = {
    type: { coding: [identifierTypes.medicalRecord] },
    system: `${s.publicUrl}/patients`,
    value: !a.patient.familyMemberId ? a.userId : `${a.userId}/family/${a.patient.familyMemberId}`,
  };
  // The ABHA on file is the account holder's: a family member's Patient does not carry it.
  if (a.patient.relation !== null || s.abha === null) return [own];
  const abha: Identifier[] = [];
  if (s.abha.abhaNumber) abha.push({ type: { coding: [identifierTypes.abhaNumber] }, system: systems.abha, value: s.abha.abhaNumber });
  if (s.abha.abhaAddress) abha.push({ type: { coding: [identifierTypes.abhaAddress] }, system: systems.abha, value: s.abha.abhaAddress });
  return [...abha, own];
}

export function patientOf(s: FhirSource): Patient {
  const a = s.appointment;
  return {
    resourceType: 'Patient',
    id: resourceId(a.id, 'patient'),
    meta: { profile: [profiles.Patient] },
    identifier: patientIdentifiers(s),
    name: [{ text: patientName(a) }],
    gender: a.patient.gender,
  };
}

export function practitionerOf(s: FhirSource): Practitioner {
  const a = s.appointment;
  const d = a.doctor;
  const identifier: Identifier[] = [];
  if (d.registrationNumber.trim() !== '') {
    identifier.push({
      type: { coding: [identifierTypes.medicalLicense] },
      value: d.registrationNumber,
      ...(d.registrationCouncil.trim() !== '' ? { assigner: { display: d.registrationCouncil } } : {}),
    });
  }
  identifier.push({ type: { coding: [identifierTypes.provider] }, system: `${s.publicUrl}/doctors`, value: a.doctorId });
  return {
    resourceType: 'Practitioner',
    id: resourceId(a.id, 'practitioner'),
    meta: { profile: [profiles.Practitioner] },
    identifier,
    name: [{ text: d.name }],
    ...(d.qualification.trim() !== '' ? { qualification: [{ code: { text: d.qualification } }] } : {}),
  };
}

export function organizationOf(s: FhirSource): Organization {
  const c = s.clinic;
  const telecom = [
    ...(c.phone ? [{ system: 'phone' as const, value: c.phone, use: 'work' as const }] : []),
    ...(c.email ? [{ system: 'email' as const, value: c.email, use: 'work' as const }] : []),
  ];
  return {
    resourceType: 'Organization',
    id: resourceId(s.appointment.id, 'organization'),
    meta: { profile: [profiles.Organization] },
    identifier: [{ type: { coding: [identifierTypes.organization] }, system: s.publicUrl, value: c.name }],
    name: c.name,
    ...(telecom.length > 0 ? { telecom } : {}),
    ...(c.address.length > 0 ? { address: [{ text: c.address.join(', '), line: [...c.address], country: 'IN' }] } : {}),
  };
}

/** The consultation: at the clinic (ambulatory) or online (virtual), finished, when it was booked. */
export function encounterOf(s: FhirSource, parts: { patient: Patient; practitioner: Practitioner; organization: Organization }): Encounter {
  const a = s.appointment;
  return {
    resourceType: 'Encounter',
    id: resourceId(a.id, 'encounter'),
    meta: { profile: [profiles.Encounter] },
    identifier: [{ system: `${s.publicUrl}/appointments`, value: a.appointmentNumber }],
    status: 'finished',
    class: a.consultationType === 'Clinic Visit' ? encounterClasses.clinic : encounterClasses.online,
    type: [{ text: a.consultationType }],
    subject: ref(parts.patient),
    participant: [{ individual: ref(parts.practitioner, a.doctor.name) }],
    period: { start: clinicDateTime(a.date, a.startTime) },
    serviceProvider: ref(parts.organization),
  };
}

/** A document Bundle: the Composition first, then every resource it and they refer to. */
export function documentBundle(s: FhirSource, name: string, versionId: string, resources: Array<Resource & { id?: string }>): Bundle {
  const entry: BundleEntry[] = resources.map((resource) => ({ fullUrl: urn(resource.id!), resource }));
  return {
    resourceType: 'Bundle',
    id: resourceId(s.appointment.id, `bundle:${name}`),
    meta: { versionId, lastUpdated: clinicIso(s.now), profile: [profiles.DocumentBundle], security: [confidentiality] },
    identifier: { system: `${s.publicUrl}/fhir/documents`, value: `${s.appointment.id}/${name}/${versionId}` },
    type: 'document',
    timestamp: clinicIso(s.now),
    entry,
  };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** A generated narrative of one text, escaped for XHTML. */
export const narrative = (text: string) => ({
  status: 'generated' as const,
  div: `<div xmlns="http://www.w3.org/1999/xhtml">${text.replace(/[&<>"]/g, (c) => escapes[c]!)}</div>`,
});

/** The parties every document names: the person consulted, the doctor, the clinic, the consultation. */
export function partiesOf(s: FhirSource): { patient: Patient; practitioner: Practitioner; organization: Organization; encounter: Encounter } {
  const patient = patientOf(s);
  const practitioner = practitionerOf(s);
  const organization = organizationOf(s);
  return { patient, practitioner, organization, encounter: encounterOf(s, { patient, practitioner, organization }) };
}

/** The Composition of a document: about the patient, at the consultation, kept by the clinic. */
export function compositionOf(
  s: FhirSource,
  p: ReturnType<typeof partiesOf>,
  c: Pick<Composition, 'type' | 'title' | 'section' | 'date' | 'author'> & { name: string; profile: string },
): Composition {
  const a = s.appointment;
  return {
    resourceType: 'Composition',
    id: resourceId(a.id, `composition:${c.name}`),
    meta: { profile: [c.profile] },
    language: `${a.language}-IN`,
    status: 'final',
    type: c.type,
    subject: ref(p.patient, patientName(a)),
    encounter: ref(p.encounter),
    date: c.date,
    author: c.author,
    title: c.title,
    custodian: ref(p.organization, s.clinic.name),
    section: c.section,
  };
}
