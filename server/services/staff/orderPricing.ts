/**
 * Pricing a pharmacy order (docs/orders.md), on the server only: every catalogue line at the
 * catalogue's price (a client never sends one), a line written by hand at the doctor's price, all
 * in whole paise; tax at PHARMACY_TAX_RATE on the items (rounded half up to the paisa), the
 * DELIVERY_FEE for home delivery; subtotal + tax + fee = total. Every bad line is named at once
 * (400 on `lines.N.itemId`, `lines.N.name`, `lines.N.unitPrice`, `locationId`, `deliveryAddress`).
 */
import type { OrderLine } from '../../../contract/dispensary.js';
import { maxPaymentPaise, paiseOf, rupeesOf } from '../../../contract/money.js';
import type { OrderPreview, StaffOrderRequest } from '../../../contract/pharmacyOrder.js';
import type { Queryable } from '../../db/database.js';
import type { PharmacyConfig } from '../../pharmacy/config.js';
import { findCatalogueItems, findLocation, lineOf, type NewOrderItem } from '../../repositories/orderLines.js';
import { BadRequestError } from '../errors.js';
import { staffMessages } from './shared.js';

/** The order as priced: what the preview answers and what placing it stores. */
export interface PricedOrder {
  preview: OrderPreview;
  items: NewOrderItem[];
  paise: { subtotal: number; tax: number; deliveryFee: number; total: number };
}

export async function priceOrder(q: Queryable, pharmacy: PharmacyConfig, request: StaffOrderRequest): Promise<PricedOrder> {
  const errors: { field: string; message: string }[] = [];
  const catalogue = await findCatalogueItems(q, request.lines.flatMap((l) => (l.itemId === undefined ? [] : [l.itemId])));
  const items: NewOrderItem[] = [];
  request.lines.forEach((l, n) => {
    const at = `lines.${n}`;
    if (l.itemId !== undefined) {
      const item = catalogue.get(l.itemId.toLowerCase());
      if (l.unitPrice !== undefined) errors.push({ field: `${at}.unitPrice`, message: 'is the catalogue\'s for a catalogue item: send none' });
      if (l.name !== undefined) errors.push({ field: `${at}.name`, message: 'is the catalogue\'s for a catalogue item: send none' });
      if (!item) errors.push({ field: `${at}.itemId`, message: 'is not an item of the catalogue' });
      else if (item.archived) errors.push({ field: `${at}.itemId`, message: 'is archived: it is no longer offered' });
      else items.push({ itemId: item.id, name: item.name, form: item.form, potency: item.potency, pack: item.pack, quantity: l.quantity, unitPrice: item.price });
      return;
    }
    // A line written by hand, for what the catalogue lacks: the doctor names and prices it.
    const name = l.name?.trim() ?? '';
    if (name === '') errors.push({ field: `${at}.name`, message: l.name === undefined ? 'is required (or an itemId)' : 'must not be blank' });
    if (l.unitPrice === undefined) errors.push({ field: `${at}.unitPrice`, message: 'is required for a line written by hand' });
    else if (l.unitPrice <= 0) errors.push({ field: `${at}.unitPrice`, message: 'must be more than 0' });
    if (name !== '' && l.unitPrice !== undefined && l.unitPrice > 0) {
      items.push({ itemId: null, name, form: '', potency: '', pack: '', quantity: l.quantity, unitPrice: l.unitPrice });
    }
  });
  const location = await findLocation(q, request.locationId);
  if (!location) errors.push({ field: 'locationId', message: 'is not one of the clinic\'s locations' });
  const deliveryAddress = request.fulfilment === 'delivery' ? (request.deliveryAddress ?? '').trim() : '';
  if (request.fulfilment === 'delivery' && deliveryAddress === '') errors.push({ field: 'deliveryAddress', message: 'is required for home delivery' });

  const subtotal = items.reduce((sum, i) => sum + paiseOf(i.unitPrice) * i.quantity, 0);
  const tax = Math.round((subtotal * pharmacy.taxRateBp) / 10_000);
  const deliveryFee = request.fulfilment === 'delivery' ? pharmacy.deliveryFeePaise : 0;
  const total = subtotal + tax + deliveryFee;
  if (errors.length === 0 && total <= 0) errors.push({ field: 'lines', message: 'must come to more than 0' });
  if (errors.length === 0 && total > maxPaymentPaise) errors.push({ field: 'lines', message: `must come to at most ${rupeesOf(maxPaymentPaise)} rupees` });
  const [first, ...rest] = errors;
  if (first) throw new BadRequestError(staffMessages.badOrder, [first, ...rest]);

  const lines: OrderLine[] = items.map((i) => lineOf(i));
  return {
    items,
    paise: { subtotal, tax, deliveryFee, total },
    preview: {
      items: lines,
      locationId: location!.id,
      locationName: location!.name,
      pharmacyId: location!.name,
      fulfilment: request.fulfilment,
      deliveryAddress,
      subtotal: rupeesOf(subtotal),
      taxRatePercent: pharmacy.taxRateBp / 100,
      tax: rupeesOf(tax),
      deliveryFee: rupeesOf(deliveryFee),
      totalPrice: rupeesOf(total),
      taxInvoice: pharmacy.gstin !== null,
    },
  };
}
