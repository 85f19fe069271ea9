/**
 * SQL for an order's lines and the sums of an order built from items (040_dispensary.sql): the
 * JSON the appointment reads select for their order, and how it becomes the contract's
 * OrderBreakdown. An order from before the dispensary (no subtotal) has no breakdown: it reads as
 * its total alone, as it always did.
 */
import type { OrderBreakdown, OrderLine } from '../../contract/dispensary.js';
import { paiseOf, rupeesOf } from '../../contract/money.js';
import type { Queryable } from '../db/database.js';

/** The order's breakdown columns as json_build_object pairs, for the order alias `o`. */
export const orderBreakdownJson = `
  'locationId', o.location_id, 'locationName', (select ol.name from locations ol where ol.id = o.location_id),
  'fulfilment', o.fulfilment, 'deliveryAddress', o.delivery_address, 'subtotal', o.subtotal, 'taxRateBp', o.tax_rate_bp,
  'tax', o.tax, 'deliveryFee', o.delivery_fee, 'dispensedAt', o.dispensed_at,
  'items', (select coalesce(json_agg(json_build_object('itemId', oi.item_id, 'name', oi.name, 'form', oi.form, 'potency', oi.potency,
                                                      'pack', oi.pack, 'quantity', oi.quantity, 'unitPrice', oi.unit_price)
                                     order by oi.position), '[]'::json)
              from order_items oi where oi.order_id = o.id)`;

export interface BreakdownJson {
  locationId: string | null;
  locationName: string | null;
  fulfilment: 'pickup' | 'delivery';
  deliveryAddress: string;
  subtotal: number | string | null;
  taxRateBp: number | null;
  tax: number | string | null;
  deliveryFee: number | string;
  dispensedAt: string | null;
  items: { itemId: string | null; name: string; form: string; potency: string; pack: string; quantity: number; unitPrice: number | string }[];
}

/** A line's amount: quantity x unit price, in whole paise. */
export const lineOf = (l: Omit<OrderLine, 'amount'>): OrderLine => ({ ...l, amount: rupeesOf(paiseOf(l.unitPrice) * l.quantity) });

/** The breakdown of an order read with orderBreakdownJson; {} for an order without items. */
export function toBreakdown(o: BreakdownJson): OrderBreakdown {
  if (o.subtotal === null || o.subtotal === undefined) return {};
  return {
    items: o.items.map((i) =>
      lineOf({ itemId: i.itemId, name: i.name, form: i.form, potency: i.potency, pack: i.pack, quantity: i.quantity, unitPrice: Number(i.unitPrice) }),
    ),
    locationId: o.locationId,
    locationName: o.locationName ?? '',
    fulfilment: o.fulfilment,
    deliveryAddress: o.deliveryAddress,
    subtotal: Number(o.subtotal),
    taxRatePercent: (o.taxRateBp ?? 0) / 100,
    tax: Number(o.tax ?? 0),
    deliveryFee: Number(o.deliveryFee),
    dispensedAt: o.dispensedAt === null ? null : new Date(o.dispensedAt).toISOString(),
  };
}

/** The raw order JSON without its breakdown keys (what the select gave before the dispensary). */
export function withoutBreakdownKeys<T extends object>(o: T & BreakdownJson): Omit<T, keyof BreakdownJson> {
  const rest = { ...o } as Record<string, unknown>;
  for (const key of breakdownKeys) delete rest[key];
  return rest as Omit<T, keyof BreakdownJson>;
}

const breakdownKeys = ['locationId', 'locationName', 'fulfilment', 'deliveryAddress', 'subtotal', 'taxRateBp', 'tax', 'deliveryFee', 'dispensedAt', 'items'] as const;

export interface NewOrderItem {
  itemId: string | null;
  name: string;
  form: string;
  potency: string;
  pack: string;
  quantity: number;
  unitPrice: number;
}

/** The order's lines, in the order the doctor wrote them. */
export async function insertOrderItems(tx: Queryable, orderId: string, items: readonly NewOrderItem[]): Promise<void> {
  for (const [position, i] of items.entries()) {
    await tx.query(
      `insert into order_items (order_id, position, item_id, name, form, potency, pack, quantity, unit_price)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [orderId, position, i.itemId, i.name, i.form, i.potency, i.pack, i.quantity, i.unitPrice],
    );
  }
}

export interface CatalogueRow {
  id: string;
  name: string;
  form: string;
  potency: string;
  pack: string;
  price: number;
  archived: boolean;
}

/** The catalogue items of these ids (ids that are not uuids match nothing). */
export async function findCatalogueItems(q: Queryable, ids: readonly string[]): Promise<Map<string, CatalogueRow>> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const wanted = [...new Set(ids.filter((id) => uuid.test(id)).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const { rows } = await q.query<{ id: string; name: string; form: string; potency: string; pack: string; price: string; archived: boolean }>(
    `select id, name, form, potency, pack, price, archived_at is not null as archived from catalogue_items where id = any($1::uuid[])`,
    [wanted],
  );
  return new Map(rows.map((r) => [r.id, { ...r, price: Number(r.price) }]));
}

/** The location of this id, when it is one of the clinic's. */
export async function findLocation(q: Queryable, id: string): Promise<{ id: string; name: string } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await q.query<{ id: string; name: string }>('select id, name from locations where id = $1', [id]);
  return rows[0] ?? null;
}

/** The clinic's locations, in the site's order: where an order may be filled. */
export async function listPharmacies(q: Queryable): Promise<{ _id: string; name: string }[]> {
  const { rows } = await q.query<{ id: string; name: string }>('select id, name from locations order by display_order, name');
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}
