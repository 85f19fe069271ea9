/**
 * Hostile input is a 400 naming the field, never a 5xx, on every backend. Each
 * case below answered 500 before the contract's codecs refused it (a NUL byte reaching SQL, a
 * name longer than its column, a lone UTF-16 surrogate, a fee or total beyond numeric(10, 2), the
 * year 0). The last tests prove the net under the codecs: a value the database itself refuses as
 * bad data (SQLSTATE 22xxx, 23514) is a 400 at every depth of plugins, all answered by the app's one handler.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../server/http/errors.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { backends, useTestDatabases } from './helpers.js';
import { bookingBody, meera, type Patient, type Response } from './paymentSupport.js';
import { adminTableCounts, officeEmail } from './staffAdminSupport.js';
import { handOrder } from './orderSupport.js';

const nul = 'a\u0000b';
const surrogate = 'x\ud800';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

/** Fails unless the answer is a 400 in the API's shape naming `field`. */
function expectRefused(res: Response, field: string) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({
    status: 400,
    body: { code: 'request.invalid', message: 'Invalid request', errors: expect.arrayContaining([expect.objectContaining({ field })]) },
  });
}

describe.each(backends)('%s', (backend) => {
  const t = useAppointmentsApp(backend);
  const send = (who: Patient | null, call: Call) =>
    t.app().inject({ ...call, headers: who ? who.headers : {}, remoteAddress: '203.0.113.9' }) as Promise<Response>;

  it('a NUL byte in any string that reaches SQL is a 400 naming the field', async () => {
    const patient = await t.patient();
    const admin = await t.staff('admin', officeEmail);
    const cases: [Patient | null, Call, string][] = [
      [null, { method: 'POST', url: '/api/otp/send-otp', payload: { email: `a${nul}@example.com` } }, 'email'],
      [null, { method: 'POST', url: '/api/otp/validate-otp', payload: { email: `a${nul}@example.com`, otp: '123456' } }, 'email'],
      [null, { method: 'POST', url: '/api/auth/register', payload: { firstName: nul, lastName: 'P', email: 'n@example.com', age: 30, gender: 'male', phoneNumber: '9876543210', password: 'monsoon garden lantern' } }, 'firstName'],
      [null, { method: 'POST', url: '/api/auth/login', payload: { email: `a${nul}@example.com`, password: 'whatever1' } }, 'email'],
      [null, { method: 'POST', url: '/api/auth/forgotpassword', payload: { email: `a${nul}@example.com`, password: 'monsoon garden lantern' } }, 'email'],
      [null, { method: 'GET', url: `/api/doctor/getdoctoremail/a%00b@example.com` }, 'email'],
      [null, { method: 'GET', url: `/api/doctor/gettimeslot/${meera.email}/Au%00ndh/2025-03-12` }, 'location'],
      [patient, { method: 'POST', url: '/api/appointment/add', payload: bookingBody({}, { firstName: nul }) }, 'firstName'],
      [patient, { method: 'POST', url: '/api/appointment/add', payload: bookingBody({ location: nul }) }, 'location'],
      [patient, { method: 'POST', url: '/api/appointment/add', payload: bookingBody({}, { medicines: { ...bookingBody().medicines, complain: nul } }) }, 'medicines.complain'],
      [null, { method: 'GET', url: '/api/payment/return/x%00y' }, 'merchantOrderId'],
      [admin, { method: 'POST', url: '/api/staff/locations', payload: { name: nul } }, 'name'],
      [admin, { method: 'POST', url: '/api/staff/site/events', payload: { caption: nul, image: '', video: '' } }, 'caption'],
      [admin, { method: 'POST', url: '/api/staff/site/events', payload: { caption: '', image: `/a${nul}`, video: '' } }, 'image'],
      [admin, { method: 'POST', url: '/api/staff/refunds/00000000-0000-4000-8000-000000000000/resolve', payload: { note: nul } }, 'note'],
    ];
    const before = await adminTableCounts(t.db());
    for (const [who, call, field] of cases) expectRefused(await send(who, call), field);
    expect(await adminTableCounts(t.db())).toEqual(before);
  });

  it('a booking name longer than its column (200) is a 400 naming it; 200 characters book', async () => {
    const patient = await t.patient();
    const long = await send(patient, { method: 'POST', url: '/api/appointment/add', payload: bookingBody({}, { firstName: 'A'.repeat(201) }) });
    expectRefused(long, 'firstName');
    expect(long.json().errors[0].message).toBe('must be at most 200 characters');
    const longest = await send(patient, { method: 'POST', url: '/api/appointment/add', payload: bookingBody({}, { lastName: 'B'.repeat(200) }) });
    expect(longest.statusCode).toBe(200);
  });

  it('a lone UTF-16 surrogate in staff site content, locations, captions and testimonials is a 400; paired ones are kept', async () => {
    const admin = await t.staff('admin', officeEmail);
    const before = await adminTableCounts(t.db());
    const cases: [Call, string][] = [
      [{ method: 'POST', url: '/api/staff/locations', payload: { name: surrogate } }, 'name'],
      [{ method: 'POST', url: '/api/staff/site/events', payload: { caption: surrogate, image: '', video: '' } }, 'caption'],
      [{ method: 'POST', url: '/api/staff/site/team', payload: { name: 'Anita', role: surrogate, description: '', image: '' } }, 'role'],
      [{ method: 'POST', url: '/api/staff/site/testimonials', payload: { name: 'Anita', subject: '', description: `\udc00${surrogate}`, image: '' } }, 'description'],
    ];
    for (const [call, field] of cases) {
      const res = await send(admin, call);
      expectRefused(res, field);
      expect(res.json().errors[0].message).toBe('must be valid Unicode text');
    }
    expect(await adminTableCounts(t.db())).toEqual(before);
    // An emoji is a surrogate pair; a description may have line breaks.
    const ok = await send(admin, { method: 'POST', url: '/api/staff/site/testimonials', payload: { name: 'Anita 🌿', subject: '', description: 'Kind.\nThank you\t🙏', image: '' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().testimonial).toMatchObject({ name: 'Anita 🌿', description: 'Kind.\nThank you\t🙏' });
    // ...a name may not.
    expectRefused(await send(admin, { method: 'POST', url: '/api/staff/locations', payload: { name: 'Two\nlines' } }), 'name');
  });

  it('a fee or an order total of 1e8 rupees (beyond numeric(10, 2)) is a 400 naming it', async () => {
    const admin = await t.staff('admin', officeEmail);
    const fee = await send(admin, { method: 'PUT', url: '/api/staff/fees', payload: { consultationType: 'Video', consultationFee: 1e8 } });
    expectRefused(fee, 'consultationFee');
    const patient = await t.patient();
    const { _id } = (await send(patient, { method: 'POST', url: '/api/appointment/add', payload: bookingBody() })).json();
    const order = await send(admin, { method: 'POST', url: `/api/staff/appointments/${_id}/order`, payload: { ...(await handOrder(t.db(), 1)), lines: [{ name: 'Arnica', quantity: 1, unitPrice: 1e8 }] } });
    expectRefused(order, 'lines.0.unitPrice');
    const largest = await send(admin, { method: 'PUT', url: '/api/staff/fees', payload: { consultationType: 'Video', consultationFee: 99_999_999.99 } });
    expect(largest.statusCode).toBe(200);
  });

  it('the date 0000-01-01 is a 400 naming it in gettimeslot and the staff appointment list', async () => {
    const admin = await t.staff('admin', officeEmail);
    const slots = await send(null, { method: 'GET', url: `/api/doctor/gettimeslot/${meera.email}/Aundh/0000-01-01` });
    expectRefused(slots, 'date');
    expect(slots.json().errors[0].message).toBe('must be a date from 1900-01-01 to 2999-12-31');
    expectRefused(await send(admin, { method: 'GET', url: '/api/staff/appointments?date=0000-01-01' }), 'date');
    expectRefused(await send(admin, { method: 'GET', url: '/api/staff/appointments?from=2025-03-01&to=0000-01-01' }), 'to');
  });
});

describe.each(backends)('%s: the database refusing a value', (backend) => {
  const databases = useTestDatabases(backend);

  /**
   * A bare app with the real error handler, whose routes send a value the database refuses
   * straight to it, past any codec: at the app's root, in a plugin (as the API's routes are) and
   * in a plugin inside it (as the staff console's are).
   */
  async function appOver(statement: string, params: unknown[] = []): Promise<FastifyInstance> {
    const db = await databases.seeded();
    const app = Fastify();
    registerErrorHandling(app);
    const route = async () => (await db.query(statement, params)).rows;
    app.get('/bare', route);
    await app.register(async (api) => {
      api.get('/api', route);
      await api.register(async (staff) => {
        staff.get('/staff', route);
      });
    });
    await app.ready();
    return app;
  }

  it.each([
    ['a NUL byte in text (22021)', 'select $1::text as x', ['a\u0000b'], '(body)'],
    ['a number beyond numeric(10, 2) (22003)', `update appointment_fees set fee = $1 where consultation_type = 'Video'`, [1e8], '(body)'],
    ['the year 0 (22008)', 'select $1::date as x', ['0000-01-01'], '(body)'],
    ['text longer than its check allows (23514)', `update locations set name = repeat('x', 201)`, [], 'name'],
  ])('%s is a 400, never a 500, at every depth', async (_what, statement, params, field) => {
    const app = await appOver(statement, params);
    try {
      for (const url of ['/bare', '/api', '/staff']) {
        const res = await app.inject(url);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url,
          status: 400,
          body: { code: 'request.invalid', message: 'Invalid request', errors: [{ field, message: 'is not a value that can be stored' }] },
        });
      }
    } finally {
      await app.close();
    }
  });

  it('other database errors stay a 500 that says nothing of the insides', async () => {
    const app = await appOver('select * from no_such_table');
    try {
      const res = await app.inject('/api');
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 500, body: { code: 'server.error', message: 'Something went wrong.' } });
    } finally {
      await app.close();
    }
  });
});
