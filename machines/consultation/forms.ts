/**
 * The doctor's prescription form on an appointment, which completes the consultation (the spec's
 * `medicines`); the pharmacy order has its own form (machines/order). The draft holds what is
 * typed, as text; `checkPrescription` says what must be fixed (as kinds: the views word them) or
 * gives the request to send. `parseRupees` reads an amount as typed (the order's unit prices).
 *
 * Rules (the server accepts any text in a prescription, so the sense of it is checked here):
 * - the complaint and the provisional diagnosis are required (the server refuses a completion
 *   without a diagnosis too: the guidelines' prescription names one);
 * - relevant history and findings, and investigations advised, are optional texts (history up to
 *   `maxHistoryLength`);
 * - a follow-up is none, "as needed", or after N (1 to 365) days or weeks, `times` 1 to 12 visits
 *   (1: one follow-up; more: a course);
 * - a remedy row left wholly blank is dropped; any other row needs its medicine name, dosage and
 *   frequency;
 * Every text is at most `maxTextLength` characters.
 */
import type { FollowUp, Medicines, Remedy } from '../../contract/appointments.js';
import { clinicalOf } from '../../contract/appointments.js';

export const maxTextLength = 2000;
/** Relevant history and findings may be longer than the other texts (the contract's MedicinesInput). */
export const maxHistoryLength = 4000;
export const maxFollowUpEvery = 365;
export const maxFollowUpTimes = 12;
export const maxPharmacyIdLength = 200;

export type PrescriptionField =
  | 'complain'
  | 'diagnosis'
  | 'history'
  | 'investigations'
  | 'potency'
  | 'duration'
  | 'pharmacyName'
  | 'pharmacyId'
  | 'instructions';

/** The follow-up as the form holds it: which kind, and for "after", the numbers as typed. */
export type FollowUpKind = 'none' | 'after' | 'asNeeded';
export interface FollowUpDraft {
  readonly kind: FollowUpKind;
  /** Days or weeks, as typed. */
  readonly every: string;
  readonly unit: 'days' | 'weeks';
  /** How many visits, as typed ('1': one follow-up). */
  readonly times: string;
}
export type FollowUpField = 'every' | 'times';
export type RemedyField = keyof Remedy;

/** A remedy row as typed; `key` tells rows apart while some are added and removed. */
export interface RemedyDraft extends Remedy {
  readonly key: number;
}

export interface PrescriptionDraft {
  readonly complain: string;
  readonly diagnosis: string;
  readonly history: string;
  readonly investigations: string;
  readonly followUp: FollowUpDraft;
  readonly remedies: readonly RemedyDraft[];
  readonly potency: string;
  readonly duration: string;
  readonly pharmacyName: string;
  readonly pharmacyId: string;
  readonly instructions: string;
  readonly showMedicine: boolean;
}

/**
 * What is wrong with a field: 'required', 'tooLong', for an amount 'notAmount' / 'notPositive' /
 * 'tooLarge', for the follow-up's numbers 'notWholeNumber' / 'outOfRange'.
 */
export type Problem = 'required' | 'tooLong' | 'notAmount' | 'notPositive' | 'tooLarge' | 'notWholeNumber' | 'outOfRange';

/** Field paths as the server names them: `complain`, `remedies.0.dosage`, `totalPrice`, ... */
export type FieldProblems = Readonly<Record<string, Problem>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: FieldProblems };

const blank = (text: string) => text.trim() === '';

export const noFollowUp: FollowUpDraft = { kind: 'none', every: '', unit: 'days', times: '1' };

export function followUpDraftOf(followUp: FollowUp | null): FollowUpDraft {
  if (followUp === null) return noFollowUp;
  if (followUp.kind === 'asNeeded') return { ...noFollowUp, kind: 'asNeeded' };
  return { kind: 'after', every: String(followUp.every), unit: followUp.unit, times: String(followUp.times) };
}

/** A whole number from `min` to `max` as typed, or what is wrong with it. */
function wholeNumber(text: string, min: number, max: number): number | Problem {
  const plain = text.trim();
  if (plain === '') return 'required';
  if (!/^\d{1,4}$/.test(plain)) return 'notWholeNumber';
  const n = Number(plain);
  return n < min || n > max ? 'outOfRange' : n;
}

/** The follow-up to send, or the problems of its fields (`followUp.every`, `followUp.times`). */
export function checkFollowUp(draft: FollowUpDraft): Checked<FollowUp | null> {
  if (draft.kind === 'none') return { ok: true, value: null };
  if (draft.kind === 'asNeeded') return { ok: true, value: { kind: 'asNeeded' } };
  const every = wholeNumber(draft.every, 1, maxFollowUpEvery);
  const times = wholeNumber(draft.times, 1, maxFollowUpTimes);
  const problems: Record<string, Problem> = {};
  if (typeof every !== 'number') problems['followUp.every'] = every;
  if (typeof times !== 'number') problems['followUp.times'] = times;
  if (typeof every !== 'number' || typeof times !== 'number') return { ok: false, problems };
  return { ok: true, value: { kind: 'after', every, unit: draft.unit, times } };
}

/** The draft of a record's prescription (rows numbered from 1). */
export function prescriptionDraftOf(medicines: Medicines): PrescriptionDraft {
  const clinical = clinicalOf(medicines);
  return {
    complain: medicines.complain,
    diagnosis: clinical.diagnosis,
    history: clinical.history,
    investigations: clinical.investigations,
    followUp: followUpDraftOf(clinical.followUp),
    remedies: medicines.remedies.map((remedy, index) => ({ key: index + 1, ...remedy })),
    potency: medicines.potency,
    duration: medicines.duration,
    pharmacyName: medicines.pharmacyName,
    pharmacyId: medicines.pharmacyId,
    instructions: medicines.instructions,
    showMedicine: medicines.showMedicine,
  };
}

/** A new row, keyed after every row there is. */
export function withNewRemedy(draft: PrescriptionDraft): PrescriptionDraft {
  const key = draft.remedies.reduce((max, row) => Math.max(max, row.key), 0) + 1;
  return { ...draft, remedies: [...draft.remedies, { key, medicineName: '', dosage: '', frequency: '' }] };
}

export function checkPrescription(draft: PrescriptionDraft): Checked<Medicines> {
  const problems: Record<string, Problem> = {};
  const texts: Array<[PrescriptionField, string]> = [
    ['complain', draft.complain],
    ['diagnosis', draft.diagnosis],
    ['investigations', draft.investigations],
    ['potency', draft.potency],
    ['duration', draft.duration],
    ['pharmacyName', draft.pharmacyName],
    ['pharmacyId', draft.pharmacyId],
    ['instructions', draft.instructions],
  ];
  for (const [field, text] of texts) if (text.length > maxTextLength) problems[field] = 'tooLong';
  if (draft.history.length > maxHistoryLength) problems.history = 'tooLong';
  if (blank(draft.complain)) problems.complain = 'required';
  if (blank(draft.diagnosis)) problems.diagnosis = 'required';
  const followUp = checkFollowUp(draft.followUp);
  if (!followUp.ok) Object.assign(problems, followUp.problems);

  const kept = draft.remedies.filter((row) => !(blank(row.medicineName) && blank(row.dosage) && blank(row.frequency)));
  kept.forEach((row) => {
    // Named by the row's place in the form, which is what the person sees.
    const index = draft.remedies.indexOf(row);
    for (const field of ['medicineName', 'dosage', 'frequency'] as const) {
      if (blank(row[field])) problems[`remedies.${index}.${field}`] = 'required';
      else if (row[field].length > maxTextLength) problems[`remedies.${index}.${field}`] = 'tooLong';
    }
  });
  if (Object.keys(problems).length > 0 || !followUp.ok) return { ok: false, problems };
  return {
    ok: true,
    value: {
      complain: draft.complain.trim(),
      diagnosis: draft.diagnosis.trim(),
      history: draft.history.trim(),
      investigations: draft.investigations.trim(),
      followUp: followUp.value,
      remedies: kept.map((row) => ({
        medicineName: row.medicineName.trim(),
        dosage: row.dosage.trim(),
        frequency: row.frequency.trim(),
      })),
      potency: draft.potency.trim(),
      duration: draft.duration.trim(),
      pharmacyName: draft.pharmacyName.trim(),
      pharmacyId: draft.pharmacyId.trim(),
      instructions: draft.instructions.trim(),
      showMedicine: draft.showMedicine,
    },
  };
}

/** Rupees as typed ('1250', '1,250.50', '₹ 99.9') as a number; null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const plain = text.replace(/[\s,₹]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  return Number(plain);
}
