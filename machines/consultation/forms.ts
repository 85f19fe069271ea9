/**
 * The doctor's two forms on an appointment: the prescription that completes the
 * consultation (the spec's `medicines`) and the pharmacy order. Drafts hold what is typed, as
 * text; `checkPrescription` / `checkOrder` say what must be fixed (as kinds: the views word them)
 * or give the request to send.
 *
 * Rules (the server accepts any text in a prescription, so the sense of it is checked here):
 * - the complaint is required;
 * - a remedy row left wholly blank is dropped; any other row needs its medicine name, dosage and
 *   frequency;
 * - the order needs the pharmacy id (at most 200 characters, as the server), a total in rupees
 *   above zero with at most two decimals, and a payment mode (Card: the patient pays online;
 *   Cash: at the pharmacy).
 * Every text is at most `maxTextLength` characters.
 */
import type { Medicines, Remedy } from '../../contract/appointments.js';
import { maxPaymentPaise, rupeesOf } from '../../contract/money.js';

export const maxTextLength = 2000;
export const maxPharmacyIdLength = 200;
/** The largest order total taken, in rupees: the payment service's limit (₹10,00,000). */
export const maxOrderTotal = rupeesOf(maxPaymentPaise);

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

export type PaymentMode = 'Card' | 'Cash';

export interface OrderDraft {
  readonly pharmacyId: string;
  /** Rupees, as typed. */
  readonly total: string;
  readonly paymentMode: PaymentMode | null;
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

export interface OrderRequest {
  readonly pharmacyId: string;
  readonly totalPrice: number;
  readonly paymentMode: PaymentMode;
}

/** Rupees as typed ('1250', '1,250.50', '₹ 99.9') as a number; null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const plain = text.replace(/[\s,₹]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  return Number(plain);
}

export function checkOrder(draft: OrderDraft): Checked<OrderRequest> {
  const problems: Record<string, Problem> = {};
  const pharmacyId = draft.pharmacyId.trim();
  if (pharmacyId === '') problems.pharmacyId = 'required';
  else if (pharmacyId.length > maxPharmacyIdLength) problems.pharmacyId = 'tooLong';
  const total = parseRupees(draft.total);
  if (blank(draft.total)) problems.totalPrice = 'required';
  else if (total === null) problems.totalPrice = 'notAmount';
  else if (total <= 0) problems.totalPrice = 'notPositive';
  else if (total > maxOrderTotal) problems.totalPrice = 'tooLarge';
  if (draft.paymentMode === null) problems.paymentMode = 'required';
  if (Object.keys(problems).length > 0 || total === null || draft.paymentMode === null) return { ok: false, problems };
  return { ok: true, value: { pharmacyId, totalPrice: total, paymentMode: draft.paymentMode } };
}
