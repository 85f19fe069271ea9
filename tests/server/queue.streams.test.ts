/**
 * The display's and the patient's live streams (GET /display/{key}/stream,
 * GET /appointment/{id}/queue/stream), on every backend:
 * - the display gets its location's snapshot at once and every change by the push, on every
 *   instance (a change told on instance A reaches a stream on instance B through LISTEN); a
 *   change elsewhere sends nothing; a revoked link's stream ends by the push;
 * - the patient's place: the owner only, live while waiting, its last event when seen; ends with
 *   the session (logout);
 * - bounded: QUEUE_STREAMS_PER_DISPLAY per link, QUEUE_STREAMS_PER_ACCOUNT per account,
 *   QUEUE_STREAMS_PER_CLIENT per address and QUEUE_STREAMS_TOTAL per instance: past a cap 429
 *   with the reason; a closed stream frees its place.
 */
import { describe, expect, it } from 'vitest';
import { readQueueConfig } from '../../server/config/queue.js';
import { logout } from './accountsSupport.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { displayLink, displayStream, enqueue, moveEntry, officeEmail, placeStream, revokeLink, visit } from './queueSupport.js';

const perDisplay = 2;
const perAccount = 1;
const perClient = 3;
const total = 4;

describe.each(backends)('queue streams on %s', (backend) => {
  const t = useAppointmentsApp(backend, {
    env: {
      TRUST_PROXY: '127.0.0.1',
      QUEUE_STREAMS_PER_DISPLAY: String(perDisplay),
      QUEUE_STREAMS_PER_ACCOUNT: String(perAccount),
      QUEUE_STREAMS_PER_CLIENT: String(perClient),
      QUEUE_STREAMS_TOTAL: String(total),
    },
  });

  it('sends the snapshot at once and each change by the push, from whichever instance it came; a revoked link ends by the push', async () => {
    const admin = await t.staff('admin', officeEmail);
    const patient = await t.patient();
    const db = t.db();
    const a = await visit(t.app(), db, patient, '11:00', 'Ravi');
    const b = await visit(t.app(), db, patient, '11:15', 'Bela');
    const link = await displayLink(t.app(), db, admin);
    const second = await t.anotherInstance();
    const here = await displayStream(t.app(), link.key);
    const there = await displayStream(second, link.key);
    for (const s of [here, there]) {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await s.waitFor(() => s.snapshots().length === 1);
      // Dr. Meera sees patients at Aundh on Tuesdays: shown with nobody waiting (Dr. Kavita's hours there are online only).
      expect(s.snapshots()[0]).toEqual({
        location: 'Aundh',
        date: '2025-03-11',
        doctors: [{ doctorId: expect.any(String), doctorName: 'Dr. Meera Kulkarni', called: null, next: [], waiting: 0 }],
      });
    }

    // A check-in and a call on both instances.
    const entry = await enqueue(db, a._id, { token: 1 });
    for (const s of [here, there]) await s.waitFor(() => s.snapshots().at(-1)?.doctors[0]?.next[0]?.token === 'T1');
    await enqueue(db, b._id, { token: 2 });
    await moveEntry(db, entry, 'called', 'Room 1');
    for (const s of [here, there]) {
      await s.waitFor(() => s.snapshots().at(-1)?.doctors[0]?.called?.room === 'Room 1');
      expect(s.snapshots().at(-1)!.doctors[0]).toMatchObject({ called: { token: 'T1', initial: 'R', room: 'Room 1' }, next: [{ token: 'T2', initial: 'B' }], waiting: 1 });
    }

    // A queue at another location sends nothing here.
    const count = here.snapshots().length;
    const kothrud = await visit(t.app(), db, patient, '11:00', 'Kiran', { location: 'Kothrud', doctorEmail: 'farhan.shaikh@sahaj-clinic.example' });
    await enqueue(db, kothrud._id, { token: 1 });
    await moveEntry(db, entry, 'done');
    await here.waitFor(() => here.snapshots().length === count + 1);
    expect(here.snapshots().at(-1)!.doctors[0]!.called).toBeNull();

    // Revoked on the first instance: both streams end by the push, the last event `revoked`.
    expect((await revokeLink(t.app(), admin, link.id)).statusCode).toBe(200);
    for (const s of [here, there]) {
      await s.waitFor(() => s.ended);
      expect(s.events.at(-1)?.event).toBe('revoked');
    }
  });

  it("the patient's place: notCheckedIn, then waiting with the number before and minutes, called, seen; 404 for anybody else", async () => {
    const patient = await t.patient();
    const other = await t.patient();
    const db = t.db();
    const first = await visit(t.app(), db, other, '11:00', 'Ravi');
    const mine = await visit(t.app(), db, patient, '11:30', 'Asha');
    const place = async (who = patient, id = mine._id) => {
      const res = await t.app().inject({ method: 'GET', url: `/api/appointment/${id}/queue`, headers: who.headers });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    expect(await place()).toEqual({ status: 200, body: { status: 'notCheckedIn' } });
    expect((await place(other)).status).toBe(404);
    expect((await t.app().inject({ method: 'GET', url: `/api/appointment/${mine._id}/queue` })).statusCode).toBe(401);
    // Not in the queue: no stream (nothing would change live).
    const early = await placeStream(t.app(), patient, mine._id);
    expect(early.res.status).toBe(409);
    expect(early.refusal()).toMatchObject({ code: 'queue.notInQueue' });

    const ahead = await enqueue(db, first._id, { token: 1 });
    const entry = await enqueue(db, mine._id, { token: 2 });
    // Dr. Meera's slots are 15 minutes: one before, about 15 minutes.
    expect(await place()).toEqual({ status: 200, body: { status: 'waiting', token: 'T2', before: 1, minutes: 15 } });
    const stranger = await placeStream(t.app(), other, mine._id);
    expect(stranger.res.status).toBe(404);

    const s = await placeStream(t.app(), patient, mine._id);
    expect(s.res.status).toBe(200);
    // A personal answer, as every answer to a token (privateAnswers.test.ts walks the others).
    expect(s.res.headers.get('cache-control')).toBe('private, no-store');
    await s.waitFor(() => s.places().length === 1);
    expect(s.places()[0]).toEqual({ status: 'waiting', token: 'T2', before: 1, minutes: 15 });
    await moveEntry(db, ahead, 'called', 'Room 1');
    await s.waitFor(() => s.places().length === 2);
    expect(s.places()[1]).toEqual({ status: 'waiting', token: 'T2', before: 0, minutes: 0 });
    await moveEntry(db, ahead, 'done');
    await moveEntry(db, entry, 'called', 'Room 1');
    await s.waitFor(() => s.places().at(-1)?.status === 'called');
    expect(s.places().at(-1)).toEqual({ status: 'called', token: 'T2', room: 'Room 1' });
    await moveEntry(db, entry, 'done');
    await s.waitFor(() => s.ended);
    expect(s.places().at(-1)).toEqual({ status: 'done', token: 'T2' });
  });

  it("ends the patient's stream with the session (logout on the other instance)", async () => {
    const patient = await t.patient();
    const db = t.db();
    const mine = await visit(t.app(), db, patient, '11:30', 'Asha');
    await enqueue(db, mine._id, { token: 1 });
    const s = await placeStream(await t.anotherInstance(), patient, mine._id);
    await s.waitFor(() => s.places().length === 1);
    expect((await logout(t.app(), patient.token)).statusCode).toBe(200);
    await s.waitFor(() => s.ended);
    expect(s.events.at(-1)?.event).toBe('changed');
  });

  it('caps streams per link, per account, per client address and in all; 429 with the reason; a closed one frees its place', async () => {
    const admin = await t.staff('admin', officeEmail);
    const patient = await t.patient();
    const db = t.db();
    const mine = await visit(t.app(), db, patient, '11:30', 'Asha');
    await enqueue(db, mine._id, { token: 1 });
    const link = await displayLink(t.app(), db, admin);
    const other = await displayLink(t.app(), db, admin, 'Aundh', 'Second TV');
    const open: Awaited<ReturnType<typeof displayStream>>[] = [];
    const refused = async (s: { res: { status: number; headers: { get(n: string): string | null } }; refusal(): unknown }, code: string) => {
      expect(s.res.status).toBe(429);
      expect(s.res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(s.refusal()).toMatchObject({ code });
    };
    open.push(await displayStream(t.app(), link.key, '198.51.100.1'), await displayStream(t.app(), link.key, '198.51.100.2'));
    await refused(await displayStream(t.app(), link.key, '198.51.100.3'), 'queue.streamsPerDisplay');
    const patientStream = await placeStream(t.app(), patient, mine._id, '198.51.100.1');
    expect(patientStream.res.status).toBe(200);
    await refused(await placeStream(t.app(), patient, mine._id, '198.51.100.4'), 'queue.streamsPerAccount');
    open.push(await displayStream(t.app(), other.key, '198.51.100.1'));
    await refused(await displayStream(t.app(), other.key, '198.51.100.1'), 'queue.streamsPerClient');
    await refused(await displayStream(t.app(), other.key, '198.51.100.5'), 'queue.streamsTotal');
    for (const s of open) expect(s.res.status).toBe(200);
    // The API still answers, and a closed stream frees its place (the server hears of it a moment later).
    expect((await t.app().inject({ method: 'GET', url: `/api/display/${other.key}` })).statusCode).toBe(200);
    await open.shift()!.close();
    let again = await displayStream(t.app(), other.key, '198.51.100.5');
    const start = performance.now();
    while (again.res.status === 429 && performance.now() - start < 2000) again = await displayStream(t.app(), other.key, '198.51.100.5');
    expect(again.res.status).toBe(200);
    for (const s of [...open, again, patientStream]) await s.close();
  });
});

describe('queue stream settings', () => {
  it('reads QUEUE_STREAMS_* and the queue text templates with their defaults, refusing bad values by name', () => {
    expect(readQueueConfig({}).value).toEqual({
      streamsPerDisplay: 5,
      streamsPerAccount: 3,
      streamsPerClient: 50,
      streamsTotal: 2000,
      templates: { sms: null, whatsapp: null },
    });
    expect(readQueueConfig({ MSG91_QUEUE_TEMPLATE_ID: 'q1', MSG91_QUEUE_TEMPLATE_ID_MR: 'q3', WHATSAPP_QUEUE_TEMPLATE: 'queue_next' }).value.templates).toEqual({
      sms: { en: 'q1', mr: 'q3' },
      whatsapp: 'queue_next',
    });
    expect(readQueueConfig({ QUEUE_STREAMS_PER_DISPLAY: '0', QUEUE_STREAMS_TOTAL: 'lots', WHATSAPP_QUEUE_TEMPLATE: 'Bad Name' }).problems).toEqual([
      'QUEUE_STREAMS_PER_DISPLAY must be a whole number from 1 to 100 (got "0")',
      'QUEUE_STREAMS_TOTAL must be a whole number from 1 to 1000000 (got "lots")',
      'WHATSAPP_QUEUE_TEMPLATE must be a template name (lower-case letters, digits and _) (got "Bad Name")',
    ]);
  });
});
