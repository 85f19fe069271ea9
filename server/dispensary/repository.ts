/**
 * SQL for the dispensary (040_dispensary.sql): catalogue items, stock levels and their movements,
 * and the orders the dispensary fills. numeric arrives as a string from both drivers: Number().
 */
import type { CatalogueStatus, DispensaryOrder, StockLine, StockMovement } from '../../contract/catalogue.js';
import type { CatalogueItem, OrderLine, RemedyForm } from '../../contract/dispensary.js';
import type { Queryable } from '../db/database.js';
import { dispensableSql } from './rules.js';

/** The unique index whose violation means "a live item is the same remedy, form, potency and pack". */
export const liveItemKey = 'catalogue_items_live_key';
/** The unique index whose violation means "this order's item was dispensed already". */
export const dispensedKey = 'stock_movements_dispensed_key';

interface ItemRow {
  id: string;
  name: string;
  form: string;
  potency: string;
  pack: string;
  price: string;
  archived_at: Date | string | null;
}
const itemColumns = 'i.id, i.name, i.form, i.potency, i.pack, i.price, i.archived_at';

const itemOf = (r: ItemRow): CatalogueItem => ({
  id: r.id,
  name: r.name,
  form: r.form as RemedyForm,
  potency: r.potency,
  pack: r.pack,
  price: Number(r.price),
  archived: r.archived_at !== null,
});

export interface ItemFields {
  name: string;
  form: RemedyForm;
  potency: string;
  pack: string;
  price: number;
}

export async function listItems(q: Queryable, status: CatalogueStatus): Promise<CatalogueItem[]> {
  const where = status === 'live' ? 'where i.archived_at is null' : status === 'archived' ? 'where i.archived_at is not null' : '';
  const { rows } = await q.query<ItemRow>(`select ${itemColumns} from catalogue_items i ${where} order by lower(i.name), i.form, i.potency, i.pack, i.id`);
  return rows.map(itemOf);
}

export async function findItem(q: Queryable, id: string, forUpdate = false): Promise<CatalogueItem | null> {
  const { rows } = await q.query<ItemRow>(`select ${itemColumns} from catalogue_items i where i.id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ? itemOf(rows[0]) : null;
}

/** Throws a unique violation on liveItemKey when a live item is the same. */
export async function insertItem(tx: Queryable, f: ItemFields, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into catalogue_items (name, form, potency, pack, price, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning id`,
    [f.name, f.form, f.potency, f.pack, f.price, now],
  );
  return rows[0]!.id;
}

/** Throws a unique violation on liveItemKey when another live item is the same. */
export async function updateItem(tx: Queryable, id: string, f: ItemFields, now: Date): Promise<void> {
  await tx.query(`update catalogue_items set name = $2, form = $3, potency = $4, pack = $5, price = $6, updated_at = $7 where id = $1`, [
    id,
    f.name,
    f.form,
    f.potency,
    f.pack,
    f.price,
    now,
  ]);
}

export async function archiveItem(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query('update catalogue_items set archived_at = $2, updated_at = $2 where id = $1 and archived_at is null', [id, now]);
}

/** `like` takes % and _ as wildcards: a typed one is matched as itself. */
const likePrefix = (text: string): string => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Live items whose name starts with `prefix` (any case), by name; the stock at `locationId` when one is named. */
export async function searchItems(q: Queryable, prefix: string, locationId: string | null, limit: number): Promise<(CatalogueItem & { stock: number | null })[]> {
  const { rows } = await q.query<ItemRow & { stock: number | null }>(
    `select ${itemColumns},
            case when $2::uuid is null then null else coalesce(s.quantity, 0) end as stock
       from catalogue_items i
       left join stock_levels s on s.item_id = i.id and s.location_id = $2::uuid
      where i.archived_at is null and lower(i.name) like $1 escape '\\'
      order by lower(i.name), i.form, i.potency, i.pack, i.id
      limit $3`,
    [likePrefix(prefix), locationId, limit],
  );
  return rows.map((r) => ({ ...itemOf(r), stock: r.stock === null ? null : Number(r.stock) }));
}

/** The clinic's locations, in their display order. */
export async function locations(q: Queryable): Promise<{ id: string; name: string }[]> {
  const { rows } = await q.query<{ id: string; name: string }>('select id, name from locations order by display_order, name');
  return rows;
}

export async function locationName(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query<{ name: string }>('select name from locations where id = $1', [id]);
  return rows[0]?.name ?? null;
}

interface LineRow extends ItemRow {
  location_id: string;
  location_name: string;
  quantity: number | null;
  low_at: number | null;
}
/** An item without a row at a location holds none there, and is low at the default level (5). */
const lineOf = (r: LineRow): StockLine => {
  const quantity = Number(r.quantity ?? 0);
  const lowAt = Number(r.low_at ?? 5);
  return { item: itemOf(r), locationId: r.location_id, locationName: r.location_name, quantity, lowAt, low: quantity <= lowAt };
};

/** Every live item at the location (none held: quantity 0), by name. */
export async function stockAt(q: Queryable, locationId: string): Promise<StockLine[]> {
  const { rows } = await q.query<LineRow>(
    `select ${itemColumns}, l.id as location_id, l.name as location_name, s.quantity, s.low_at
       from catalogue_items i
       cross join locations l
       left join stock_levels s on s.item_id = i.id and s.location_id = l.id
      where l.id = $1 and i.archived_at is null
      order by lower(i.name), i.form, i.potency, i.pack, i.id`,
    [locationId],
  );
  return rows.map(lineOf);
}

/**
 * Live items that are low (quantity <= low_at) where they are stocked: a location counts an item
 * once it has a level there (received, adjusted or its low level set), so a location that never
 * sells an item is not told to order it. By location order, then name.
 */
export async function lowStock(q: Queryable, locationId: string | null): Promise<StockLine[]> {
  const { rows } = await q.query<LineRow>(
    `select ${itemColumns}, l.id as location_id, l.name as location_name, s.quantity, s.low_at
       from stock_levels s
       join catalogue_items i on i.id = s.item_id
       join locations l on l.id = s.location_id
      where i.archived_at is null and s.quantity <= s.low_at and ($1::uuid is null or s.location_id = $1::uuid)
      order by l.display_order, l.name, lower(i.name), i.form, i.potency, i.pack, i.id`,
    [locationId],
  );
  return rows.map(lineOf);
}

export async function stockLine(q: Queryable, itemId: string, locationId: string): Promise<StockLine> {
  const { rows } = await q.query<LineRow>(
    `select ${itemColumns}, l.id as location_id, l.name as location_name, s.quantity, s.low_at
       from catalogue_items i
       cross join locations l
       left join stock_levels s on s.item_id = i.id and s.location_id = l.id
      where i.id = $1 and l.id = $2`,
    [itemId, locationId],
  );
  return lineOf(rows[0]!);
}

/** The level's row, made (0, low at 5) when there is none, taken under its lock. */
export async function lockLevel(tx: Queryable, itemId: string, locationId: string, now: Date): Promise<{ quantity: number; lowAt: number }> {
  await tx.query(
    `insert into stock_levels (item_id, location_id, updated_at) values ($1, $2, $3) on conflict (item_id, location_id) do nothing`,
    [itemId, locationId, now],
  );
  const { rows } = await tx.query<{ quantity: number; low_at: number }>(
    'select quantity, low_at from stock_levels where item_id = $1 and location_id = $2 for update',
    [itemId, locationId],
  );
  return { quantity: Number(rows[0]!.quantity), lowAt: Number(rows[0]!.low_at) };
}

export async function setQuantity(tx: Queryable, itemId: string, locationId: string, quantity: number, now: Date): Promise<void> {
  await tx.query('update stock_levels set quantity = $3, updated_at = $4 where item_id = $1 and location_id = $2', [itemId, locationId, quantity, now]);
}

export async function setLowAt(tx: Queryable, itemId: string, locationId: string, lowAt: number, now: Date): Promise<void> {
  await tx.query('update stock_levels set low_at = $3, updated_at = $4 where item_id = $1 and location_id = $2', [itemId, locationId, lowAt, now]);
}

export interface Movement {
  itemId: string;
  locationId: string;
  kind: 'received' | 'dispensed' | 'adjusted';
  change: number;
  orderId?: string | null;
  note?: string;
  actorUserId: string | null;
}

/** Throws a unique violation on dispensedKey for an order's item dispensed already. */
export async function insertMovement(tx: Queryable, m: Movement, now: Date): Promise<void> {
  await tx.query(
    `insert into stock_movements (item_id, location_id, kind, change, order_id, note, actor_user_id, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [m.itemId, m.locationId, m.kind, m.change, m.orderId ?? null, m.note ?? '', m.actorUserId, now],
  );
}

export async function movements(q: Queryable, itemId: string, locationId: string, limit: number): Promise<StockMovement[]> {
  const { rows } = await q.query<{ id: string; kind: StockMovement['kind']; change: number; order_id: string | null; note: string; actor: string | null; at: Date }>(
    `select m.id::text as id, m.kind, m.change, m.order_id, m.note, u.email as actor, m.at
       from stock_movements m left join users u on u.id = m.actor_user_id
      where m.item_id = $1 and m.location_id = $2
      order by m.at desc, m.id desc limit $3`,
    [itemId, locationId, limit],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, change: Number(r.change), orderId: r.order_id, note: r.note, actor: r.actor ?? '', at: new Date(r.at).toISOString() }));
}

/* ------------------------------------------------------------ orders */

export interface DispenseState {
  id: string;
  appointmentId: string;
  locationId: string | null;
  paymentMode: string;
  paymentStatus: string;
  orderStatus: string;
  dispensedAt: Date | null;
}

/** The order as dispensing reads it; `forUpdate` takes its row lock (one dispensing at a time). */
export async function findDispenseState(q: Queryable, id: string, forUpdate = false): Promise<DispenseState | null> {
  const { rows } = await q.query<{
    id: string;
    appointment_id: string;
    location_id: string | null;
    payment_mode: string;
    payment_status: string;
    order_status: string;
    dispensed_at: Date | null;
  }>(
    `select id, appointment_id, location_id, payment_mode, payment_status, order_status, dispensed_at from orders where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        appointmentId: r.appointment_id,
        locationId: r.location_id,
        paymentMode: r.payment_mode,
        paymentStatus: r.payment_status,
        orderStatus: r.order_status,
        dispensedAt: r.dispensed_at === null ? null : new Date(r.dispensed_at),
      }
    : null;
}

/** What the order takes of each catalogue item (its lines of one item summed), by item id. */
export async function neededItems(q: Queryable, orderId: string): Promise<{ itemId: string; name: string; needed: number }[]> {
  const { rows } = await q.query<{ item_id: string; name: string; needed: number }>(
    `select item_id, min(name) as name, sum(quantity)::int as needed from order_items
      where order_id = $1 and item_id is not null group by item_id order by item_id`,
    [orderId],
  );
  return rows.map((r) => ({ itemId: r.item_id, name: r.name, needed: Number(r.needed) }));
}

/** The levels of these items at the location, made when missing, locked in item order (so two dispensings never wait on each other in a circle). */
export async function lockLevels(tx: Queryable, itemIds: readonly string[], locationId: string, now: Date): Promise<Map<string, number>> {
  await tx.query(
    `insert into stock_levels (item_id, location_id, updated_at) select unnest($1::uuid[]), $2, $3 on conflict (item_id, location_id) do nothing`,
    [itemIds, locationId, now],
  );
  const { rows } = await tx.query<{ item_id: string; quantity: number }>(
    `select item_id, quantity from stock_levels where location_id = $2 and item_id = any($1::uuid[]) order by item_id for update`,
    [itemIds, locationId],
  );
  return new Map(rows.map((r) => [r.item_id, Number(r.quantity)]));
}

export async function markDispensed(tx: Queryable, orderId: string, now: Date): Promise<void> {
  await tx.query('update orders set dispensed_at = $2, updated_at = $2 where id = $1', [orderId, now]);
}

interface OrderRow {
  id: string;
  appointment_id: string;
  first_name: string;
  last_name: string;
  location_id: string | null;
  location_name: string | null;
  payment_mode: string;
  payment_status: string;
  order_status: string;
  total_price: string;
  dispensed_at: Date | null;
}

const orderSelect = `select o.id, o.appointment_id, a.first_name, a.last_name, o.location_id, l.name as location_name,
                            o.payment_mode, o.payment_status, o.order_status, o.total_price, o.dispensed_at
                       from orders o join appointments a on a.id = o.appointment_id left join locations l on l.id = o.location_id`;

async function withLines(q: Queryable, rows: OrderRow[]): Promise<DispensaryOrder[]> {
  if (rows.length === 0) return [];
  const { rows: lines } = await q.query<{ order_id: string; item_id: string | null; name: string; form: string; potency: string; pack: string; quantity: number; unit_price: string }>(
    `select order_id, item_id, name, form, potency, pack, quantity, unit_price from order_items where order_id = any($1::uuid[]) order by order_id, position`,
    [rows.map((r) => r.id)],
  );
  const byOrder = new Map<string, OrderLine[]>();
  for (const l of lines) {
    const unitPrice = Number(l.unit_price);
    const line: OrderLine = { itemId: l.item_id, name: l.name, form: l.form, potency: l.potency, pack: l.pack, quantity: Number(l.quantity), unitPrice, amount: Math.round(unitPrice * Number(l.quantity) * 100) / 100 };
    byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), line]);
  }
  return rows.map((r) => ({
    id: r.id,
    appointmentId: r.appointment_id,
    patientName: `${r.first_name} ${r.last_name}`.trim(),
    locationId: r.location_id,
    locationName: r.location_name ?? '',
    paymentMode: r.payment_mode,
    paymentStatus: r.payment_status,
    orderStatus: r.order_status,
    totalPrice: Number(r.total_price),
    items: byOrder.get(r.id) ?? [],
    dispensedAt: r.dispensed_at === null ? null : new Date(r.dispensed_at).toISOString(),
  }));
}

export async function dispensaryOrder(q: Queryable, id: string): Promise<DispensaryOrder | null> {
  const { rows } = await q.query<OrderRow>(`${orderSelect} where o.id = $1`, [id]);
  return (await withLines(q, rows))[0] ?? null;
}

/** Paid orders with catalogue lines, waiting (oldest first) or dispensed (newest first, the last 100). */
export async function dispensaryOrders(q: Queryable, locationId: string | null, dispensed: boolean): Promise<DispensaryOrder[]> {
  const { rows } = await q.query<OrderRow>(
    `${orderSelect}
      where ${dispensableSql} and ($1::uuid is null or o.location_id = $1::uuid)
        and o.dispensed_at is ${dispensed ? 'not null' : 'null'}
        and exists (select 1 from order_items oi where oi.order_id = o.id and oi.item_id is not null)
      order by ${dispensed ? 'o.dispensed_at desc' : 'o.created_at'}, o.id
      limit 100`,
    [locationId],
  );
  return withLines(q, rows);
}
