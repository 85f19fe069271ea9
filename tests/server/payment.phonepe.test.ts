/**
 * PAYMENT_PROVIDER=phonepe against a local fake of PhonePe's documented API (paymentPhonePeFake.ts),
 * on every backend: the token cached until it expires, the pay request, the browser's return
 * triggering a status check, and webhooks: verified, forged, replayed, with a wrong amount, and
 * racing a status check.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { resultOf } from './appointmentsSupport.js';
import { type FakePhonePe, startFakePhonePe } from './paymentPhonePeFake.js';
import {
  appointmentRow,
  booked,
  checkout,
  messageOf,
  minute,
  payAppointment,
  paymentRow,
  post,
  publicUrl,
  useBookingApp,
} from './paymentSupport.js';

const webhookUser = 'clinic_hook';
const webhookPassword = 'hook1234pass';
const goodAuthorization = createHash('sha256').update(`${webhookUser}:${webhookPassword}`).digest('hex');

describe.each(backends)('payment service (phonepe) on %s', (backend) => {
  let fake: FakePhonePe;
  const t = useBookingApp(backend, () => ({
    PAYMENT_PROVIDER: 'phonepe',
    PHONEPE_CLIENT_ID: fake.credentials.clientId,
    PHONEPE_CLIENT_SECRET: fake.credentials.clientSecret,
    PHONEPE_CLIENT_VERSION: String(fake.credentials.clientVersion),
    PHONEPE_WEBHOOK_USERNAME: webhookUser,
    PHONEPE_WEBHOOK_PASSWORD: webhookPassword,
    PHONEPE_BASE_URL: fake.url,
  }));
  beforeAll(async () => {
    fake = await startFakePhonePe(t.clock.now);
  });
  afterAll(() => fake.close());

  const webhook = (body: object, authorization: string | null = goodAuthorization) =>
    post(t.app(), '/api/payment/phonepe/webhook', {
      payload: body,
      headers: authorization === null ? {} : { authorization },
    });
  const completed = (merchantOrderId: string, amount: number) => ({
    event: 'checkout.order.completed',
    payload: {
      merchantOrderId,
      orderId: fake.orders.get(merchantOrderId)?.orderId ?? 'OMO1',
      state: 'COMPLETED',
      amount,
      expireAt: t.clock.now().getTime() + 600_000,
      paymentDetails: [{ paymentMode: 'UPI_QR', transactionId: 'OM123456', timestamp: t.clock.now().getTime(), amount, state: 'COMPLETED' }],
    },
  });

  async function openCheckout() {
    const owner = await t.patient();
    const appointment = await booked(t.app(), owner);
    return { owner, appointment, ...(await checkout(t.app(), owner, appointment)) };
  }

  it('creates the payment at PhonePe: amount in paise, our return address, the hold as expiry; checkout origin is PhonePe\'s', async () => {
    const { merchantOrderId, checkoutPageUrl, appointment } = await openCheckout();
    expect(new URL(checkoutPageUrl).origin).toBe(fake.url);
    const order = fake.orders.get(merchantOrderId)!;
    expect(order.amount).toBe(60000);
    expect(order.expireAfter).toBe(900);
    expect(order.redirectUrl).toBe(`${publicUrl}/api/payment/return/${merchantOrderId}`);
    expect(order.body.paymentFlow).toMatchObject({ type: 'PG_CHECKOUT' });
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('pending');
    const config = await t.app().inject('/api/payment/config');
    expect(config.json()).toEqual({ checkoutOrigins: [fake.url] });
    // No sandbox here.
    expect((await t.app().inject('/api/payment/sandbox/checkout.css')).statusCode).toBe(404);
  });

  it('keeps the token until it expires, and fetches a new one when PhonePe stops taking it', async () => {
    const before = fake.tokenRequests;
    await openCheckout();
    await openCheckout().catch(() => undefined); // same slot: 409 before any PhonePe call
    const owner = await t.patient();
    await checkout(t.app(), owner, await booked(t.app(), owner, { startTime: '11:15' }));
    expect(fake.tokenRequests - before).toBe(1);
    t.clock.advance(59 * minute + 1); // within a minute of expiry: renewed ahead of time
    const late = await t.patient();
    await checkout(t.app(), late, await booked(t.app(), late, { startTime: '11:30' }));
    expect(fake.tokenRequests - before).toBe(2);
    fake.revokeTokens();
    const third = await t.patient();
    await checkout(t.app(), third, await booked(t.app(), third, { startTime: '11:45' }));
    expect(fake.tokenRequests - before).toBe(3);
  });

  it('the browser\'s return triggers a status check: pending is not paid, completed is', async () => {
    const { merchantOrderId, appointment } = await openCheckout();
    const early = await t.app().inject(`/api/payment/return/${merchantOrderId}`);
    expect(early.statusCode).toBe(303);
    expect(resultOf(early.headers.location)).toBe(`${publicUrl}/#/paymentfail`);
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('pending');
    fake.complete(merchantOrderId);
    const back = await t.app().inject(`/api/payment/return/${merchantOrderId}`);
    expect(resultOf(back.headers.location)).toBe(`${publicUrl}/#/paymentsuccess`);
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'paid', payment_id: merchantOrderId });
    expect((await paymentRow(t.db(), merchantOrderId)).provider_transaction_id).toMatch(/^OM/);
  });

  it('a failed order at PhonePe: the return says so and the appointment is unpaid', async () => {
    const { merchantOrderId, appointment } = await openCheckout();
    fake.fail(merchantOrderId);
    expect(resultOf((await t.app().inject(`/api/payment/return/${merchantOrderId}`)).headers.location)).toBe(`${publicUrl}/#/paymentfail`);
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('failed');
  });

  it('a forged webhook (no or wrong Authorization) is refused and pays nothing', async () => {
    const { merchantOrderId, appointment } = await openCheckout();
    for (const authorization of [null, 'x', createHash('sha256').update(`${webhookUser}:guess`).digest('hex'), `Basic ${goodAuthorization}`]) {
      const res = await webhook(completed(merchantOrderId, 60000), authorization);
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe('This webhook is not from our payment provider.');
    }
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('pending');
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('pending');
  });

  it('a verified webhook settles; replayed, it changes nothing', async () => {
    const { merchantOrderId, appointment } = await openCheckout();
    const first = await webhook(completed(merchantOrderId, 60000));
    expect(first.statusCode).toBe(200);
    const settled = await paymentRow(t.db(), merchantOrderId);
    expect(settled).toMatchObject({ status: 'paid', provider_transaction_id: 'OM123456' });
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'paid', hold_expires_at: null });
    t.clock.advance(5 * minute);
    for (let i = 0; i < 3; i++) expect((await webhook(completed(merchantOrderId, 60000))).statusCode).toBe(200);
    // A late "failed" for the same order cannot undo a payment either.
    expect((await webhook({ ...completed(merchantOrderId, 60000), event: 'checkout.order.failed', payload: { ...completed(merchantOrderId, 60000).payload, state: 'FAILED' } })).statusCode).toBe(200);
    expect(await paymentRow(t.db(), merchantOrderId)).toEqual(settled);
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('paid');
  });

  it('a webhook with another amount than we asked is refused and settles nothing', async () => {
    const { merchantOrderId, appointment } = await openCheckout();
    const res = await webhook(completed(merchantOrderId, 100));
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('The amount does not match the payment.');
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('pending');
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('pending');
    expect((await webhook(completed('SHCA-unknown', 60000))).statusCode).toBe(404);
    expect((await webhook({ event: 'checkout.order.completed' })).statusCode).toBe(400);
  });

  it('a webhook racing the status check (two instances) settles once', async () => {
    const { merchantOrderId, appointment } = await openCheckout();
    fake.complete(merchantOrderId);
    const other = await t.anotherInstance();
    const answers = await Promise.all([
      webhook(completed(merchantOrderId, 60000)),
      other.inject(`/api/payment/return/${merchantOrderId}`),
      t.app().inject(`/api/payment/return/${merchantOrderId}`),
      webhook(completed(merchantOrderId, 60000)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 303, 303, 200]);
    expect(resultOf(answers[1]!.headers.location)).toBe(`${publicUrl}/#/paymentsuccess`);
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('paid');
    expect((await t.db().query(`select 1 from payments where status = 'paid'`)).rowCount).toBe(1);
  });

  it('a second payment of an appointment already paid is flagged for refund, the appointment stays paid', async () => {
    const { owner, appointment, merchantOrderId } = await openCheckout();
    // The person opened a second checkout before the first was confirmed (a failed-looking return).
    const second = await payAppointment(t.app(), owner, appointment._id, 600);
    const secondId = (second.json() as { merchantOrderId: string }).merchantOrderId;
    await webhook(completed(merchantOrderId, 60000));
    const res = await webhook(completed(secondId, 60000));
    expect(res.statusCode).toBe(200);
    expect((await paymentRow(t.db(), secondId)).status).toBe('refund');
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('paid');
  });

  it('PhonePe unreachable: 502 with a message, and nothing is left pending', async () => {
    const owner = await t.patient();
    const appointment = await booked(t.app(), owner);
    await fake.close();
    try {
      const res = await payAppointment(t.app(), owner, appointment._id, 600);
      expect(res.statusCode).toBe(502);
      expect(messageOf(res)).toBe('The payment service could not be reached. Please try again.');
      expect((await t.db().query(`select status from payments`)).rows).toEqual([{ status: 'failed' }]);
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('failed');
    } finally {
      fake = await startFakePhonePe(t.clock.now);
    }
  });
});
