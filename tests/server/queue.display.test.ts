/**
 * The waiting room's display links and displays (contract/endpoints/display.ts), on every backend:
 * links made, listed and revoked by admins only, audited, the key shown once and stored as its
 * SHA-256; the display's snapshot of its location's queues today by its key, with nothing of a
 * patient but the token and the first name's initial, in THE QUEUE RULE's order; unknown and
 * revoked keys 404. The clock starts on Tuesday 11 March 2025, 10:00 in the clinic.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scrubUrl } from '../../server/http/logger.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { displayLink, enqueue, moveEntry, officeEmail, revokeLink, visit } from './queueSupport.js';
import { auditRows, idOf } from './staffAdminSupport.js';
import { meera } from './paymentSupport.js';

describe.each(backends)('display links and snapshots on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const admin = () => t.staff('admin', officeEmail);

  it('admins make a link (its key once, only its SHA-256 kept), list it without the key, revoke it; each audited', async () => {
    const office = await admin();
    const made = await displayLink(t.app(), t.db(), office, 'Aundh', 'Reception TV');
    expect(made.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.url).toBe(`http://localhost:3000/#/display/${made.key}`);
    const { rows } = await t.db().query<{ key_hash: string; label: string }>('select key_hash, label from queue_displays');
    expect(rows).toEqual([{ key_hash: createHash('sha256').update(made.key).digest('hex'), label: 'Reception TV' }]);

    const list = await t.app().inject({ method: 'GET', url: '/api/staff/displays', headers: office.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.key);
    expect(list.json()).toEqual([
      { _id: made.id, label: 'Reception TV', locationId: made.locationId, location: 'Aundh', createdAt: t.clock.now().toISOString(), createdBy: officeEmail, revokedAt: null },
    ]);

    const revoked = await revokeLink(t.app(), office, made.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ _id: made.id, revokedAt: t.clock.now().toISOString() });
    const again = await revokeLink(t.app(), office, made.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'queue.displayRevoked' });
    expect((await revokeLink(t.app(), office, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const audit = (await auditRows(t.db())).filter((r) => r.action.startsWith('display.'));
    expect(audit.map((r) => [r.action, r.actor, r.details.displayId])).toEqual([
      ['display.created', officeEmail, made.id],
      ['display.revoked', officeEmail, made.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain(made.key);
  });

  it('refuses others: 401 without a token, 403 for a patient and a doctor; 400 naming the field, nothing written', async () => {
    const office = await admin();
    const locationId = await idOf(t.db(), 'locations', 'name', 'Aundh');
    const patient = await t.patient();
    const doctor = await t.staff('doctor', meera.email);
    const body = { label: 'TV', locationId };
    expect((await t.app().inject({ method: 'POST', url: '/api/staff/displays', payload: body })).statusCode).toBe(401);
    for (const who of [patient, doctor]) {
      for (const [method, url] of [
        ['POST', '/api/staff/displays'],
        ['GET', '/api/staff/displays'],
      ] as const) {
        expect((await t.app().inject({ method, url, headers: who.headers, ...(method === 'POST' ? { payload: body } : {}) })).statusCode).toBe(403);
      }
    }
    const bad = async (payload: object) => {
      const res = await t.app().inject({ method: 'POST', url: '/api/staff/displays', headers: office.headers, payload });
      expect(res.statusCode).toBe(400);
      return (res.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
    };
    expect(await bad({ label: '  ', locationId })).toEqual(['label']);
    expect(await bad({ label: 'TV', locationId: 'x' })).toEqual(['locationId']);
    expect(await bad({ label: 'TV', locationId: '00000000-0000-4000-8000-000000000000' })).toEqual(['locationId']);
    expect((await t.db().query('select count(*)::int as n from queue_displays')).rows[0]).toEqual({ n: 0 });
  });

  it("shows the location's queues of today: who is called to which room, the next in the rule's order, initials only", async () => {
    const office = await admin();
    const patient = await t.patient();
    const db = t.db();
    // Booked patients at 11:00, 11:30 and 12:00; a walk-in who came at 11:10 fills the gap.
    const ravi = await visit(t.app(), db, patient, '11:00', 'ravi');
    const shruti = await visit(t.app(), db, patient, '11:30', 'श्रुति');
    const late = await visit(t.app(), db, patient, '12:00', ' Zoya ');
    const walkin = await visit(t.app(), db, patient, '11:15', 'Imran');
    const seen = await visit(t.app(), db, patient, '10:30', 'Done');
    // Dr. Farhan Shaikh's queue at Kothrud is another display's.
    const elsewhere = await visit(t.app(), db, patient, '11:00', 'Kothrud', { location: 'Kothrud', doctorEmail: 'farhan.shaikh@sahaj-clinic.example' });
    const first = await enqueue(db, ravi._id, { token: 1 });
    await enqueue(db, late._id, { token: 2 });
    await enqueue(db, shruti._id, { token: 3 });
    await enqueue(db, walkin._id, { token: 4, dueTime: '11:10' });
    await enqueue(db, seen._id, { token: 5, status: 'done' });
    await enqueue(db, elsewhere._id, { token: 1 });
    await moveEntry(db, first, 'called', 'Room 2');

    const { key } = await displayLink(t.app(), db, office);
    const res = await t.app().inject({ method: 'GET', url: `/api/display/${key}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const meeraId = await idOf(db, 'doctors', 'email', meera.email);
    expect(res.json()).toEqual({
      location: 'Aundh',
      date: '2025-03-11',
      doctors: [
        {
          doctorId: meeraId,
          doctorName: meera.name,
          called: { token: 'T1', initial: 'R', room: 'Room 2' },
          next: [
            { token: 'T4', initial: 'I' },
            { token: 'T3', initial: 'श' },
            { token: 'T2', initial: 'Z' },
          ],
          waiting: 3,
        },
      ],
    });
    // Nothing of the patients but the initials: no names, numbers, emails or appointment ids.
    for (const secret of ['ravi', 'Imran', 'श्रुति', 'Zoya', 'Deshpande', '98765', 'example.com', ravi._id, ravi.appointmentId]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('shows a doctor who sees patients there today with nobody in the queue; not one on leave, unless someone waits for them', async () => {
    const db = t.db();
    const { key } = await displayLink(t.app(), db, await admin());
    const snapshot = async () => (await t.app().inject({ method: 'GET', url: `/api/display/${key}` })).json() as { doctors: unknown[] };
    const meeraId = await idOf(db, 'doctors', 'email', meera.email);
    // Tuesday at Aundh: Dr. Meera's clinic day (Dr. Kavita's hours there are online only, so no queue of hers).
    const empty = { doctorId: meeraId, doctorName: meera.name, called: null, next: [], waiting: 0 };
    expect((await snapshot()).doctors).toEqual([empty]);
    const booked = await visit(t.app(), db, await t.patient(), '11:00', 'Ravi');
    await db.query("insert into doctor_leave (doctor_id, from_date, to_date, reason) values ($1, '2025-03-10', '2025-03-12', 'Conference')", [meeraId]);
    expect((await snapshot()).doctors).toEqual([]);
    // Booked before the leave was entered and checked in: the patient still waits for her, so she is shown.
    await enqueue(db, booked._id, { token: 1 });
    expect((await snapshot()).doctors).toEqual([{ ...empty, next: [{ token: 'T1', initial: 'R' }], waiting: 1 }]);
  });

  it('answers 404 for an unknown or revoked key, 400 for one that is not a key; the key stays out of the logs', async () => {
    const office = await admin();
    const link = await displayLink(t.app(), t.db(), office);
    expect((await t.app().inject({ method: 'GET', url: `/api/display/${link.key}` })).statusCode).toBe(200);
    const unknown = await t.app().inject({ method: 'GET', url: `/api/display/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'queue.displayNotFound' });
    expect((await revokeLink(t.app(), office, link.id)).statusCode).toBe(200);
    expect((await t.app().inject({ method: 'GET', url: `/api/display/${link.key}` })).statusCode).toBe(404);
    expect((await t.app().inject({ method: 'GET', url: `/api/display/${link.key}/stream` })).statusCode).toBe(404);
    const malformed = await t.app().inject({ method: 'GET', url: '/api/display/short' });
    expect(malformed.statusCode).toBe(400);
    expect(scrubUrl(`/api/display/${link.key}/stream`)).toBe('/api/display/[key]/stream');
  });
});
