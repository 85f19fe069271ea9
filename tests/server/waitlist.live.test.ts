/**
 * The patient's waitlist, live (GET /waitlist/stream, server/waitlist/live.ts), on every backend:
 * the caller's list at once; a slot offered to them (passed on by the sweep on one instance) on a
 * stream held by another instance by the push; the offer over (declined) likewise; somebody
 * else's offer sends nothing; the stream ends with the session; 401 without a token; past
 * QUEUE_STREAMS_PER_ACCOUNT of these a 429 with its reason, counted apart from the queue place's.
 */
import { describe, expect, it } from 'vitest';
import { logout } from './accountsSupport.js';
import { cancel, pressPay, useAppointmentsApp } from './appointmentsSupport.js';
import { listening, openEventStream } from './chatSupport.js';
import { backends } from './helpers.js';
import { booked, checkout, minute, type Patient } from './paymentSupport.js';
import { enqueue, placeStream, visit } from './queueSupport.js';
import { declineOffer, joined } from './waitlistSupport.js';
import type { FastifyInstance } from 'fastify';

interface ListEvent {
  entries: { _id: string; status: string; offer: null | { date: string; startTime: string } }[];
}

async function waitlistStream(app: FastifyInstance, who: Patient | null, address?: string) {
  const stream = await openEventStream(`${await listening(app)}/api/waitlist/stream`, {
    ...(who ? who.headers : {}),
    ...(address ? { 'x-forwarded-for': address } : {}),
  });
  return Object.assign(stream, { lists: () => stream.events.filter((e) => e.event === 'waitlist').map((e) => JSON.parse(e.data) as ListEvent) });
}

describe.each(backends)('the live waitlist on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: { TRUST_PROXY: '127.0.0.1', QUEUE_STREAMS_PER_ACCOUNT: '1' } });

  /** Wednesday 12 March at Aundh, booked and paid by a patient of its own, then cancelled: a freed slot. */
  async function freeSlot(startTime: string) {
    const holder = await t.patient();
    const appointment = await booked(t.app(), holder, { date: '2025-03-12', startTime });
    await pressPay(t.app(), (await checkout(t.app(), holder, appointment)).checkoutPageUrl);
    expect((await cancel(t.app(), holder, holder.id, appointment._id)).statusCode).toBe(200);
  }

  it('sends the list at once, a slot offered by the push on another instance, its decline too; not somebody else\'s', async () => {
    const asha = await t.patient('asha');
    const entry = await joined(t.app(), asha);
    const s = await waitlistStream(await t.anotherInstance(), asha);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.res.headers.get('cache-control')).toBe('private, no-store');
    await s.waitFor(() => s.lists().length === 1);
    expect(s.lists()[0]!.entries).toMatchObject([{ _id: entry._id, status: 'waiting', offer: null }]);

    await freeSlot('17:00');
    t.clock.advance(minute);
    expect(await t.app().jobs.waitlist.sweep()).toMatchObject({ passed: { offered: 1 } });
    await s.waitFor(() => s.lists().length === 2);
    expect(s.lists()[1]!.entries).toMatchObject([{ _id: entry._id, status: 'offered', offer: { date: '2025-03-12', startTime: '17:00' } }]);

    // Another patient's offer (Asha holds one already, so the next slot is Ravi's): nothing here.
    const ravi = await t.patient('ravi');
    await joined(t.app(), ravi, { fromDate: '2025-03-12', toDate: '2025-03-12' });
    await freeSlot('17:15');
    t.clock.advance(minute);
    expect(await t.app().jobs.waitlist.sweep()).toMatchObject({ passed: { offered: 1 } });

    expect((await declineOffer(t.app(), asha, entry._id)).statusCode).toBe(200);
    await s.waitFor(() => s.lists().length === 3);
    expect(s.lists()[1]!.entries[0]!.offer).toMatchObject({ startTime: '17:00' });
    expect(s.lists()[2]!.entries).toMatchObject([{ _id: entry._id, status: 'waiting', offer: null }]);
    // Ravi's offer was made before the decline and sent nothing here: exactly the three.
    expect(s.lists()).toHaveLength(3);
    await s.close();
  });

  it('ends with the session (a logout on the other instance); 401 without a token', async () => {
    const asha = await t.patient('asha');
    await joined(t.app(), asha);
    const s = await waitlistStream(await t.anotherInstance(), asha);
    await s.waitFor(() => s.lists().length === 1);
    expect((await logout(t.app(), asha.token)).statusCode).toBe(200);
    await s.waitFor(() => s.ended);
    expect(s.events.at(-1)?.event).toBe('changed');
    expect((await waitlistStream(t.app(), null)).res.status).toBe(401);
  });

  it('caps these streams per account, apart from the queue place\'s; a closed one frees its place', async () => {
    const asha = await t.patient('asha');
    await joined(t.app(), asha);
    const first = await waitlistStream(t.app(), asha, '198.51.100.1');
    expect(first.res.status).toBe(200);
    const second = await waitlistStream(t.app(), asha, '198.51.100.2');
    expect(second.res.status).toBe(429);
    expect(second.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(second.refusal()).toMatchObject({ code: 'waitlist.streamsPerAccount' });
    // Her place in today's queue is counted on its own: still admitted.
    const visitToday = await visit(t.app(), t.db(), asha, '11:30', 'Asha');
    await enqueue(t.db(), visitToday._id, { token: 1 });
    const place = await placeStream(t.app(), asha, visitToday._id, '198.51.100.3');
    expect(place.res.status).toBe(200);
    await first.close();
    let again = await waitlistStream(t.app(), asha, '198.51.100.2');
    const start = performance.now();
    while (again.res.status === 429 && performance.now() - start < 2000) again = await waitlistStream(t.app(), asha, '198.51.100.2');
    expect(again.res.status).toBe(200);
    for (const s of [again, place]) await s.close();
  });
});
