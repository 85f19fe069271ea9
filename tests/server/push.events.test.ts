/**
 * Web Push of events (server/push/eventJobs.ts) against the fake push service, on every backend:
 * a doctor's chat message, a payment settled, a refund completed and the queue's "you are next
 * but one" each reach the patient's device signed and encrypted, in the account's language, with
 * nothing clinical; a kind turned off (PUT /push/choices) sends nothing and queues nothing; a 410
 * deletes the device.
 */
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailQueue } from '../../server/jobs/keyedMails.js';
import { createPushQueue, eventPushQueue } from '../../server/push/eventJobs.js';
import { defaultRecordsConfig } from '../../server/records/config.js';
import { refundDoneKey } from '../../server/refunds/jobs.js';
import { minute } from './accountsSupport.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { said } from './chatSupport.js';
import { backends } from './helpers.js';
import { meera, meeraOnlineToo, type Patient } from './paymentSupport.js';
import { decrypt, fakePushService, testDevice, type TestDevice, vapid, vapidClaims, vapidEnv } from './pushSupport.js';
import { enqueue, visit } from './queueSupport.js';

const clinical = /Meera|Kulkarni|Clinic Visit|Chat consult|Aundh|fever|₹|\b500\b|Ravi/i;

describe.each(backends)('event pushes on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: vapidEnv });
  const servers: Server[] = [];
  let status = 201;
  let service: Awaited<ReturnType<typeof fakePushService>>;
  beforeEach(async () => {
    status = 201;
    service = await fakePushService(() => status);
    servers.push(service.server);
    await meeraOnlineToo(t.db());
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  /** A patient (in `language`) with one device at the fake push service. */
  async function withDevice(language: 'en' | 'hi' | 'mr' = 'en'): Promise<{ patient: Patient; device: TestDevice }> {
    const patient = await t.patient();
    await t.db().query('update users set language = $2 where id = $1', [patient.id, language]);
    const device = testDevice(`${service.origin}/send/${patient.id}`);
    await t.db().query('insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at) values ($1, $2, $3, $4, $5)', [
      patient.id, device.endpoint, device.keys.p256dh, device.keys.auth, t.clock.now(),
    ]);
    return { patient, device };
  }
  const choose = (who: Patient, choices: object) => t.app().inject({ method: 'PUT', url: '/api/push/choices', headers: who.headers, payload: choices });
  const pushJobs = async () => (await t.app().jobs.engine.list()).filter((job) => job.queue === eventPushQueue).length;
  /** Runs the queued pushes; the payloads the device got, decrypted and checked as signed by the clinic. */
  async function delivered(device: TestDevice) {
    await t.app().jobs.engine.drain([eventPushQueue]);
    return service.received
      .filter((r) => device.endpoint.endsWith(r.url))
      .map((r) => {
        expect(r.headers['content-encoding']).toBe('aes128gcm');
        expect(vapidClaims(String(r.headers.authorization)).aud).toBe(service.origin);
        const payload = decrypt(device, r.body);
        expect(JSON.stringify(payload)).not.toMatch(clinical);
        return payload as { title: string; body: string; url: string; tag: string };
      });
  }

  it('a payment settled: "Payment received", once, in Hindi', async () => {
    const { patient, device } = await withDevice('hi');
    await bookedAndPaid(t.app(), patient);
    const got = await delivered(device);
    expect(got).toEqual([expect.objectContaining({ title: 'भुगतान मिला', url: 'http://localhost:3000/#/myappointment' })]);
    expect(got[0]!.body).toBe('आपका भुगतान मिल गया है और आपकी अपॉइंटमेंट पक्की है');
  });

  it('a doctor\'s chat message: "You have a new message from" the clinic, never the words; the patient\'s own send nothing', async () => {
    const { patient, device } = await withDevice('en');
    expect((await choose(patient, { reminders: true, chat: true, payments: false, queue: true })).statusCode).toBe(200);
    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00', consultationType: 'Chat' });
    t.clock.advance(50 * minute);
    const doctor = await t.staff('doctor', meera.email);
    await said(t.app(), patient, appointment._id, 'I have had a fever since Sunday');
    await said(t.app(), doctor, appointment._id, 'Please take your fever remedy twice a day');
    const got = await delivered(device);
    expect(got).toEqual([{ title: 'New message', body: `You have a new message from ${defaultRecordsConfig.clinic.name}`, url: 'http://localhost:3000/#/myappointment', tag: `chat-${appointment._id}` }]);
  });

  it('a refund completed: "Refund made", in Marathi', async () => {
    const { patient, device } = await withDevice('mr');
    const appointment = await bookedAndPaid(t.app(), patient);
    await delivered(device);
    service.received.length = 0;
    const db = t.db();
    const { rows } = await db.query<{ id: string }>(
      `insert into provider_refunds (payment_id, appointment_id, attempt, merchant_refund_id, provider, amount_paise, state, created_at, updated_at)
       select id, appointment_id, 1, 'R-push-' || substr(md5(random()::text), 1, 8), 'sandbox', amount_paise, 'completed', $2, $2 from payments where appointment_id = $1
       returning id`,
      [appointment._id, t.clock.now()],
    );
    const engine = t.app().jobEngine;
    const mails = createMailQueue(engine, createPushQueue(engine, vapid));
    await mails.prepare();
    await db.transaction((tx) => mails.queue(tx, 'refund-done', refundDoneKey(rows[0]!.id), t.clock.now()));
    const got = await delivered(device);
    expect(got).toEqual([expect.objectContaining({ title: 'परतावा केला' })]);
  });

  it('next but one in the queue: "Almost your turn"', async () => {
    const { patient, device } = await withDevice('en');
    await choose(patient, { reminders: true, chat: true, payments: false, queue: true });
    const others = await t.patient();
    const first = await visit(t.app(), t.db(), others, '11:00', 'Ravi');
    const mine = await visit(t.app(), t.db(), patient, '11:15', 'Bela');
    await enqueue(t.db(), first._id, { token: 1 });
    await enqueue(t.db(), mine._id, { token: 2 });
    await t.app().queue.nextInLine.mark(null);
    const got = await delivered(device);
    expect(got).toEqual([expect.objectContaining({ title: 'Almost your turn', body: 'You are next but one. Please come back to the waiting room' })]);
  });

  it('a kind turned off sends nothing and queues no job; GET /push/choices says so', async () => {
    const { patient, device } = await withDevice('en');
    expect((await choose(patient, { reminders: true, chat: true, payments: false, queue: true })).json()).toEqual({ reminders: true, chat: true, payments: false, queue: true });
    const read = await t.app().inject({ method: 'GET', url: '/api/push/choices', headers: patient.headers });
    expect(read.json()).toEqual({ reminders: true, chat: true, payments: false, queue: true });
    const before = await pushJobs();
    await bookedAndPaid(t.app(), patient);
    expect(await pushJobs()).toBe(before);
    expect(await delivered(device)).toEqual([]);
  });

  it('a device the push service says is gone (410) is deleted', async () => {
    const { patient, device } = await withDevice('en');
    status = 410;
    await bookedAndPaid(t.app(), patient);
    await t.app().jobs.engine.drain([eventPushQueue]);
    expect(service.received.filter((r) => device.endpoint.endsWith(r.url))).toHaveLength(1);
    const { rows } = await t.db().query('select 1 from push_subscriptions where user_id = $1', [patient.id]);
    expect(rows).toEqual([]);
  });

  it('choices: 400 naming a missing or non-boolean kind, 403 for staff, 401 without a login', async () => {
    const { patient } = await withDevice('en');
    const bad = await choose(patient, { reminders: true, chat: 'yes', payments: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['chat', 'queue']));
    const doctor = await t.staff('doctor', meera.email);
    expect((await choose(doctor, { reminders: true, chat: true, payments: true, queue: true })).statusCode).toBe(403);
    expect((await t.app().inject({ method: 'GET', url: '/api/push/choices' })).statusCode).toBe(401);
    const { rows } = await t.db().query('select push_chat, push_queue from users where id = $1', [patient.id]);
    expect(rows).toEqual([{ push_chat: true, push_queue: true }]);
  });
});
