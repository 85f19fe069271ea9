/**
 * Payment reconciliation on every backend, against the local fake of PhonePe
 * (paymentPhonePeFake.ts): a pending payment is checked at PhonePe's documented instants, settled
 * as the webhook settles it, given up on once stale (its slot free), reopened by a late
 * confirmation; two instances sweeping together check it once.
 *
 * Nothing sleeps: the test moves the server's clock, sweeps (what the cron and wake-up jobs do)
 * and drains the check jobs in this process (what the workers do).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAuthorization } from '../../server/payment/phonepe.js';
import { reconcileCheckQueue } from '../../server/jobs/reconcile.js';
import { earlyCheckOffsets, nextCheckAt, staleAt } from '../../server/payment/checkSchedule.js';
import { backends } from './helpers.js';
import { type FakePhonePe, fakePhonePeEnv, startFakePhonePe } from './paymentPhonePeFake.js';
import { appointmentRow, booked, checkout, paymentRow, post, useBookingApp } from './paymentSupport.js';

const second = 1000;
const minute = 60 * second;

describe('PhonePe reconciliation schedule (server/payment/checkSchedule.ts)', () => {
  const start = new Date('2025-03-11T04:30:00Z');
  const at = (s: number) => new Date(start.getTime() + s * second);
  const expires = at(15 * 60);

  it('first at 25 s, then every 3 s for 30 s, 6 s for 60 s, 10 s for 60 s, 30 s for 60 s', () => {
    const by = (from: number, to: number, step: number) => Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step);
    expect(earlyCheckOffsets).toEqual([25, ...by(28, 55, 3), ...by(61, 115, 6), ...by(125, 175, 10), 205, 235]);
  });

  it('then every minute until the expiry, and a last check 10 minutes after it', () => {
    expect(nextCheckAt(start, expires, at(235))).toEqual(at(295));
    expect(nextCheckAt(start, expires, at(295))).toEqual(at(355));
    expect(nextCheckAt(start, expires, at(23 * 60 + 55))).toEqual(at(24 * 60 + 55));
    expect(staleAt(start, expires)).toEqual(at(25 * 60));
    // The last minute's check is cut short by the stale instant, itself a check.
    expect(nextCheckAt(start, expires, at(24 * 60 + 55))).toEqual(at(25 * 60));
    expect(nextCheckAt(start, expires, at(25 * 60))).toBeNull();
  });

  it('catches up with one check after a late one; short and unknown expiries count as 5 minutes and an hour', () => {
    expect(nextCheckAt(start, expires, at(40))).toEqual(at(43));
    expect(nextCheckAt(start, expires, at(41))).toEqual(at(43));
    expect(nextCheckAt(start, expires, at(0))).toEqual(at(25));
    expect(staleAt(start, at(60))).toEqual(at(15 * 60));
    expect(staleAt(start, null)).toEqual(at(70 * 60));
  });
});

describe.each(backends)('payment reconciliation (phonepe) on %s', (backend) => {
  let fake: FakePhonePe;
  const t = useBookingApp(backend, () => fakePhonePeEnv(fake));
  beforeAll(async () => {
    fake = await startFakePhonePe(t.clock.now);
  });
  afterAll(() => fake.close());

  const statusCalls = () => fake.calls.filter((c) => c === 'status').length;
  const jobs = () => t.app().jobs;
  /** A sweep at the clock's now, then every check job it queued; answers how many checks ran. */
  async function sweepAndCheck(): Promise<number> {
    const { queued } = await jobs().reconciliation!.sweep();
    // The checks only: a wake-up job waits (a second at least) on the database's clock.
    const ran = await jobs().engine.drain([reconcileCheckQueue]);
    expect(ran).toBe(queued);
    return queued;
  }
  async function openCheckout(startTime = '11:00') {
    const owner = await t.patient();
    const appointment = await booked(t.app(), owner, { startTime });
    const opened = t.clock.now().getTime();
    return { owner, appointment, opened, ...(await checkout(t.app(), owner, appointment)) };
  }
  const moveTo = (opened: number, seconds: number) => t.clock.advance(opened + seconds * second - t.clock.now().getTime());

  it('checks a pending payment at each instant of the schedule, and at no other', async () => {
    const { opened, merchantOrderId } = await openCheckout();
    const before = statusCalls();
    moveTo(opened, 24);
    expect(await sweepAndCheck()).toBe(0);
    // Every instant up to the every-minute phase, and two of it: one second early nothing, on time one check.
    for (const offset of [...earlyCheckOffsets, 295, 355]) {
      moveTo(opened, offset - 1);
      expect(await sweepAndCheck()).toBe(0);
      moveTo(opened, offset);
      expect(await sweepAndCheck()).toBe(1);
      // Sweeping again at the same instant checks nothing more.
      expect(await sweepAndCheck()).toBe(0);
    }
    expect(statusCalls() - before).toBe(earlyCheckOffsets.length + 2);
    const { rows } = await t.db().query<{ checks: number; status: string }>('select checks, status from payments where merchant_order_id = $1', [
      merchantOrderId,
    ]);
    expect(rows[0]).toEqual({ checks: earlyCheckOffsets.length + 2, status: 'pending' });
  });

  it('settles a payment completed at PhonePe as the webhook would: paid, confirmation mailed once, no more checks', async () => {
    const { opened, merchantOrderId, appointment } = await openCheckout();
    moveTo(opened, 25);
    expect(await sweepAndCheck()).toBe(1);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('pending');
    fake.complete(merchantOrderId);
    moveTo(opened, 28);
    expect(await sweepAndCheck()).toBe(1);
    expect(await paymentRow(t.db(), merchantOrderId)).toMatchObject({ status: 'paid', provider_transaction_id: expect.stringMatching(/^OM/) });
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'paid', payment_id: merchantOrderId, hold_expires_at: null });
    const calls = statusCalls();
    moveTo(opened, 31);
    expect(await sweepAndCheck()).toBe(0);
    expect(statusCalls()).toBe(calls);
  });

  it('a payment failed at PhonePe: failed, the appointment unpaid', async () => {
    const { opened, merchantOrderId, appointment } = await openCheckout();
    fake.fail(merchantOrderId);
    moveTo(opened, 25);
    expect(await sweepAndCheck()).toBe(1);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('failed');
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('failed');
  });

  it('a payment still pending 10 minutes past its expiry becomes failed and its slot free; a late confirmation is then a refund', async () => {
    const { opened, merchantOrderId, appointment } = await openCheckout();
    // HOLD_MINUTES 15: the checkout expires at 15 minutes, is given up on at 25.
    moveTo(opened, 24 * 60 + 59);
    expect(await sweepAndCheck()).toBe(1); // a catch-up check: still pending, not yet stale
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('pending');
    moveTo(opened, 25 * 60);
    expect(await sweepAndCheck()).toBe(1);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('failed');
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'failed', holds_slot: false });
    // No more checks of it.
    moveTo(opened, 30 * 60);
    expect(await sweepAndCheck()).toBe(0);
    // The slot is free: somebody else books and pays it.
    const other = await t.patient();
    const theirs = await booked(t.app(), other, { startTime: '11:00' });
    const paid = await checkout(t.app(), other, theirs);
    fake.complete(paid.merchantOrderId);
    expect((await t.app().inject(`/api/payment/return/${paid.merchantOrderId}`)).statusCode).toBe(303);
    expect((await appointmentRow(t.db(), theirs._id)).payment_status).toBe('paid');
    // PhonePe confirms the stale one after all (its webhook): settled as any confirmation, the slot is gone: a refund.
    fake.complete(merchantOrderId);
    const order = fake.orders.get(merchantOrderId)!;
    const hook = await post(t.app(), '/api/payment/phonepe/webhook', {
      headers: { authorization: webhookAuthorization('clinic_hook', 'hook1234pass') },
      payload: { event: 'checkout.order.completed', payload: { merchantOrderId, orderId: order.orderId, state: 'COMPLETED', amount: order.amount } },
    });
    expect(hook.statusCode).toBe(200);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('refund');
  });

  it('a late confirmation of a stale payment whose slot is still free makes it paid (the browser\'s return asks again)', async () => {
    const { opened, merchantOrderId, appointment } = await openCheckout();
    moveTo(opened, 25 * 60);
    expect(await sweepAndCheck()).toBe(1);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('failed');
    fake.complete(merchantOrderId);
    const back = await t.app().inject(`/api/payment/return/${merchantOrderId}`);
    expect(back.headers.location).toContain('#/paymentsuccess');
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('paid');
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'paid', holds_slot: true });
  });

  it('two instances sweeping at once check a due payment once', async () => {
    const { opened } = await openCheckout();
    const second = await t.anotherInstance();
    // Each instance's engine started (pg-boss installs its schema under a lock on PostgreSQL;
    // on the embedded database, which one process owns, two engines starting at once would interleave).
    await jobs().engine.prepare();
    await second.jobs.engine.prepare();
    moveTo(opened, 25);
    const before = statusCalls();
    const [a, b] = await Promise.all([jobs().reconciliation!.sweep(), second.jobs.reconciliation!.sweep()]);
    expect(a.queued + b.queued).toBe(1);
    await Promise.all([jobs().engine.drain([reconcileCheckQueue]), second.jobs.engine.drain([reconcileCheckQueue])]);
    expect(statusCalls() - before).toBe(1);
  });

  it('asks for a wake-up at the next check within the minute, and none beyond it', async () => {
    const { opened } = await openCheckout();
    moveTo(opened, 25);
    expect((await jobs().reconciliation!.sweep()).nextCheckAt).toEqual(new Date(opened + 28 * second));
    const waiting = await jobs().engine.list({ states: ['created'] });
    expect(waiting.filter((j) => j.queue === 'payments.reconcile.wake')).toHaveLength(1);
    await jobs().engine.drain([reconcileCheckQueue]);
    moveTo(opened, 5 * minute + 55);
    await jobs().reconciliation!.sweep();
    // Still one waiting (pg-boss's 'short' policy keeps one), never a growing chain.
    expect((await jobs().engine.list({ states: ['created'] })).filter((j) => j.queue === 'payments.reconcile.wake')).toHaveLength(1);
  });
});
