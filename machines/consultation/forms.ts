/**
 * The doctor's prescription form on an appointment, which completes the consultation (the spec's
 * `medicines`); the pharmacy order has its own form (machines/order). The draft holds what is
 * typed, as text; `checkPrescription` says what must be fixed (as kinds: the views word them) or
 * gives the request to send. `parseRupees` reads an amount as typed (the order's unit prices).
 *
 * Rules (the server accepts any text in a prescription, so the sense of it is checked here):
 * - the complaint is required;
 * - a remedy row left wholly blank is dropped; any other row needs its medicine name, dosage and
 *   frequency;
 * Every text is at most `maxTextLength` characters.
 */
import type { Medicines, Remedy } from '../../contract/appointments.js';

export const maxTextLength = 2000;
export const maxPharmacyIdLength = 200;

export type PrescriptionField = 'complain' | 'potency' | 'duration' | 'pharmacyName' | 'pharmacyId' | 'instructions';
export type RemedyField = keyof Remedy;

/** A remedy row as typed; `key` tells rows apart while some are added and removed. */
export interface RemedyDraft extends Remedy {
  readonly key: number;
}

export interface PrescriptionDraft {
  readonly complain: string;
  readonly remedies: readonly RemedyDraft[];
  readonly potency: string;
  readonly duration: string;
  readonly pharmacyName: string;
  readonly pharmacyId: string;
  readonly instructions: string;
  readonly showMedicine: boolean;
}

/** What is wrong with a field: 'required', 'tooLong', or for the total 'notAmount' / 'notPositive' / 'tooLarge'. */
export type Problem = 'required' | 'tooLong' | 'notAmount' | 'notPositive' | 'tooLarge';

/** Field paths as the server names them: `complain`, `remedies.0.dosage`, `totalPrice`, ... */
export type FieldProblems = Readonly<Record<string, Problem>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: FieldProblems };

const blank = (text: string) => text.trim() === '';

/** The draft of a record's prescription (rows numbered from 1). */
export function prescriptionDraftOf(medicines: Medicines): PrescriptionDraft {
  return {
    complain: medicines.complain,
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
    ['potency', draft.potency],
    ['duration', draft.duration],
    ['pharmacyName', draft.pharmacyName],
    ['pharmacyId', draft.pharmacyId],
    ['instructions', draft.instructions],
  ];
  for (const [field, text] of texts) if (text.length > maxTextLength) problems[field] = 'tooLong';
  if (blank(draft.complain)) problems.complain = 'required';

  const kept = draft.remedies.filter((row) => !(blank(row.medicineName) && blank(row.dosage) && blank(row.frequency)));
  kept.forEach((row) => {
    // Named by the row's place in the form, which is what the person sees.
    const index = draft.remedies.indexOf(row);
    for (const field of ['medicineName', 'dosage', 'frequency'] as const) {
      if (blank(row[field])) problems[`remedies.${index}.${field}`] = 'required';
      else if (row[field].length > maxTextLength) problems[`remedies.${index}.${field}`] = 'tooLong';
    }
  });
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      complain: draft.complain.trim(),
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
