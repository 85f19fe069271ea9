/**
 * A reminder's Web Push, against a fake push service in this process: the request is signed with
 * the clinic's VAPID key (the Authorization header's JWT checked with the public key), its
 * aes128gcm payload decrypts with the device's private key (http_ece, RFC 8291) to the
 * notification in the account's language with no clinical words, and a 410 deletes the device.
 */
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { jobsOver, sweepAndSend, type TestJobs } from './jobsSupport.js';
import { decrypt, fakePushService, testDevice, type TestDevice, vapid, vapidClaims } from './pushSupport.js';

const wednesday = { date: '2025-03-12', startTime: '17:00' };

describe.each(backends)('reminders by Web Push on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const started: TestJobs[] = [];
  const servers: Server[] = [];
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });
  const clinicTime = (at: string) => t.clock.advance(new Date(`${at.replace(' ', 'T')}:00+05:30`).getTime() - t.clock.now().getTime());
  const subscribed = async (userId: string, device: TestDevice) =>
    t.db().query('insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at) values ($1, $2, $3, $4, $5)', [
      userId, device.endpoint, device.keys.p256dh, device.keys.auth, t.clock.now(),
    ]);
  const devicesOf = async (userId: string) =>
    (await t.db().query<{ endpoint: string }>('select endpoint from push_subscriptions where user_id = $1', [userId])).rows.map((r) => r.endpoint);

  /** The patient's devices subscribed, Wednesday 17:00 booked and paid, and its 2-hour reminder sent: the push failures reported. */
  const remindedOn = async (patientId: string, patient: Parameters<typeof bookedAndPaid>[1], devices: TestDevice[]) => {
    for (const device of devices) await subscribed(patientId, device);
    await bookedAndPaid(t.app(), patient, wednesday);
    const failures: string[] = [];
    const jobs = jobsOver(t.db(), t.clock.now, { leads: '2h', vapid, onPushFailure: (w) => failures.push(w) });
    started.push(jobs);
    clinicTime('2025-03-12 15:00');
    await sweepAndSend(jobs);
    await jobs.engine.drain();
    return failures;
  };

  it('sends the reminder to each device, signed and encrypted, in the account\'s language, nothing clinical', async () => {
    const service = await fakePushService(() => 201);
    servers.push(service.server);
    const patient = await t.patient();
    await t.db().query(`update users set language = 'hi' where id = $1`, [patient.id]);
    const [phone, tablet] = [testDevice(`${service.origin}/send/phone`), testDevice(`${service.origin}/send/tablet`)];
    const failures = await remindedOn(patient.id, patient, [phone, tablet]);

    expect(service.received.map((r) => r.url).sort()).toEqual(['/send/phone', '/send/tablet']);
    for (const request of service.received) {
      const device = request.url === '/send/phone' ? phone : tablet;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
      const claims = vapidClaims(String(request.headers.authorization));
      expect(claims.aud).toBe(service.origin);
      expect(claims.sub).toBe(vapid.subject);
      const payload = decrypt(device, request.body);
      expect(payload).toMatchObject({ title: 'अपॉइंटमेंट रिमाइंडर', url: 'http://localhost:3000/#/myappointment' });
      expect(payload.body).toMatch(/^रिमाइंडर: आपका अपॉइंटमेंट .*12.* को 17:00 बजे है$/);
      expect(JSON.stringify(payload)).not.toMatch(/Meera|Clinic Visit|Aundh|consult/i);
    }
    expect(failures).toEqual([]);
    expect(await devicesOf(patient.id)).toHaveLength(2);
  });

  it('sends none to an account that turned reminders off on its devices', async () => {
    const service = await fakePushService(() => 201);
    servers.push(service.server);
    const patient = await t.patient();
    await t.db().query('update users set push_reminders = false where id = $1', [patient.id]);
    const failures = await remindedOn(patient.id, patient, [testDevice(`${service.origin}/send/phone`)]);
    expect(service.received).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('deletes a device the push service says is gone (410), and reports other failures without the endpoint', async () => {
    const answers = new Map([['/send/gone', 410], ['/send/busy', 503]]);
    let url = '';
    const service = await fakePushService(() => answers.get(url) ?? 201);
    service.server.prependListener('request', (request) => void (url = request.url ?? ''));
    servers.push(service.server);
    const patient = await t.patient();
    const [gone, busy] = [testDevice(`${service.origin}/send/gone`), testDevice(`${service.origin}/send/busy`)];
    const failures = await remindedOn(patient.id, patient, [gone, busy]);

    expect(service.received).toHaveLength(2);
    expect(await devicesOf(patient.id)).toEqual([busy.endpoint]);
    expect(failures).toEqual([`reminder push failed: ${new URL(service.origin).host} answered 503`]);
    expect(failures.join(' ')).not.toContain('/send/');
  });
});
