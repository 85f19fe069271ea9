/**
 * The dispensary (docs/dispensary.md): the clinic's catalogue of remedies, stock per location,
 * and the lines of a pharmacy order built from it. Tables: server/db/migrations/040_dispensary.sql.
 * The endpoints are declared in contract/endpoints/dispensary.ts.
 */
import * as t from 'io-ts';
import { Rupees } from './primitives.js';

/** The forms a remedy is sold in (catalogue_items.form). */
export const RemedyForm = t.keyof(
  { pills: null, globules: null, dilution: null, mother_tincture: null, tablets: null, ointment: null, drops: null },
  'RemedyForm',
);
export type RemedyForm = t.TypeOf<typeof RemedyForm>;

/** One item of the catalogue as the doctor's picker and the order read it. */
export const CatalogueItem = t.type(
  {
    id: t.string,
    name: t.string,
    form: RemedyForm,
    /** '30C', '200C', '1M', 'Q'; '' where the form has none. */
    potency: t.string,
    pack: t.string,
    price: Rupees,
    /** Archived: kept for old orders, no longer offered. */
    archived: t.boolean,
  },
  'CatalogueItem',
);
export type CatalogueItem = t.TypeOf<typeof CatalogueItem>;

/** One line of a pharmacy order, as it was when the order was made. */
export const OrderLine = t.type(
  {
    /** The catalogue item; null for a line written by hand. */
    itemId: t.union([t.string, t.null]),
    name: t.string,
    form: t.string,
    potency: t.string,
    pack: t.string,
    quantity: t.number,
    unitPrice: Rupees,
    /** quantity x unitPrice. */
    amount: Rupees,
  },
  'OrderLine',
);
export type OrderLine = t.TypeOf<typeof OrderLine>;

/** How an order reaches the patient. */
export const Fulfilment = t.keyof({ pickup: null, delivery: null }, 'Fulfilment');
export type Fulfilment = t.TypeOf<typeof Fulfilment>;

/**
 * How an order built from items is priced, as the preview (contract/pharmacyOrder.ts) and the
 * order on file (OrderBreakdown) both say it: its lines, where it is filled, how it reaches the
 * patient, and the sums that make its total (subtotal + tax + deliveryFee = totalPrice).
 * `taxRatePercent` is the rate applied (0 when the clinic charges none); tax is on the items, not on
 * the delivery fee; `taxInvoice` is true when the clinic's GSTIN is set, so the receipt is a tax
 * invoice.
 */
export const OrderPricing = t.type(
  {
    items: t.array(OrderLine),
    locationName: t.string,
    fulfilment: Fulfilment,
    deliveryAddress: t.string,
    subtotal: Rupees,
    taxRatePercent: t.number,
    tax: Rupees,
    deliveryFee: Rupees,
    taxInvoice: t.boolean,
  },
  'OrderPricing',
);

/**
 * The parts of an order built from items (absent on an order made before the dispensary, whose
 * total was typed): its pricing (OrderPricing), its location's id and when it was
 * dispensed.
 */
export const OrderBreakdown = t.partial(
  {
    ...OrderPricing.props,
    locationId: t.union([t.string, t.null]),
    dispensedAt: t.union([t.string, t.null]),
  },
  'OrderBreakdown',
);
export type OrderBreakdown = t.TypeOf<typeof OrderBreakdown>;
