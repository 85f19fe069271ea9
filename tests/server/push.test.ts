/**
 * Web Push's endpoints (server/push): the public key or off, a patient's device subscribing and
 * unsubscribing (400 naming the field, 404 for a device that is not theirs, 403 for staff), the
 * subscription gone when that device logs out and when the account is closed.
 */
import { describe, expect, it } from 'vitest';
import { closeAccount } from '../../server/repositories/records.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { meera } from './paymentSupport.js';
import { subscribe, testDevice, unsubscribe, vapidEnv } from './pushSupport.js';


describe.each(backends)('Web Push subscriptions on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: vapidEnv });
  const rows = async (userId?: string) =>
    (
      await t.db().query<{ endpoint: string; user_id: string; p256dh: string }>(
        `select endpoint, user_id, p256dh from push_subscriptions ${userId ? 'where user_id = $1' : ''} order by endpoint`,
        userId ? [userId] : [],
      )
    ).rows;

  it('answers the public key to anybody', async () => {
    const answer = await t.app().inject({ method: 'GET', url: '/api/push/key' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ publicKey: vapidEnv.VAPID_PUBLIC_KEY });
  });

  it('keeps a patient\'s device, once per endpoint, and removes it on their word', async () => {
    const patient = await t.patient();
    const device = testDevice();
    const { ecdh: _ecdh, ...subscription } = device;
    const first = await subscribe(t.app(), patient, { ...subscription, expirationTime: null });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Reminders will come to this device.' });
    expect((await subscribe(t.app(), patient, subscription)).statusCode).toBe(200);
    expect(await rows()).toEqual([{ endpoint: device.endpoint, user_id: patient.id, p256dh: device.keys.p256dh }]);

    const gone = await unsubscribe(t.app(), patient, device.endpoint);
    expect(gone.statusCode).toBe(200);
    expect(await rows()).toEqual([]);
    expect((await unsubscribe(t.app(), patient, device.endpoint)).statusCode).toBe(404);
  });

  it('refuses bad subscriptions naming the field', async () => {
    const patient = await t.patient();
    const { ecdh: _ecdh, ...good } = testDevice();
    const cases: [object, string][] = [
      [{ ...good, endpoint: 'http://push.example.test/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      // Not a push service PUSH_SERVICE_HOSTS names: the server never posts to it (an internal host).
      [{ ...good, endpoint: 'https://intranet.clinic.example/admin' }, 'endpoint'],
      [{ ...good, endpoint: 'https://evilpush.example.test/x' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -1)}!` } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'AAAA' } }, 'keys.auth'],
    ];
    for (const [payload, field] of cases) {
      const answer = await subscribe(t.app(), patient, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await rows()).toEqual([]);
  });

  it('never removes another account\'s device, and a later login on a device takes it over', async () => {
    const [first, second] = [await t.patient(), await t.patient()];
    const { ecdh: _ecdh, ...device } = testDevice();
    expect((await subscribe(t.app(), first, device)).statusCode).toBe(200);
    expect((await unsubscribe(t.app(), second, device.endpoint)).statusCode).toBe(404);
    expect((await rows(first.id)).length).toBe(1);
    expect((await subscribe(t.app(), second, device)).statusCode).toBe(200);
    expect(await rows(first.id)).toEqual([]);
    expect((await rows(second.id)).length).toBe(1);
  });

  it('is for patients: staff are refused, anonymous callers are 401', async () => {
    const doctor = await t.staff('doctor', meera.email);
    const { ecdh: _ecdh, ...device } = testDevice();
    expect((await subscribe(t.app(), doctor, device)).statusCode).toBe(403);
    const anonymous = await t.app().inject({ method: 'PUT', url: '/api/push/subscription', payload: device });
    expect(anonymous.statusCode).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it('forgets the device that logs out, and every device when the account closes', async () => {
    const patient = await t.patient();
    const { ecdh: _a, ...phone } = testDevice();
    expect((await subscribe(t.app(), patient, phone)).statusCode).toBe(200);
    const logout = await t.app().inject({ method: 'POST', url: '/api/auth/logout', headers: patient.headers });
    expect(logout.statusCode).toBe(200);
    expect(await rows(patient.id)).toEqual([]);

    const again = await t.patient();
    const { ecdh: _b, ...tablet } = testDevice();
    expect((await subscribe(t.app(), again, tablet)).statusCode).toBe(200);
    await t.db().transaction((tx) => closeAccount(tx, { id: again.id, email: again.email }, 'deleted-0123456789ab', t.clock.now()));
    expect(await rows(again.id)).toEqual([]);
  });
});

describe.each(backends)('Web Push off on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  it('answers no key, and refuses a subscription', async () => {
    expect((await t.app().inject({ method: 'GET', url: '/api/push/key' })).json()).toEqual({ publicKey: null });
    const { ecdh: _ecdh, ...device } = testDevice();
    const answer = await subscribe(t.app(), await t.patient(), device);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('push.off');
  });
});
