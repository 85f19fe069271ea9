/**
 * Shared by the dispensary suites (dispensary*.test.ts): the calls under /api/staff, catalogue
 * items and their stock made in SQL, and pharmacy orders with their order_items rows written
 * directly in SQL (building an order from the catalogue is the order flow's work: these stand in
 * for what it writes: orders.location_id, order_items, the payment state).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.js';
import { seedIds } from './deskSupport.js';
import type { Patient, Response } from './paymentSupport.js';

/** A call to /api/staff{url} as `who` (null: no token). */
export const staffApi = (app: FastifyInstance, who: Patient | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/staff${url}`, ...(payload ? { payload } : {}), headers: who ? who.headers : {} }) as Promise<Response>;

/** Fails unless the call answered `status` (200 unless told); answers the body. */
export async function staffOk<T = any>(app: FastifyInstance, who: Patient, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> {
  const res = await staffApi(app, who, method, url, payload);
  if (res.statusCode !== status) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export const arnica = { name: 'Arnica Montana', form: 'pills', potency: '30c', pack: '2 dram', price: 90 };

/** A catalogue item (not the seed's) made in SQL, holding `stock` at `locationId` when given. */
export async function itemWithStock(db: Database, name: string, stock?: { locationId: string; quantity: number; lowAt?: number }): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into catalogue_items (name, form, potency, pack, price) values ($1, 'pills', '30C', '2 dram', 90) returning id`,
    [name],
  );
  const id = rows[0]!.id;
  if (stock) {
    await db.query('insert into stock_levels (item_id, location_id, quantity, low_at) values ($1, $2, $3, $4)', [id, stock.locationId, stock.quantity, stock.lowAt ?? 5]);
  }
  return id;
}

export async function quantityOf(db: Database, itemId: string, locationId: string): Promise<number | null> {
  const { rows } = await db.query<{ quantity: number }>('select quantity from stock_levels where item_id = $1 and location_id = $2', [itemId, locationId]);
  return rows[0] ? Number(rows[0].quantity) : null;
}

export async function countOf(db: Database, table: 'stock_movements' | 'audit_log' | 'catalogue_items', where = 'true', params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return rows[0]!.n;
}

let orders = 0;

export interface OrderSpec {
  locationId: string | null;
  lines: { itemId: string | null; quantity: number; name?: string }[];
  /** 'Completed' unless told. */
  paymentStatus?: 'Pending' | 'Completed' | 'Failed' | 'Refund';
  paymentMode?: 'Card' | 'Cash';
  orderStatus?: 'Placed' | 'Ready' | 'Delivered' | 'Cancelled';
}

/**
 * A pharmacy order of a Completed appointment of Dr. Meera (made in SQL, a patient of its own),
 * with its lines as order_items: paid online unless told. Answers the order's id.
 */
export async function orderOf(db: Database, spec: OrderSpec): Promise<string> {
  const ids = await seedIds(db);
  const n = ++orders;
  const { rows: users } = await db.query<{ id: string }>(
    `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role)
     values ($1, 'Sunita', 'Deshmukh', 52, 'female', '9876543210', 'google', 'patient') returning id`,
    [`order-patient-${n}@example.com`],
  );
  const { rows: appointments } = await db.query<{ id: string }>(
    `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type, consultation_fee,
                               first_name, last_name, email, phone_number, age, gender, status, payment_status, holds_slot, created_at, updated_at)
     values ('SHC-25-' || lpad(nextval('appointment_number_seq')::text, 7, '0'), $1, $2, $3, '2025-03-10', '10:00', 'Clinic Visit', 500, 'Sunita', 'Deshmukh', 'sunita@example.com', '9876543210', 52, 'female',
             'Completed', 'paid', false, now(), now()) returning id`,
    [users[0]!.id, ids.meera, spec.locationId ?? ids.aundh],
  );
  const total = spec.lines.reduce((sum, l) => sum + l.quantity * 90, 0);
  const { rows: made } = await db.query<{ id: string }>(
    `insert into orders (appointment_id, pharmacy_id, total_price, payment_mode, payment_status, order_status, location_id, subtotal, tax_rate_bp, tax)
     values ($1, '', $2, $3, $4, $5, $6, $2, 0, 0) returning id`,
    [appointments[0]!.id, total, spec.paymentMode ?? 'Card', spec.paymentStatus ?? 'Completed', spec.orderStatus ?? 'Placed', spec.locationId],
  );
  const orderId = made[0]!.id;
  for (const [position, line] of spec.lines.entries()) {
    await db.query(
      `insert into order_items (order_id, position, item_id, name, form, potency, pack, quantity, unit_price)
       values ($1, $2, $3, coalesce($4, (select name from catalogue_items where id = $3), 'Hand-written'), 'pills', '30C', '2 dram', $5, 90)`,
      [orderId, position, line.itemId, line.name ?? null, line.quantity],
    );
  }
  return orderId;
}
