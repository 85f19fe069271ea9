/**
 * The NRCeS FHIR implementation guide for ABDM (ndhm.in, version 6.0.0 of the guide's profiles),
 * as data: every profile URL, fixed code and identifier system the portal's documents carry, in
 * one place, written from the guide's profile definitions (Composition profiles OPConsultRecord,
 * PrescriptionRecord, InvoiceRecord; DocumentBundle; Patient, Practitioner, Organization,
 * Encounter, Condition, MedicationRequest, ServiceRequest, Invoice, ChargeItem, Binary) and its
 * code systems (ndhm-identifier-type-code, ndhm-billing-codes, ndhm-price-components).
 * The builders (./consultation.ts, ./prescription.ts, ./invoice.ts) read them from here, and
 * tests/unit/fhirRecords.test.ts checks every bundle against `documentRules`.
 */

const base = 'https://nrces.in/ndhm/fhir/r4';
const sct = 'http://snomed.info/sct';

export const systems = {
  snomed: sct,
  loinc: 'http://loinc.org',
  v2IdentifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  ndhmIdentifierType: `${base}/CodeSystem/ndhm-identifier-type-code`,
  billing: `${base}/CodeSystem/ndhm-billing-codes`,
  priceComponents: `${base}/CodeSystem/ndhm-price-components`,
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  confidentiality: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  /** ABHA numbers and addresses (the guide's examples: the ABDM health id service). */
  abha: 'https://healthid.abdm.gov.in',
} as const;

/** A fixed coding: system, code and display exactly as the guide fixes them. */
export interface FixedCoding {
  readonly system: string;
  readonly code: string;
  readonly display: string;
}

export const profiles = {
  DocumentBundle: `${base}/StructureDefinition/DocumentBundle`,
  OPConsultRecord: `${base}/StructureDefinition/OPConsultRecord`,
  PrescriptionRecord: `${base}/StructureDefinition/PrescriptionRecord`,
  InvoiceRecord: `${base}/StructureDefinition/InvoiceRecord`,
  Patient: `${base}/StructureDefinition/Patient`,
  Practitioner: `${base}/StructureDefinition/Practitioner`,
  Organization: `${base}/StructureDefinition/Organization`,
  Encounter: `${base}/StructureDefinition/Encounter`,
  Condition: `${base}/StructureDefinition/Condition`,
  MedicationRequest: `${base}/StructureDefinition/MedicationRequest`,
  ServiceRequest: `${base}/StructureDefinition/ServiceRequest`,
  Invoice: `${base}/StructureDefinition/Invoice`,
  ChargeItem: `${base}/StructureDefinition/ChargeItem`,
  Binary: `${base}/StructureDefinition/Binary`,
} as const;

/** Composition.type of each record (InvoiceRecord fixes only the text, no coding). */
export const compositionTypes = {
  OPConsultRecord: { coding: { system: sct, code: '371530004', display: 'Clinical consultation report' } },
  PrescriptionRecord: { coding: { system: sct, code: '440545006', display: 'Prescription record' } },
  InvoiceRecord: { text: 'Invoice Record' },
} as const;

/** OPConsultRecord's section slices (Composition.section, sliced on code.coding.code) the portal fills. */
export const opConsultSections = {
  ChiefComplaints: { system: sct, code: '422843007', display: 'Chief complaint section', entries: ['Condition'] },
  MedicalHistory: { system: sct, code: '371529009', display: 'History and physical report', entries: ['Condition', 'Procedure'] },
  InvestigationAdvice: { system: sct, code: '721963009', display: 'Order document', entries: ['ServiceRequest'] },
  Medications: { system: sct, code: '721912009', display: 'Medication summary document', entries: ['MedicationStatement', 'MedicationRequest'] },
  FollowUp: { system: sct, code: '390906007', display: 'Follow-up encounter', entries: ['Appointment'] },
  DocumentReference: { system: sct, code: '371530004', display: 'Clinical consultation report', entries: ['DocumentReference'] },
} as const;

/** PrescriptionRecord's one section and what its entries may be (sliced on Reference.type, closed). */
export const prescriptionSection = { system: sct, code: '440545006', display: 'Prescription record', entries: ['MedicationRequest', 'Binary'] } as const;

/** InvoiceRecord's one section: one Invoice entry (Reference.type "Invoice"). */
export const invoiceSection = { entries: ['Invoice'] } as const;

export const identifierTypes = {
  /** Patient: the portal's own record of the person. */
  medicalRecord: { system: systems.v2IdentifierType, code: 'MR', display: 'Medical record number' },
  /** Practitioner: the registration with a medical council. */
  medicalLicense: { system: systems.v2IdentifierType, code: 'MD', display: 'Medical License number' },
  /** Practitioner: the clinic's own number for the doctor. */
  provider: { system: systems.v2IdentifierType, code: 'PRN', display: 'Provider number' },
  /** Organization: the clinic. */
  organization: { system: systems.v2IdentifierType, code: 'XX', display: 'Organization identifier' },
  /** The 14-digit ABHA number ("Health ID issued by NDHM"). */
  abhaNumber: { system: systems.ndhmIdentifierType, code: 'HIN', display: 'Health ID issued by NDHM' },
  /** The ABHA address (name@abdm). */
  abhaAddress: { system: systems.ndhmIdentifierType, code: 'ABHA', display: 'Ayushman Bharat Health Account (ABHA) ID' },
} as const satisfies Record<string, FixedCoding>;

export const billingCodes = {
  consultation: { system: systems.billing, code: '00', display: 'Consultation' },
} as const satisfies Record<string, FixedCoding>;

export const priceComponentCodes = {
  rate: { system: systems.priceComponents, code: '01', display: 'Rate' },
} as const satisfies Record<string, FixedCoding>;

/** Encounter.class (v3 ActCode): a visit at the clinic, or a consultation by chat, video or call. */
export const encounterClasses = {
  clinic: { system: systems.actCode, code: 'AMB', display: 'ambulatory' },
  online: { system: systems.actCode, code: 'VR', display: 'virtual' },
} as const satisfies Record<string, FixedCoding>;

/** Bundle.meta.security of every document (the guide's examples). */
export const confidentiality = { system: systems.confidentiality, code: 'V', display: 'very restricted' } as const;

export type RecordKind = 'OPConsultRecord' | 'PrescriptionRecord' | 'InvoiceRecord';

/**
 * What the guide requires of each document beyond base R4, as the tests check it: the
 * Composition's profile and type, which sections it must or may have, the resource types a
 * section's entries may be, and the profile every resource of a type must claim.
 */
export const documentRules: Record<RecordKind, { composition: string; sections: { min: number; max: number } }> = {
  OPConsultRecord: { composition: profiles.OPConsultRecord, sections: { min: 1, max: Infinity } },
  PrescriptionRecord: { composition: profiles.PrescriptionRecord, sections: { min: 1, max: 1 } },
  InvoiceRecord: { composition: profiles.InvoiceRecord, sections: { min: 1, max: 1 } },
};

/** The profile each resource type in a document claims (meta.profile). */
export const resourceProfiles: Record<string, string> = {
  Bundle: profiles.DocumentBundle,
  Patient: profiles.Patient,
  Practitioner: profiles.Practitioner,
  Organization: profiles.Organization,
  Encounter: profiles.Encounter,
  Condition: profiles.Condition,
  MedicationRequest: profiles.MedicationRequest,
  ServiceRequest: profiles.ServiceRequest,
  Invoice: profiles.Invoice,
  ChargeItem: profiles.ChargeItem,
  Binary: profiles.Binary,
};
