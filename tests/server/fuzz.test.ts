/**
 * Hostile input is a 400, never a 5xx: property-based fuzzing of every route the app registers (the app's own list,
 * server/http/route.ts registeredRoutes: a new route is fuzzed without editing this file), as
 * anonymous, patient, doctor, reception and admin. Bodies, queries and path parameters come from the route's
 * contract codecs (fuzzSupport.ts) with hostile values mixed in; routes without codecs (Google
 * sign-in, the sandbox checkout, the development provider, static files) get hostile values only.
 *
 * What must hold for every request: no answer >= 500, and a refused one (4xx) changes no row of
 * any table (a checksum of every table before and after), except the bookkeeping that counts
 * refused attempts on purpose (EXCLUDED below).
 *
 * Budget, from a fixed seed (FUZZ_SEED, default 20261124) so a run is repeatable: each route gets
 * one request as each of the four, then FUZZ_RUNS more (default 2) as those it let past its
 * login and role checks, where the codecs and services are. fast-check shrinks a failure and
 * prints its seed.
 * The number of requests sent goes to .tmp/test-results/fuzz-<backend>.json, which `npm test`
 * (scripts/test.mjs) prints in its summary.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { registeredRoutes, type RegisteredRoute } from '../../server/http/route.js';
import { packageRoot } from '../../server/paths.js';
import { createServices } from '../../server/services/index.js';
import { toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { arbitraryOf, encodePathPart, hostile, type KnownValues, looseRecord, queryString } from './fuzzSupport.js';
import { backends } from './helpers.js';
import { bookingBody, checkout, meera, type Patient, type Response } from './paymentSupport.js';
import { officeEmail } from './staffAdminSupport.js';
import { enqueue } from './queueSupport.js';
import { joinBody } from './waitlistSupport.js';
import { vapidEnv } from './pushSupport.js';
import { catalogueItem, handOrder, locationId } from './orderSupport.js';

const deeperRuns = Number(process.env.FUZZ_RUNS ?? 2);
const seed = Number(process.env.FUZZ_SEED ?? 20261124);

/**
 * Tables a refused request may change on purpose: every counted attempt (a refused one too) is a
 * hit in rate_limits, and a wrong one-time code counts against the code (email_codes, phone_codes).
 */
const EXCLUDED = new Set(['rate_limits', 'email_codes', 'phone_codes']);

/** One md5 per table over all its rows: equal before and after means nothing was written. */
async function checksumQuery(db: Database): Promise<string> {
  const { rows } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = rows.map((r) => r.table_name).filter((name) => !EXCLUDED.has(name));
  if (tables.length < 10) throw new Error(`only ${tables.length} tables found: the checksum would prove nothing`);
  return `select ${tables
    .map((name) => `(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from "${name}" x) as "${name}"`)
    .join(', ')}`;
}

type Role = 'anonymous' | 'patient' | 'doctor' | 'reception' | 'admin';
const roles: Role[] = ['anonymous', 'patient', 'doctor', 'reception', 'admin'];

interface FuzzRequest {
  role: Role;
  method: string;
  url: string;
  payload?: string | object;
  contentType?: string;
}

/** Requests for one route: its codecs walked where it has them, hostile values everywhere else. */
function requestsFor(route: RegisteredRoute, known: KnownValues, role: fc.Arbitrary<Role>): fc.Arbitrary<FuzzRequest> {
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const loosePathValue = fc.oneof(fc.constantFrom(...known.ids, ...known.merchantOrderIds, ...known.emails), hostile, fc.string({ maxLength: 20 }));
  const params: fc.Arbitrary<Record<string, unknown>> = route.codecs?.params
    ? (arbitraryOf(route.codecs.params, known) as fc.Arbitrary<Record<string, unknown>>)
    : fc.record(Object.fromEntries(pathNames.map((name) => [name, loosePathValue])));
  const query: fc.Arbitrary<Record<string, unknown>> = route.codecs?.query
    ? (arbitraryOf(route.codecs.query, known) as fc.Arbitrary<Record<string, unknown>>)
    : fc.oneof(fc.constant({}), looseRecord);
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const body: fc.Arbitrary<Pick<FuzzRequest, 'payload' | 'contentType'>> = !hasBody
    ? fc.constant({})
    : fc.oneof(
        {
          arbitrary: (route.codecs?.body ? arbitraryOf(route.codecs.body, known) : looseRecord).map((payload) => ({ payload: payload as object })),
          weight: 8,
        },
        // Not an object at all, or not JSON.
        { arbitrary: hostile.map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' })), weight: 1 },
        { arbitrary: fc.constantFrom('{"a":', 'a=1&b=%00', '').map((payload) => ({ payload, contentType: 'application/x-www-form-urlencoded' })), weight: 1 },
        { arbitrary: fc.constant({}), weight: 1 },
      );
  return fc.record({ role, params, query, body, wildcard: loosePathValue }).map(({ role, params, query, body, wildcard }) => {
    const url = route.url
      .replace(/:(\w+)/g, (_m, name: string) => encodePathPart(params[name] ?? ''))
      .replace(/\*$/, encodePathPart(wildcard));
    return { role, method: route.method, url: url + queryString(query), ...body };
  });
}

// A stand-in for the built client, so the static routes serve files (and their 404s) as in production.
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-fuzz-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Clinic</title>');
writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** An event stream's route (GET .../stream): an admitted request would hold its answer open for ever. */
const isStream = (url: string) => /\/stream(\?|$)/.test(url);

/**
 * A stream route's answer as far as the head: an event stream that opened counts as its 200 with
 * no body (the stream is left to the app's close, which ends every stream); any other answer is
 * read whole, as inject would.
 */
async function streamedAnswer(app: ReturnType<ReturnType<typeof useAppointmentsApp>['app']>, options: object): Promise<Response> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.on('error', () => undefined);
    stream.destroy();
    return Object.assign(res, { body: '', json: () => ({}) }) as unknown as Response;
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return Object.assign(res, { body, json: () => JSON.parse(body) as unknown }) as unknown as Response;
}

describe.each(backends)('%s', (backend) => {
  const t = useAppointmentsApp(backend, { clientDir, env: vapidEnv });

  it(
    `every route as anyone: no answer >= 500, no row changed by a refused request (seed ${seed})`,
    async () => {
      const app = t.app();
      const db = t.db();
      const accounts: Record<Exclude<Role, 'anonymous'>, Patient> = {
        patient: await t.patient(),
        doctor: await t.staff('doctor', meera.email),
        reception: await t.staff('reception', 'desk@sahaj-clinic.example'),
        admin: await t.staff('admin', officeEmail),
      };
      // Something of every kind to aim at: an appointment with a checkout, a completed one with an order.
      const setUp = async (who: Patient, method: 'POST' | 'PUT', url: string, payload: object) => {
        const res = await app.inject({ method, url, payload, headers: who.headers });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        return res.json();
      };
      const made = await setUp(accounts.patient, 'POST', '/api/appointment/add', bookingBody({ startTime: '11:00' }));
      await checkout(app, accounts.patient, made);
      const done = await setUp(accounts.patient, 'POST', '/api/appointment/add', bookingBody({ startTime: '11:15' }));
      toCompletable(t.clock, '11:15');
      await setUp(accounts.admin, 'POST', `/api/staff/appointments/${done._id}/complete`, {
        ...bookingBody().medicines, complain: 'Cough', showMedicine: true, diagnosis: 'Acute bronchitis',
        // A course to aim the follow-up routes (/followup/{id}) at.
        followUp: { kind: 'after', every: 2, unit: 'weeks', times: 2 },
      });
      // A live and an archived catalogue item, whose ids the order's lines may be fuzzed with.
      const arnica = await catalogueItem(db, { name: 'ARNICA MONTANA', price: 90 });
      await catalogueItem(db, { name: 'ACONITE', price: 60, archived: true });
      // The order: a catalogue line and one written by hand, filled at Aundh (the dispensary's, below).
      await setUp(accounts.admin, 'POST', `/api/staff/appointments/${done._id}/order`, {
        ...(await handOrder(db, 250)),
        lines: [{ itemId: arnica, quantity: 1 }, { name: 'Remedies as prescribed', quantity: 1, unitPrice: 250 }],
        locationId: await locationId(db, 'Aundh'),
      });
      // The desk's: a patient without an account, a walk-in in Dr. Meera's queue, a booking due at the clinic.
      const { patient: deskPatient } = await setUp(accounts.reception, 'POST', '/api/desk/patients', {
        firstName: 'Asha', lastName: 'Kale', phoneNumber: '9822012345', age: 67, gender: 'female',
      });
      const [meeraId, aundhId] = (await db.query<{ id: string }>(
        `select id::text from doctors where email = $1 union all select id::text from locations where name = 'Aundh'`, [meera.email],
      )).rows.map((r) => r.id);
      await setUp(accounts.reception, 'POST', '/api/desk/walkins', { patientId: deskPatient._id, doctorId: meeraId, locationId: aundhId, fee: { pay: 'later' } });
      await setUp(accounts.reception, 'POST', '/api/desk/bookings', {
        patientId: deskPatient._id, doctorId: meeraId, locationId: aundhId, date: '2025-03-11', startTime: '12:00', consultationType: 'Clinic Visit', fee: { pay: 'later' },
      });
      // A display link to revoke, and a finished place in today's queue to ask about (a waiting
      // one would open a stream, which an injected request would wait on for ever).
      await setUp(accounts.admin, 'POST', '/api/staff/displays', { label: 'Fuzz TV', locationId: aundhId });
      await enqueue(db, done._id, { token: 90, status: 'done' });
      // A waitlist entry to leave or decline (its id among the known ones).
      await setUp(accounts.patient, 'POST', '/api/waitlist', joinBody());
      // And one the desk put its patient on (POST /desk/waitlist), to take off (DELETE /desk/waitlist/{id}).
      await setUp(accounts.reception, 'POST', '/api/desk/waitlist', {
        patientId: deskPatient._id, doctorId: meeraId, locationId: '', consultationType: 'Clinic Visit', fromDate: '2025-03-12', toDate: '2025-03-14',
      });
      // The dispensary's: the order above, paid, to dispense.
      await db.query(`update orders set payment_status = 'Completed'`);
      // A doctor's signature on file, to read, replace or remove (its route takes the image's bytes).
      const signature = await sharp({ create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
      const signed = await app.inject({
        method: 'PUT', url: `/api/staff/doctors/${meeraId}/signature`, payload: signature, headers: { ...accounts.admin.headers, 'content-type': 'image/png' },
      });
      if (signed.statusCode !== 200) throw new Error(`the signature answered ${signed.statusCode}: ${signed.body}`);
      // An ABHA on the patient's file and on the desk's patient's, to read, replace or remove.
      await setUp(accounts.patient, 'PUT', '/api/account/abha', { abhaNumber: '91-5020-3070-4012', abhaAddress: 'fuzz.patient@sbx', source: 'typed' });
      await setUp(accounts.reception, 'PUT', `/api/desk/patients/${deskPatient._id}/abha`, { abhaNumber: '', abhaAddress: 'fuzz.desk@abdm', source: 'qr' });

      const ids = await db.query<{ id: string }>(
        `select id::text from locations union all select id::text from doctors union all select id::text from appointments
         union all select id::text from orders union all select id::text from users union all select id::text from site_events
         union all select id::text from team_members union all select id::text from testimonials union all select id::text from doctor_leave
         union all select id::text from payments union all select id::text from queue_displays union all select id::text from queue_entries
         union all select id::text from waitlist_entries union all select id::text from catalogue_items`,
      );
      const known: KnownValues = {
        ids: ids.rows.map((r) => r.id),
        emails: [accounts.patient.email, meera.email, officeEmail, 'desk@sahaj-clinic.example'],
        locations: (await db.query<{ name: string }>('select name from locations')).rows.map((r) => r.name),
        merchantOrderIds: (await db.query<{ merchant_order_id: string }>('select merchant_order_id from payments')).rows.map((r) => r.merchant_order_id),
      };
      const sessions = createServices(db, { now: t.clock.now }).sessions;

      // Every route once, GET's automatic HEAD twin aside.
      const routes = registeredRoutes(app).filter((r) => r.method !== 'HEAD' || !registeredRoutes(app).some((g) => g.method === 'GET' && g.url === r.url));
      expect(routes.length).toBeGreaterThan(50);
      expect(routes.filter((r) => r.codecs).length).toBeGreaterThan(40);

      const checksum = await checksumQuery(db);
      const snapshot = async () => (await db.query<Record<string, string>>(checksum)).rows[0]!;
      let before = await snapshot();
      let requests = 0;
      let serverErrors = 0;
      const refusedRequests: Record<number, number> = {};

      /** Sends one request and checks it; answers whether it got past the login and role checks. */
      async function probe(request: FuzzRequest): Promise<boolean> {
        const who = request.role === 'anonymous' ? null : accounts[request.role];
        requests++;
        const options = {
          method: request.method as 'GET',
          url: request.url,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
          headers: { ...(who ? who.headers : {}), ...(request.contentType ? { 'content-type': request.contentType } : {}) },
          // Each from its own address, so the per-address limits do not end the run early.
          remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
        };
        const res = isStream(request.url) ? await streamedAnswer(app, options) : ((await app.inject(options)) as Response);
        const after = await snapshot();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        before = after;
        if (res.statusCode >= 500) serverErrors++;
        const what = `${request.role} ${request.method} ${request.url.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400) {
          refusedRequests[res.statusCode] = (refusedRequests[res.statusCode] ?? 0) + 1;
          expect(changed, `a refused request changed rows: ${what}`).toEqual([]);
        }
        // Every 400 of the API names at least one field, so a form can show it there.
        if (res.statusCode === 400 && /json/.test(String(res.headers['content-type'] ?? ''))) {
          const body = JSON.parse(res.body) as { errors?: { field?: unknown }[] };
          expect(body.errors?.length ?? 0, `a 400 without field errors: ${what}`).toBeGreaterThan(0);
        }
        // A fuzzed logout (or role change) must not end the run for that role: a new session,
        // the roles back as they were, and the checksum taken again.
        if (res.statusCode < 300 && /logout|accounts\/role/.test(request.url)) {
          for (const [role, account] of Object.entries(accounts) as [Exclude<Role, 'anonymous'>, Patient][]) {
            await db.query('update users set role = $2 where id = $1 and role <> $2', [account.id, role]);
            if (/logout/.test(request.url)) {
              const { token } = await sessions.issue(account.id);
              Object.assign(account, { token, headers: { authorization: `Bearer ${token}` } });
            }
          }
          before = await snapshot();
        }
        return res.statusCode !== 401 && res.statusCode !== 403;
      }

      for (const [index, route] of routes.entries()) {
        const admitted: Role[] = [];
        for (const [k, role] of roles.entries()) {
          await fc.assert(
            fc.asyncProperty(requestsFor(route, known, fc.constant(role)), async (request) => {
              if ((await probe(request)) && !admitted.includes(role)) admitted.push(role);
            }),
            { seed: seed + index * 8 + k, numRuns: 1 },
          );
        }
        if (admitted.length === 0 || deeperRuns === 0) continue;
        await fc.assert(
          fc.asyncProperty(requestsFor(route, known, fc.constantFrom(...admitted)), async (request) => {
            await probe(request);
          }),
          { seed: seed + index * 8 + 5, numRuns: deeperRuns },
        );
      }

      const results = path.join(packageRoot, '.tmp', 'test-results');
      mkdirSync(results, { recursive: true });
      writeFileSync(path.join(results, `fuzz-${backend}.json`), JSON.stringify({ backend, seed, routes: routes.length, requests, serverErrors, refusedRequests }));
      console.log(`fuzz (${backend}): ${requests} requests over ${routes.length} routes, ${serverErrors} answers >= 500, refused: ${JSON.stringify(refusedRequests)}`);
    },
    240_000,
  );
});
