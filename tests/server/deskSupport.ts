/**
 * Shared by the desk suites (desk*.test.ts): the appointments suites' app (a fresh seeded
 * database per test, the clock at Tuesday 11 March 2025, 10:00 in the clinic), the desk's calls,
 * the seed's ids, staff accounts and patients the desk registers.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.js';
import type { AppointmentsApp } from './appointmentsSupport.js';
import { kavita, meera, type Patient, type Response } from './paymentSupport.js';
import { idOf } from './staffAdminSupport.js';

export const receptionEmail = 'desk@sahaj-clinic.example';
export const adminEmail = 'office@sahaj-clinic.example';

/** A call to /api/desk{url} as `who` (null: no token). */
export const desk = (app: FastifyInstance, who: Patient | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/desk${url}`, ...(payload ? { payload } : {}), headers: who ? who.headers : {} }) as Promise<Response>;

/** Fails unless the call answered `status` (200 unless told); answers the body. */
export async function deskOk<T = any>(app: FastifyInstance, who: Patient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, status = 200): Promise<T> {
  const res = await desk(app, who, method, url, payload);
  if (res.statusCode !== status) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export interface SeedIds {
  meera: string;
  kavita: string;
  aundh: string;
  kothrud: string;
}

export async function seedIds(db: Database): Promise<SeedIds> {
  return {
    meera: await idOf(db, 'doctors', 'email', meera.email),
    kavita: await idOf(db, 'doctors', 'email', kavita.email),
    aundh: await idOf(db, 'locations', 'name', 'Aundh'),
    kothrud: await idOf(db, 'locations', 'name', 'Kothrud'),
  };
}

export const asha = { firstName: 'Asha', lastName: 'Kale', phoneNumber: '98220 12345', age: 67, gender: 'female' };

/** The staff of a desk test: reception, an admin, Dr. Meera's account, Dr. Kavita's. */
export async function deskStaff(t: AppointmentsApp) {
  return {
    reception: await t.staff('reception', receptionEmail),
    admin: await t.staff('admin', adminEmail),
    doctor: await t.staff('doctor', meera.email),
    otherDoctor: await t.staff('doctor', kavita.email),
  };
}

/** Registers a patient at the desk (Asha unless told); answers the patient. */
export async function registered(app: FastifyInstance, who: Patient, patient: Record<string, unknown> = asha) {
  return (await deskOk(app, who, 'POST', '/patients', patient)).patient as { _id: string; kind: string; email: string };
}

/** A desk booking of Dr. Meera at Aundh today (11:00 unless told), fee left to pay. */
export const bookingOf = (ids: SeedIds, patientId: string, change: Record<string, unknown> = {}) => ({
  patientId,
  doctorId: ids.meera,
  locationId: ids.aundh,
  date: '2025-03-11',
  startTime: '11:00',
  consultationType: 'Clinic Visit',
  fee: { pay: 'later' },
  ...change,
});

/** Rows of the tables a desk call writes: equal before and after means nothing was written. */
export async function deskTableCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'appointments', 'payments', 'receipts', 'queue_entries', 'queue_counters', 'audit_log']) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0]!.n;
  }
  return counts;
}
