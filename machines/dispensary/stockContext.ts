/**
 * The dispensary section's stock desk (./stockMachine.ts): what it loads, its form, the calls'
 * inputs and answers, and its notices.
 */
import type { DispensaryOrder, StockLine, StockLocation } from '../../contract/catalogue.js';
import type { FieldErrors } from '../failures.js';

/** One location's stock, its low lines (the clinic's every location's) and its paid orders waiting. */
export interface StockView {
  locationId: string | null;
  locations: StockLocation[];
  lines: StockLine[];
  low: StockLine[];
  orders: DispensaryOrder[];
}

export type StockFormKind = 'receive' | 'adjust' | 'lowAt';
/** The form as typed: the amount (packs received, a change such as -2, or the low level) and the note. */
export type StockDraft = { amount: string; note: string };

export interface StockContext {
  token: string;
  /** The location asked for; null: the first (the server's choice). */
  locationId: string | null;
  view: StockView | null;
  form: { kind: StockFormKind; itemId: string } | null;
  draft: StockDraft;
  fieldErrors: FieldErrors;
  /** The order being dispensed. */
  dispensing: string | null;
}

export type StockEvent =
  | { type: 'location.change'; locationId: string }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'stock.open'; kind: StockFormKind; itemId: string }
  | { type: 'draft.change'; field: keyof StockDraft; value: string }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'order.dispense'; orderId: string };

export type LoadStockInput = { locationId: string | null; token: string };
export type SaveStockInput = { kind: StockFormKind; itemId: string; locationId: string; amount: number | string; note: string; token: string };
export type DispenseInput = { orderId: string; token: string };

export type StockNotice =
  | { kind: 'received' }
  | { kind: 'adjusted' }
  | { kind: 'lowAtSaved' }
  | { kind: 'dispensed' }
  | { kind: 'loadFailed' }
  | { kind: 'somethingWentWrong' }
  | { kind: 'server'; text: string };

export const emptyDraft: StockDraft = { amount: '', note: '' };

export const initialStockContext = (input: { token: string; locationId?: string | null }): StockContext => ({
  token: input.token,
  locationId: input.locationId ?? null,
  view: null,
  form: null,
  draft: emptyDraft,
  fieldErrors: {},
  dispensing: null,
});

/** A number typed in the form: the number when it is one, else the text (the server names the field). */
export function amountOf(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The field of the form a server's field error belongs to: quantity, change and lowAt are the amount. */
export function formErrors(errors: FieldErrors): FieldErrors {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const at = field === 'quantity' || field === 'change' || field === 'lowAt' ? 'amount' : field === 'note' ? 'note' : null;
    if (at && !(at in out)) out[at] = message;
  }
  return out;
}

export const savedNotice = (kind: StockFormKind): StockNotice =>
  kind === 'receive' ? { kind: 'received' } : kind === 'adjust' ? { kind: 'adjusted' } : { kind: 'lowAtSaved' };
