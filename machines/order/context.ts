/**
 * The doctor's pharmacy order form (./orderMachine.ts): its input, context, events, and the pure
 * rules that turn the draft into the request (contract/pharmacyOrder.ts). The server prices the
 * order; the draft keeps a catalogue item's price only to show it, and never sends it.
 *
 * Rules checked here (the server checks them again, and the catalogue besides):
 * - at least one line; each quantity a whole number from 1 to 99;
 * - a line written by hand (what the catalogue lacks) needs its name and a price above zero;
 * - a location to fill it; home delivery needs the address.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { CatalogueHit } from '../../contract/catalogue.js';
import type { CatalogueItem, Fulfilment } from '../../contract/dispensary.js';
import type { OrderPaymentMode, OrderPreview, Pharmacy, StaffOrderRequest } from '../../contract/pharmacyOrder.js';
import { asApiFailure } from '../failures.js';
import { parseRupees } from '../consultation/forms.js';

export type OrderInput = { appointmentId: string; token: string };

/** One line as drafted: a catalogue item (its id, shown with its price) or one written by hand. */
export interface DraftLine {
  readonly key: number;
  readonly itemId: string | null;
  /** The item's name, potency and pack as the catalogue has them; for a hand line, as typed. */
  readonly name: string;
  /** The catalogue's price, to show; null for a hand line. */
  readonly cataloguePrice: number | null;
  /** A hand line's price, as typed. */
  readonly price: string;
  readonly quantity: string;
}

/** What is wrong with a field: as the views word it. `refused`: the server's words are shown. */
export type OrderProblem = 'required' | 'notQuantity' | 'notAmount' | 'notPositive' | 'refused';

export type OrderContext = {
  appointmentId: string;
  token: string;
  pharmacies: readonly Pharmacy[];
  lines: readonly DraftLine[];
  nextKey: number;
  locationId: string;
  fulfilment: Fulfilment;
  deliveryAddress: string;
  paymentMode: OrderPaymentMode;
  query: string;
  /** The search's items, each with its stock at `locationId` when they were asked. */
  results: readonly CatalogueHit[];
  preview: OrderPreview | null;
  /** Field paths as the server names them (`lines.0.quantity`, `deliveryAddress`) -> the problem. */
  problems: Readonly<Record<string, OrderProblem>>;
  /** The server's words for a field it refused, by path. */
  refusals: Readonly<Record<string, string>>;
  /** Why the last call failed, as the server said it (or null: a generic failure). */
  failure: string | null;
  failed: boolean;
  /** The server's answer once the order is placed. */
  placed: { message: string; appointment: AppointmentRecord } | null;
};

export type OrderOutput = { answer: { message: string; appointment: AppointmentRecord } } | { conflict: true; message: string | null };

export type OrderEvent =
  | { type: 'search.changed'; query: string }
  | { type: 'item.picked'; item: CatalogueItem }
  | { type: 'line.handAdded' }
  | { type: 'line.changed'; key: number; field: 'quantity' | 'name' | 'price'; value: string }
  | { type: 'line.removed'; key: number }
  | { type: 'location.chosen'; locationId: string }
  | { type: 'fulfilment.chosen'; fulfilment: Fulfilment }
  | { type: 'address.changed'; value: string }
  | { type: 'mode.chosen'; paymentMode: OrderPaymentMode }
  | { type: 'order.preview' }
  | { type: 'order.place' }
  | { type: 'order.retry' };

export const initialOrderContext = (input: OrderInput): OrderContext => ({
  appointmentId: input.appointmentId,
  token: input.token,
  pharmacies: [],
  lines: [],
  nextKey: 1,
  locationId: '',
  fulfilment: 'pickup',
  deliveryAddress: '',
  paymentMode: 'Card',
  query: '',
  results: [],
  preview: null,
  problems: {},
  refusals: {},
  failure: null,
  failed: false,
  placed: null,
});

/** How an item reads in the form and on the order: name, potency, pack. */
export const itemLabel = (item: Pick<CatalogueItem, 'name' | 'potency' | 'pack'>) => [item.name, item.potency, item.pack].filter(Boolean).join(' ');

export type Checked = { ok: true; value: StaffOrderRequest } | { ok: false; problems: Record<string, OrderProblem> };

export function checkOrderDraft(c: Pick<OrderContext, 'lines' | 'locationId' | 'fulfilment' | 'deliveryAddress' | 'paymentMode'>): Checked {
  const problems: Record<string, OrderProblem> = {};
  if (c.lines.length === 0) problems.lines = 'required';
  const lines = c.lines.map((line, n) => {
    const quantity = /^\d{1,2}$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) : NaN;
    if (!(quantity >= 1 && quantity <= 99)) problems[`lines.${n}.quantity`] = line.quantity.trim() === '' ? 'required' : 'notQuantity';
    if (line.itemId !== null) return { itemId: line.itemId, quantity };
    const name = line.name.trim();
    if (name === '') problems[`lines.${n}.name`] = 'required';
    const price = parseRupees(line.price);
    if (line.price.trim() === '') problems[`lines.${n}.unitPrice`] = 'required';
    else if (price === null) problems[`lines.${n}.unitPrice`] = 'notAmount';
    else if (price <= 0) problems[`lines.${n}.unitPrice`] = 'notPositive';
    return { name, quantity, unitPrice: price ?? 0 };
  });
  if (c.locationId === '') problems.locationId = 'required';
  const deliveryAddress = c.deliveryAddress.trim();
  if (c.fulfilment === 'delivery' && deliveryAddress === '') problems.deliveryAddress = 'required';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      lines,
      paymentMode: c.paymentMode,
      locationId: c.locationId,
      fulfilment: c.fulfilment,
      ...(c.fulfilment === 'delivery' ? { deliveryAddress } : {}),
    },
  };
}

/** The request of a draft that has no problems (the chart checks first). */
export function requestOf(c: OrderContext): StaffOrderRequest {
  const checked = checkOrderDraft(c);
  if (!checked.ok) throw new Error('order: the draft has problems');
  return checked.value;
}

/** A 400's fields, as the form shows them beside each field, with the server's words. */
export function refusalsOf(error: unknown): Record<string, string> {
  const failure = asApiFailure(error);
  if (failure._tag !== 'HttpFailure' || failure.status !== 400) return {};
  return Object.fromEntries((failure.errors ?? []).map((e) => [e.field, e.message]));
}

export function failureTextOf(error: unknown): string | null {
  const failure = asApiFailure(error);
  return failure._tag === 'HttpFailure' && !failure.generic ? failure.message : null;
}

export const isConflictFailure = (error: unknown): boolean => {
  const failure = asApiFailure(error);
  return failure._tag === 'HttpFailure' && failure.status === 409;
};
