/**
 * The chat's live streams (GET /appointment/{id}/chat/stream), on every backend:
 * - bounded: CHAT_STREAMS_PER_CONVERSATION per account and conversation, CHAT_STREAMS_PER_CLIENT
 *   per client address, CHAT_STREAMS_TOTAL per instance; past a cap 429 with the reason, while
 *   /healthz and ordinary requests still answer; a closed stream frees its place;
 * - only for a conversation that can change: 409 for an unpaid or cancelled one, one not open yet
 *   and a read-only one;
 * - no longer than the session and the part that opened it: logout, a password reset (on another
 *   instance) and a doctor made a patient end an open stream before another message reaches it.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, beforeEach } from 'vitest';
import { backends } from './helpers.js';
import { bookedAndPaid, cancel, prescription, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { chatOf, listening, openStream, said } from './chatSupport.js';
import { booked, meera, meeraOnlineToo, type Patient } from './paymentSupport.js';
import { logout, minute, sendCode, validateCode } from './accountsSupport.js';
import { readConsultationConfig } from '../../server/config/consultation.js';
import { effectiveTotal, openFileLimit } from '../../server/chat/hub.js';

const perConversation = 2;
const perClient = 3;
const total = 5;

/** A stream asked for from `address` (TRUST_PROXY believes the test's X-Forwarded-For). */
async function streamFrom(base: string, who: Patient, id: string, address: string) {
  return openStream(base, who, id, undefined, { 'x-forwarded-for': address });
}

describe.each(backends)('chat streams on %s', (backend) => {
  const t = useAppointmentsApp(backend, {
    env: {
      TRUST_PROXY: '127.0.0.1',
      CHAT_STREAMS_PER_CONVERSATION: String(perConversation),
      CHAT_STREAMS_PER_CLIENT: String(perClient),
      CHAT_STREAMS_TOTAL: String(total),
    },
  });
  beforeEach(() => meeraOnlineToo(t.db()));

  /** A paid Chat with Dr. Meera at `startTime`; the clock at 10:50 (a chat at 11:00 is open). */
  async function openChat(patient?: Patient, startTime = '11:00') {
    const who = patient ?? (await t.patient());
    const appointment = await bookedAndPaid(t.app(), who, { startTime, consultationType: 'Chat' });
    return { patient: who, id: appointment._id };
  }

  it('caps streams per account and conversation, per client address and in all; 429 with the reason; /healthz and the API still answer', async () => {
    const { patient, id } = await openChat();
    t.clock.advance(50 * minute);
    const doctor = await t.staff('doctor', meera.email);
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const base = await listening(t.app());
    const open: Awaited<ReturnType<typeof openStream>>[] = [];
    const expectOpen = (s: Awaited<ReturnType<typeof openStream>>) => {
      expect(s.res.status).toBe(200);
      open.push(s);
    };
    const expectRefused = (s: Awaited<ReturnType<typeof openStream>>, message: string) => {
      expect(s.res.status).toBe(429);
      expect(s.res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(s.refusal()).toEqual({ code: expect.stringMatching(/^chat\.streams/), message });
    };

    // Two tabs of the patient's chat; a third is refused, from any address.
    expectOpen(await streamFrom(base, patient, id, '198.51.100.1'));
    expectOpen(await streamFrom(base, patient, id, '198.51.100.1'));
    const tabs = 'This chat is open in too many tabs or windows. Close one of them and try again.';
    expectRefused(await streamFrom(base, patient, id, '198.51.100.1'), tabs);
    expectRefused(await streamFrom(base, patient, id, '198.51.100.2'), tabs);

    // The doctor's from the same address: a third from it is taken, a fourth is not.
    expectOpen(await streamFrom(base, doctor, id, '198.51.100.1'));
    expectRefused(
      await streamFrom(base, doctor, id, '198.51.100.1'),
      'Too many chats are open from your network. Close some of them and try again.',
    );

    // In all: five on this instance, whoever and wherever.
    expectOpen(await streamFrom(base, doctor, id, '198.51.100.2'));
    expectOpen(await streamFrom(base, admin, id, '198.51.100.3'));
    expectRefused(await streamFrom(base, admin, id, '198.51.100.4'), 'The chat is busy right now. Please try again in a minute.');

    // Health checks and ordinary requests still get an answer, and the open streams still deliver.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/api/appointment/${id}/chat`, { headers: patient.headers })).status).toBe(200);
    expect((await chatOf(t.app(), doctor, id)).statusCode).toBe(200);
    const hello = await said(t.app(), doctor, id, 'Still here');
    for (const s of open) await s.waitFor(() => s.messages().some((m) => m.id === hello.id));

    // A stream that ends frees its place (the server learns of it a moment after the browser: ask until it has).
    await open.shift()!.close();
    let again = await streamFrom(base, patient, id, '198.51.100.4');
    const start = performance.now();
    while (again.res.status === 429 && performance.now() - start < 2000) again = await streamFrom(base, patient, id, '198.51.100.4');
    expect(again.res.status).toBe(200);
    open.push(again);
    for (const s of open) await s.close();
  });

  it('refuses a stream (409) for an unpaid or cancelled chat, one not open yet and a read-only one; 404 for others', async () => {
    const patient = await t.patient();
    const unpaid = await booked(t.app(), patient, { startTime: '11:15', consultationType: 'Chat' });
    const cancelled = await bookedAndPaid(t.app(), patient, { startTime: '11:30', consultationType: 'Chat' });
    expect((await cancel(t.app(), patient, patient.id, cancelled._id)).statusCode).toBe(200);
    const { id } = await openChat(patient, '11:00');
    const base = await listening(t.app());
    /** The status and body of a stream refused before it started (one that started is closed at once). */
    const stream = async (who: Patient, appointmentId: string) => {
      const s = await openStream(base, who, appointmentId);
      if (s.res.ok) await s.close();
      return { status: s.res.status, body: s.refusal() };
    };

    for (const appointmentId of [unpaid._id, cancelled._id]) {
      expect(await stream(patient, appointmentId)).toEqual({ status: 409, body: { code: 'chat.unavailable', message: 'This consultation was cancelled or is unpaid.' } });
    }
    expect(await stream(patient, id)).toEqual({
      status: 409,
      body: { code: 'chat.upcoming', message: 'The chat has not opened yet: it opens shortly before the consultation starts.' },
    });

    t.clock.advance(50 * minute);
    const doctor = await t.staff('doctor', meera.email);
    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${id}/complete`, prescription)).statusCode).toBe(200);
    t.clock.advance(73 * 60 * minute);
    expect(await stream(patient, id)).toEqual({ status: 409, body: { code: 'chat.readonly', message: 'This chat is closed: it can still be read.' } });
    expect((await stream(await t.patient(), id)).status).toBe(404);
  });

  describe('ends a stream with the session or the part that opened it, on every instance', () => {
    /** The patient's stream on a second instance, and the doctor's (a witness) on the first. */
    async function streamsOf(patient: Patient, id: string, doctor: Patient, second: FastifyInstance) {
      const watched = await openStream(await listening(second), patient, id);
      const witness = await openStream(await listening(t.app()), doctor, id);
      expect(watched.res.status).toBe(200);
      expect(witness.res.status).toBe(200);
      const before = await said(t.app(), doctor, id, 'Before');
      await watched.waitFor(() => watched.messages().length === 1);
      await witness.waitFor(() => witness.messages().length === 1);
      expect(watched.messages()[0]!.id).toBe(before.id);
      return { watched, witness };
    }

    /** After `end`, a new message reaches the witness and never the watched stream, which ends. */
    async function expectEnded(
      watched: Awaited<ReturnType<typeof openStream>>,
      witness: Awaited<ReturnType<typeof openStream>>,
      send: () => Promise<{ id: string }>,
    ) {
      const after = await send();
      await witness.waitFor(() => witness.messages().some((m) => m.id === after.id));
      expect(watched.messages().map((m) => m.id)).not.toContain(after.id);
      await watched.waitFor(() => watched.ended);
      expect(watched.messages().map((m) => m.id)).not.toContain(after.id);
      expect(watched.events.at(-1)?.event).toBe('changed');
      await witness.close();
    }

    it('logout', async () => {
      const { patient, id } = await openChat();
      t.clock.advance(50 * minute);
      const doctor = await t.staff('doctor', meera.email);
      const { watched, witness } = await streamsOf(patient, id, doctor, await t.anotherInstance());
      expect((await logout(t.app(), patient.token)).statusCode).toBe(200);
      await expectEnded(watched, witness, () => said(t.app(), doctor, id, 'After the logout'));
    });

    it('a password reset', async () => {
      const { patient, id } = await openChat();
      t.clock.advance(50 * minute);
      const doctor = await t.staff('doctor', meera.email);
      const { watched, witness } = await streamsOf(patient, id, doctor, await t.anotherInstance());
      expect((await sendCode(t.app(), patient.email)).statusCode).toBe(200);
      expect((await validateCode(t.app(), patient.email, t.mailer().lastCode(patient.email))).statusCode).toBe(200);
      const reset = await t.app().inject({
        method: 'POST',
        url: '/api/auth/forgotpassword',
        payload: { email: patient.email, password: 'a brand new passphrase' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await expectEnded(watched, witness, () => said(t.app(), doctor, id, 'After the reset'));
    });

    it('a doctor made a patient', async () => {
      const { patient, id } = await openChat();
      t.clock.advance(50 * minute);
      const doctor = await t.staff('doctor', meera.email);
      const admin = await t.staff('admin', 'office@sahaj-clinic.example');
      // Here the doctor's stream is the one watched, on the second instance; the patient witnesses.
      const second = await t.anotherInstance();
      const watched = await openStream(await listening(second), doctor, id);
      const witness = await openStream(await listening(t.app()), patient, id);
      expect(watched.res.status).toBe(200);
      const before = await said(t.app(), patient, id, 'Before');
      await watched.waitFor(() => watched.messages().some((m) => m.id === before.id));
      const demoted = await t.app().inject({
        method: 'PUT',
        url: '/api/staff/accounts/role',
        headers: admin.headers,
        payload: { email: meera.email, role: 'patient' },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      await expectEnded(watched, witness, () => said(t.app(), patient, id, 'After the change'));
      // The session itself lives on: the account is a patient now, and the chat is not theirs.
      expect((await chatOf(t.app(), doctor, id)).statusCode).toBe(404);
    });
  });
});

describe('chat stream settings', () => {
  it('reads CHAT_STREAMS_* with their defaults, refusing bad values by name', () => {
    expect(readConsultationConfig({}).value).toMatchObject({ chatStreamsPerConversation: 5, chatStreamsPerClient: 50, chatStreamsTotal: 1000 });
    expect(readConsultationConfig({ CHAT_STREAMS_PER_CONVERSATION: '0', CHAT_STREAMS_TOTAL: 'lots' }).problems).toEqual([
      'CHAT_STREAMS_PER_CONVERSATION must be a whole number of streams from 1 to 100 (got "0")',
      'CHAT_STREAMS_TOTAL must be a whole number of streams from 1 to 1000000 (got "lots")',
    ]);
  });

  it('keeps the total at most half the open-file limit, read from /proc/self/limits', () => {
    const limits = [
      'Limit                     Soft Limit           Hard Limit           Units',
      'Max open files            1024                 524288               files',
    ].join('\n');
    expect(openFileLimit(() => limits)).toBe(1024);
    expect(openFileLimit(() => 'Max open files            unlimited            unlimited            files')).toBeNull();
    expect(openFileLimit(() => {
      throw new Error('no /proc here');
    })).toBeNull();
    expect(effectiveTotal(1000, 1024)).toBe(512);
    expect(effectiveTotal(1000, 20_000)).toBe(1000);
    expect(effectiveTotal(1000, null)).toBe(1000);
  });
});
