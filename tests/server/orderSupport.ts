/**
 * Pharmacy orders in server tests (docs/orders.md): catalogue items written straight into the
 * table (the dispensary's own CRUD is not needed to price an order), the clinic's locations, and
 * order bodies.
 */
import type { Queryable } from '../../server/db/database.js';

/** The seeded location whose dispensary fills the tests' orders; its name is the order's pharmacyId. */
export const pharmacyName = 'Kothrud';

export async function locationId(db: Queryable, name = pharmacyName): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id from locations where name = $1', [name]);
  if (!rows[0]) throw new Error(`no location ${name}`);
  return rows[0].id;
}

/** A catalogue item (live unless `archived`). */
export async function catalogueItem(
  db: Queryable,
  item: { name: string; price: number; form?: string; potency?: string; pack?: string; archived?: boolean },
): Promise<string> {
  const key = [item.name, item.form ?? 'pills', item.potency ?? '30C', item.pack ?? '2 dram'];
  // One live item per name, form, potency and pack (catalogue_items_live_key): a seeded twin is archived, so this one is the live one.
  if (!item.archived) {
    await db.query(
      'update catalogue_items set archived_at = now() where archived_at is null and lower(name) = lower($1) and form = $2 and potency = $3 and lower(pack) = lower($4)',
      key,
    );
  }
  const { rows } = await db.query<{ id: string }>(
    `insert into catalogue_items (name, form, potency, pack, price, archived_at) values ($1, $2, $3, $4, $5, $6) returning id`,
    [item.name, item.form ?? 'pills', item.potency ?? '30C', item.pack ?? '2 dram', item.price, item.archived ? new Date() : null],
  );
  return rows[0]!.id;
}

/** An order of one line written by hand at `total` rupees, picked up at Kothrud: for suites that need an order, not its pricing. */
export async function handOrder(db: Queryable, total: number, paymentMode: 'Card' | 'Cash' = 'Card') {
  return {
    lines: [{ name: 'Remedies as prescribed', quantity: 1, unitPrice: total }],
    paymentMode,
    locationId: await locationId(db),
    fulfilment: 'pickup' as const,
  };
}
