/**
 * The staff console's live queue (GET /desk/queue/stream), on every backend: the doctor's own
 * queue or, for reception, any doctor's; the answer of GET /desk/queue at once and after each
 * change of the desk (a walk-in, a call, done) by the push, on whichever instance the change
 * was made; another doctor's queue, a patient and an unknown doctor 404, no token 401; it ends
 * with the session or the role that opened it (`changed`), and past QUEUE_STREAMS_PER_ACCOUNT it is refused (429) with the
 * reason, so the console falls back to reading the queue again.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logout } from './accountsSupport.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { openEventStream, listening } from './chatSupport.js';
import { deskOk, deskStaff, registered, seedIds } from './deskSupport.js';
import { backends } from './helpers.js';
import type { Patient } from './paymentSupport.js';

/** The desk queue stream of `doctorId` as `who` (null: no token) on `app`. */
async function queueStream(app: FastifyInstance, who: Patient | null, doctorId: string, address?: string) {
  const stream = await openEventStream(`${await listening(app)}/api/desk/queue/stream?doctorId=${doctorId}`, {
    ...(who ? who.headers : {}),
    ...(address ? { 'x-forwarded-for': address } : {}),
  });
  return Object.assign(stream, { answers: () => stream.events.filter((e) => e.event === 'queue').map((e) => JSON.parse(e.data)) });
}

type Answer = { entries: { token: string; status: string; room: string; appointment: { firstName: string } }[] };
const tokens = (answer: Answer | undefined) => answer?.entries.map((e) => `${e.token} ${e.status}`) ?? [];

describe.each(backends)('the desk queue stream on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: { TRUST_PROXY: '127.0.0.1', QUEUE_STREAMS_PER_ACCOUNT: '1' } });

  it("sends the doctor's queue at once and each desk change by the push, from either instance; 404 for others", async () => {
    const { reception, doctor, otherDoctor } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const second = await t.anotherInstance();
    const own = await queueStream(t.app(), doctor, ids.meera);
    const desk = await queueStream(second, reception, ids.meera, '198.51.100.7');
    for (const s of [own, desk]) {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await s.waitFor(() => s.answers().length === 1);
      expect(s.answers()[0]).toMatchObject({ doctorId: ids.meera, date: '2025-03-11', entries: [], minutesPerPatient: expect.any(Number) });
    }
    // The same answer as GET /desk/queue.
    expect(own.answers()[0]).toEqual(await deskOk(t.app(), doctor, 'GET', `/queue?doctorId=${ids.meera}`));

    const patient = await registered(t.app(), reception);
    await deskOk(second, reception, 'POST', '/walkins', { patientId: patient._id, doctorId: ids.meera, locationId: ids.aundh, fee: { pay: 'later' } });
    for (const s of [own, desk]) await s.waitFor(() => tokens(s.answers().at(-1)).join() === 'T1 waiting');
    expect(desk.answers().at(-1)!.entries[0].appointment.firstName).toBe('Asha');

    // The doctor's click on the other instance: both streams show the call, then Done.
    const called = await deskOk(second, doctor, 'POST', '/queue/call-next', { doctorId: ids.meera, room: 'Room 2' });
    for (const s of [own, desk]) await s.waitFor(() => s.answers().at(-1)?.entries[0]?.room === 'Room 2');
    expect(tokens(own.answers().at(-1))).toEqual(['T1 called']);
    await deskOk(t.app(), doctor, 'POST', `/queue/${called.entry._id}/done`);
    for (const s of [own, desk]) await s.waitFor(() => tokens(s.answers().at(-1)).join() === 'T1 done');

    // Another doctor's queue changing (its notice, as the desk sends it) sends nothing here.
    const count = own.answers().length;
    await t.db().query("select pg_notify('queue_changed', $1)", [JSON.stringify({ l: ids.aundh, d: ids.kavita })]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(own.answers()).toHaveLength(count);

    // Who may not: another doctor (404, as GET /desk/queue), a patient (404), an unknown doctor (404), nobody (401).
    const patientAccount = await t.patient();
    for (const [who, status] of [[otherDoctor, 404], [patientAccount, 404], [null, 401]] as const) {
      const refused = await queueStream(t.app(), who, ids.meera);
      expect(refused.res.status, String(who?.email)).toBe(status);
    }
    expect((await queueStream(t.app(), reception, '00000000-0000-4000-8000-000000000000', '198.51.100.8')).res.status).toBe(404);
    for (const s of [own, desk]) await s.close();
  });

  it('ends with the session (logout on the other instance), and is bounded per account (429 with the reason)', async () => {
    const { doctor } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const s = await queueStream(await t.anotherInstance(), doctor, ids.meera);
    await s.waitFor(() => s.answers().length === 1);
    // QUEUE_STREAMS_PER_ACCOUNT is 1 here: a second tab of the same account is refused on that instance.
    const second = await queueStream(t.app(), doctor, ids.meera);
    expect(second.res.status).toBe(200);
    const third = await queueStream(t.app(), doctor, ids.meera);
    expect(third.res.status).toBe(429);
    expect(third.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(third.refusal()).toMatchObject({ code: 'queue.streamsPerAccount' });

    expect((await logout(t.app(), doctor.token)).statusCode).toBe(200);
    for (const open of [s, second]) {
      await open.waitFor(() => open.ended);
      expect(open.events.at(-1)?.event).toBe('changed');
    }
  });

  it('ends when the role that opened it is taken away, on the other instance, by the push (no minute\'s wait), the session living on', async () => {
    const { reception, admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const s = await queueStream(await t.anotherInstance(), reception, ids.meera);
    await s.waitFor(() => s.answers().length === 1);
    const taken = await t.app().inject({ method: 'PUT', url: '/api/staff/accounts/role', headers: admin.headers, payload: { email: reception.email, role: 'patient' } });
    expect(taken.statusCode, taken.body).toBe(200);
    await s.waitFor(() => s.ended);
    expect(s.events.at(-1)?.event).toBe('changed');
    // The session itself lives on: the account is a patient now, and the queue is not theirs.
    expect((await queueStream(t.app(), reception, ids.meera)).res.status).toBe(404);
  });
});
