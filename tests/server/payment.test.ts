/**
 * The payment service with the sandbox provider (the default), on every backend: create-appointment
 * and create-order (owner only, amounts from our records), the checkout page, settling only on
 * the provider's word, idempotence, and payments that arrive after their hold lapsed (the slot
 * taken by somebody else, or gone from the doctor's schedule meanwhile; on PostgreSQL also a
 * confirmation racing the schedule change).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { pressPay, resultOf, useAppointmentsApp } from './appointmentsSupport.js';
import { backends, testDatabaseUrl } from './helpers.js';
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
  slotMap,
  meera,
  today,
  useBookingApp,
} from './paymentSupport.js';
import { lockWaiters } from './pgLocks.js';
import { meeraAtAundh, noTuesdayMornings, useScheduleRace } from './scheduleChangeSupport.js';
import { api, ok } from './staffAdminSupport.js';

const success = `${publicUrl}/#/paymentsuccess`;
const failure = `${publicUrl}/#/paymentfail`;
const checkoutPath = (url: string) => new URL(url).pathname;

describe.each(backends)('payment service (sandbox) on %s', (backend) => {
  const t = useBookingApp(backend);

  it('GET /api/payment/config names the sandbox pages as the only checkout', async () => {
    const res = await t.app().inject('/api/payment/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ checkoutOrigins: [`${publicUrl}/api/payment/sandbox/`] });
  });

  describe('create-appointment', () => {
    it('needs the owner: 401 without a token, 404 for somebody else', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      expect((await payAppointment(t.app(), null, appointment._id, 600)).statusCode).toBe(401);
      const stranger = await payAppointment(t.app(), await t.patient(), appointment._id, 600);
      expect(stranger.statusCode).toBe(404);
      expect(messageOf(stranger)).toBe('Appointment not found.');
      expect((await t.db().query('select 1 from payments')).rowCount).toBe(0);
    });

    it('refuses an amount that is not the stored fee (400), and never trusts the client for it', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner); // a Clinic Visit: 600
      const res = await payAppointment(t.app(), owner, appointment._id, 1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'payment.wrongAmount',
        message: 'The amount does not match the consultation fee.',
        errors: [{ field: 'consultationAmount', message: 'must be the consultation fee, 600' }],
      });
      expect((await t.db().query('select 1 from payments')).rowCount).toBe(0);
    });

    it('opens a sandbox checkout; the page shows the clinic and the amount, with no inline script or style', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const answer = await checkout(t.app(), owner, appointment);
      expect(answer.merchantOrderId).toMatch(/^SHCA-250311-[A-Za-z0-9_-]{16}$/);
      expect(answer.checkoutPageUrl).toBe(`${publicUrl}/api/payment/sandbox/checkout/${answer.merchantOrderId}`);
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('pending');

      const page = await t.app().inject(checkoutPath(answer.checkoutPageUrl));
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Sahaj Homeopathy Clinic');
      expect(page.body).toContain('₹600.00');
      expect(page.body).toContain(`${appointment.appointmentId}`);
      expect(page.body).toContain(`action="${answer.merchantOrderId}/pay"`);
      expect(page.body).not.toMatch(/<script|style=|<style/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("form-action 'self' http://localhost:3000");
      expect(csp).not.toContain('unsafe-inline');
      const css = await t.app().inject('/api/payment/sandbox/checkout.css');
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect((await t.app().inject('/api/payment/sandbox/checkout/SHCA-nope')).statusCode).toBe(404);
    });

    it('the browser coming back proves nothing: only the provider\'s word settles', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const { merchantOrderId } = await checkout(t.app(), owner, appointment);
      const back = await t.app().inject(`/api/payment/return/${merchantOrderId}`);
      expect(back.statusCode).toBe(303);
      expect(resultOf(back.headers.location)).toBe(failure);
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('pending');
      expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('pending');
    });

    it('Pay settles server side and lands on /paymentsuccess; the appointment is paid for good', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), owner, appointment);
      const paid = await post(t.app(), `${checkoutPath(checkoutPageUrl)}/pay`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(paid.statusCode).toBe(303);
      expect(resultOf(paid.headers.location)).toBe(success);
      expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({
        payment_status: 'paid',
        payment_id: merchantOrderId,
        holds_slot: true,
        hold_expires_at: null,
      });
      expect((await paymentRow(t.db(), merchantOrderId)).provider_transaction_id).toBe(`SANDBOX-${merchantOrderId}`);
      // Paid never lapses, and is booked even to its owner.
      t.clock.advance(30 * minute);
      expect((await slotMap(t.app(), meera.email, 'Aundh', today, owner))['11:00']).toBe('booked');
      // Pressing again or coming back changes nothing.
      expect(resultOf((await post(t.app(), `${checkoutPath(checkoutPageUrl)}/fail`)).headers.location)).toBe(success);
      expect(resultOf((await t.app().inject(`/api/payment/return/${merchantOrderId}`)).headers.location)).toBe(success);
      const again = await payAppointment(t.app(), owner, appointment._id, 600);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe('This appointment is already paid.');
      const record = await booked(t.app(), await t.patient(), { startTime: '11:15' });
      expect(record.appointmentPaymentStatus).toBe('failed');
    });

    it('Fail lands on /paymentfail; the hold stays, and the patient can pay the same appointment again', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const first = await checkout(t.app(), owner, appointment);
      const failed = await post(t.app(), `${checkoutPath(first.checkoutPageUrl)}/fail`);
      expect(resultOf(failed.headers.location)).toBe(failure);
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('failed');
      expect((await paymentRow(t.db(), first.merchantOrderId)).status).toBe('failed');
      // Back in the popup: the own hold is free to its owner, the same booking answers the same appointment.
      expect((await slotMap(t.app(), meera.email, 'Aundh', today, owner))['11:00']).toBe('free');
      const again = await booked(t.app(), owner);
      expect(again._id).toBe(appointment._id);
      const second = await checkout(t.app(), owner, again);
      expect(second.merchantOrderId).not.toBe(first.merchantOrderId);
      expect(resultOf((await post(t.app(), `${checkoutPath(second.checkoutPageUrl)}/pay`)).headers.location)).toBe(success);
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('paid');
    });

    it('the result page is told which payment, and asks the server about it: the owner only, the truth only', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), owner, appointment);
      const status = (who?: typeof owner, ref = merchantOrderId) =>
        t.app().inject({ method: 'GET', url: `/api/payment/status/${ref}`, headers: who ? who.headers : {} });
      // Not paid yet: pending (the provider was asked and said so), nothing booked to say.
      const pending = await status(owner);
      expect(pending.statusCode).toBe(200);
      expect(pending.headers['cache-control']).toBe('private, no-store');
      expect(pending.json()).toMatchObject({ merchantOrderId, purpose: 'appointment', status: 'pending', amountPaid: 0 });
      // Nobody else learns anything of it: 401 anonymous, 404 another patient or an unknown reference.
      expect((await status()).statusCode).toBe(401);
      expect((await status(await t.patient())).statusCode).toBe(404);
      expect((await status(owner, 'SHCA-000000-unknown')).statusCode).toBe(404);
      expect((await status(owner, 'not a ref!')).statusCode).toBe(400);
      // The provider took the money but nobody told us yet: the status call asks it and settles.
      await t.db().query(`update sandbox_checkouts set state = 'COMPLETED' where merchant_order_id = $1`, [merchantOrderId]);
      const paid = await status(owner);
      expect(paid.json()).toMatchObject({ status: 'paid', amountPaid: 600, appointment: { _id: appointment._id, appointmentPaymentStatus: 'paid' } });
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('paid');
      // The return address names the payment.
      const back = await t.app().inject(`/api/payment/return/${merchantOrderId}`);
      expect(new URLSearchParams(String(back.headers.location).split('?')[1]).get('order')).toBe(merchantOrderId);
      expect(checkoutPath(checkoutPageUrl)).toContain(merchantOrderId);
    });

    it('a failed payment is said failed by the status call', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), owner, appointment);
      await post(t.app(), `${checkoutPath(checkoutPageUrl)}/fail`);
      const res = await t.app().inject({ method: 'GET', url: `/api/payment/status/${merchantOrderId}`, headers: owner.headers });
      expect(res.json()).toMatchObject({ status: 'failed', amountPaid: 0, appointment: { appointmentPaymentStatus: 'failed' } });
      // A Clinic Visit opens no chat or video: the answer names no opening.
      expect(res.json()).not.toHaveProperty('joinOpensAt');
    });

    it('settles once when confirmations race (several instances asking at once)', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const { merchantOrderId } = await checkout(t.app(), owner, appointment);
      const other = await t.anotherInstance();
      // The provider took the money; nobody has heard yet.
      await t.db().query(`update sandbox_checkouts set state = 'COMPLETED' where merchant_order_id = $1`, [merchantOrderId]);
      const answers = await Promise.all(
        [t.app(), other, t.app(), other, t.app()].map((app) => app.inject(`/api/payment/return/${merchantOrderId}`)),
      );
      expect(answers.map((a) => resultOf(a.headers.location))).toEqual(Array(5).fill(success));
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('paid');
      expect((await t.db().query(`select 1 from payments where status = 'paid'`)).rowCount).toBe(1);
    });

    it('a payment after the hold lapsed takes the slot back when it is still free', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const { checkoutPageUrl } = await checkout(t.app(), owner, appointment);
      t.clock.advance(20 * minute);
      // Somebody looked at the slot and tried another one: the lapsed hold was released meanwhile.
      await t.db().query('update appointments set holds_slot = false where id = $1', [appointment._id]);
      expect(resultOf((await post(t.app(), `${checkoutPath(checkoutPageUrl)}/pay`)).headers.location)).toBe(success);
      expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'paid', holds_slot: true });
    });

    it('a payment after the hold lapsed and the slot went to somebody else is flagged for refund', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), owner, appointment);
      t.clock.advance(16 * minute);
      const other = await booked(t.app(), await t.patient());
      const paid = await post(t.app(), `${checkoutPath(checkoutPageUrl)}/pay`);
      expect(resultOf(paid.headers.location)).toBe(`${failure}?reason=refund`);
      expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'refund', holds_slot: false });
      expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
      expect(await appointmentRow(t.db(), other._id)).toMatchObject({ holds_slot: true });
      // The patient's record says so; and paying it again is refused as the slot is gone.
      const again = await payAppointment(t.app(), owner, appointment._id, 600);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe('This slot is already booked');
    });

    it('refuses to start a payment once the appointment has expired by clinic time (409), and records nothing', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner); // today 11:00 with Dr Meera, the clock at 10:00
      t.clock.advance(2 * 60 * minute);
      const res = await payAppointment(t.app(), owner, appointment._id, 600);
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe('The time of this appointment has passed, so it can no longer be paid. Please book a new one.');
      expect((await t.db().query('select 1 from payments')).rowCount).toBe(0);
      expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('failed');
    });

    it('paying a lapsed hold claims the slot again, or answers 409 when it was taken', async () => {
      const owner = await t.patient();
      const appointment = await booked(t.app(), owner);
      t.clock.advance(16 * minute);
      await checkout(t.app(), owner, appointment);
      const row = await appointmentRow(t.db(), appointment._id);
      expect(row.hold_expires_at!.getTime()).toBe(t.clock.now().getTime() + 15 * minute);

      const late = await t.patient();
      const lateAppointment = await booked(t.app(), late, { startTime: '11:15' });
      t.clock.advance(16 * minute);
      await booked(t.app(), await t.patient(), { startTime: '11:15' });
      const refused = await payAppointment(t.app(), late, lateAppointment._id, 600);
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe('This slot is already booked');
    });
  });

  describe('create-order', () => {
    async function orderFor(owner: Awaited<ReturnType<typeof t.patient>>, totalPrice: number) {
      const appointment = await booked(t.app(), owner);
      const { rows } = await t.db().query<{ id: string }>(
        `insert into orders (appointment_id, pharmacy_id, total_price) values ($1, 'PH-7', $2) returning id`,
        [appointment._id, totalPrice],
      );
      return rows[0]!.id;
    }
    const payOrder = (owner: { headers: { authorization: string } } | null, body: object) =>
      post(t.app(), '/api/payment/create-order', { payload: body, headers: owner ? owner.headers : {} });

    it('owner only, the amount in paise must be the stored total times 100; Pay completes the order', async () => {
      const owner = await t.patient();
      const orderId = await orderFor(owner, 349.5);
      expect((await payOrder(null, { pharmacyId: 'PH-7', orderId, amount: 34950 })).statusCode).toBe(401);
      expect((await payOrder(await t.patient(), { pharmacyId: 'PH-7', orderId, amount: 34950 })).statusCode).toBe(404);
      const wrong = await payOrder(owner, { pharmacyId: 'PH-7', orderId, amount: 34949 });
      expect(wrong.statusCode).toBe(400);
      expect(messageOf(wrong)).toBe('The amount does not match the order.');
      const res = await payOrder(owner, { pharmacyId: 'PH-7', orderId, amount: 34950 });
      expect(res.statusCode).toBe(200);
      const { checkoutPageUrl } = res.json() as { checkoutPageUrl: string };
      expect((await t.app().inject(checkoutPath(checkoutPageUrl))).body).toContain('₹349.50');
      // The result page is told it was an order, so it does not speak of a booking.
      expect(resultOf((await post(t.app(), `${checkoutPath(checkoutPageUrl)}/pay`)).headers.location)).toBe(`${success}?for=order`);
      const { rows } = await t.db().query<{ payment_status: string }>('select payment_status from orders where id = $1', [orderId]);
      expect(rows[0]!.payment_status).toBe('Completed');
      const again = await payOrder(owner, { pharmacyId: 'PH-7', orderId, amount: 34950 });
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe('This order is already paid.');
    });

    it('a failed order payment lands on /paymentfail?for=order, and so does its return address', async () => {
      const owner = await t.patient();
      const orderId = await orderFor(owner, 120);
      const res = await payOrder(owner, { pharmacyId: 'PH-7', orderId, amount: 12000 });
      const { checkoutPageUrl } = res.json() as { checkoutPageUrl: string };
      expect(resultOf((await post(t.app(), `${checkoutPath(checkoutPageUrl)}/fail`)).headers.location)).toBe(`${failure}?for=order`);
      const merchantOrderId = checkoutPath(checkoutPageUrl).split('/').at(-1)!;
      expect(resultOf((await t.app().inject(`/api/payment/return/${merchantOrderId}`)).headers.location)).toBe(`${failure}?for=order`);
      const { rows } = await t.db().query<{ payment_status: string }>('select payment_status from orders where id = $1', [orderId]);
      expect(rows[0]!.payment_status).not.toBe('Completed');
    });

    it('refuses to take a Cash order online (409), and records nothing', async () => {
      const owner = await t.patient();
      const orderId = await orderFor(owner, 200);
      await t.db().query(`update orders set payment_mode = 'Cash' where id = $1`, [orderId]);
      const res = await payOrder(owner, { pharmacyId: 'PH-7', orderId, amount: 20000 });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe('This order is paid at the pharmacy, not online.');
      expect((await t.db().query('select 1 from payments')).rowCount).toBe(0);
    });
  });
});

describe.each(backends)('a payment confirmed after the hold lapsed, its slot gone from the schedule, on %s', (backend) => {
  // A lapsed hold does not count for the staff console's orphan rule, so an admin may change the
  // schedule under it; the late confirmation then finds its slot gone, as if somebody had taken it.
  const t = useAppointmentsApp(backend);

  it('is flagged for refund when the hours were cut, leave added or the doctor retired; a slot still offered is paid', async () => {
    const { app, admin, meeraId, aundh } = await meeraAtAundh(t);
    const ravi = await t.patient('ravi');
    const asha = await t.patient('asha');
    // Checkouts opened while the holds were live; the provider's word comes only after they lapsed.
    const morning = await booked(app, ravi, { startTime: '11:00' });
    const evening = await booked(app, ravi, { date: '2025-03-12', startTime: '17:00' });
    const later = await booked(app, ravi, { date: '2025-03-19', startTime: '17:00' });
    const afternoon = await booked(app, asha, { startTime: '15:00' });
    const morningPay = await checkout(app, ravi, morning);
    const eveningPay = await checkout(app, ravi, evening);
    const laterPay = await checkout(app, ravi, later);
    const afternoonPay = await checkout(app, asha, afternoon);
    t.clock.advance(16 * minute);
    // The evening hold was even released meanwhile (somebody looked at the slot); the others lapsed unnoticed.
    await t.db().query('update appointments set holds_slot = false where id = $1', [evening._id]);

    const lost = async (appointment: { _id: string }, merchantOrderId: string, checkoutPageUrl: string) => {
      expect(await pressPay(app, checkoutPageUrl)).toBe(`${failure}?reason=refund`);
      expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({
        payment_status: 'refund',
        payment_id: merchantOrderId,
        holds_slot: false,
      });
      expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
      // Pressing again or coming back changes nothing.
      expect(await pressPay(app, checkoutPageUrl)).toBe(`${failure}?reason=refund`);
      expect(resultOf((await app.inject(`/api/payment/return/${merchantOrderId}`)).headers.location)).toBe(`${failure}?reason=refund`);
    };
    expect((await api(app, admin, 'PUT', `/doctors/${meeraId}/hours/${aundh}`, noTuesdayMornings)).statusCode).toBe(200);
    await lost(morning, morningPay.merchantOrderId, morningPay.checkoutPageUrl);
    expect((await api(app, admin, 'POST', `/doctors/${meeraId}/leave`, { from: '2025-03-12', to: '2025-03-12', reason: '' })).statusCode).toBe(200);
    await lost(evening, eveningPay.merchantOrderId, eveningPay.checkoutPageUrl);

    // The afternoon is still Meera's: Asha's late payment takes its slot back (before Meera retires).
    expect(await pressPay(app, afternoonPay.checkoutPageUrl)).toBe(success);
    expect(await appointmentRow(t.db(), afternoon._id)).toMatchObject({ payment_status: 'paid', holds_slot: true });

    // Retiring needs no live booking but Asha's paid one to move first; Ravi's lapsed one does not count.
    expect((await api(app, admin, 'PUT', `/doctors/${meeraId}/active`, { active: false })).statusCode).toBe(409);
    await ok(app, admin, 'POST', `/appointments/${afternoon._id}/cancel`, { reason: 'Doctor retired' });
    expect((await api(app, admin, 'PUT', `/doctors/${meeraId}/active`, { active: false })).statusCode).toBe(200);
    await lost(later, laterPay.merchantOrderId, laterPay.checkoutPageUrl);

    // Staff see each under Refunds as a lost slot; the patient's records say so too.
    const refunds = await ok<{ merchantOrderId: string; reason: string; amount: number; appointmentId: string }[]>(app, admin, 'GET', '/refunds');
    const slotLost = refunds.filter((r) => r.reason === 'slotLost');
    expect(slotLost.map((r) => r.merchantOrderId).sort()).toEqual(
      [morningPay.merchantOrderId, eveningPay.merchantOrderId, laterPay.merchantOrderId].sort(),
    );
    expect(slotLost.every((r) => r.amount === 600)).toBe(true);
    const mine = (await app.inject({ url: `/api/auth/getUser/${ravi.email}`, headers: ravi.headers })).json() as {
      appointmentPaymentStatus: string;
    }[];
    expect(mine.map((a) => a.appointmentPaymentStatus)).toEqual(['refund', 'refund', 'refund']);
    // Nothing was made paid outside the schedule, and no confirmation mail went out for them.
    await t.idle();
    expect((await t.db().query(`select 1 from appointments where user_id = $1 and payment_status = 'paid'`, [ravi.id])).rowCount).toBe(0);
    expect(t.mailer().sent.filter((m) => m.to === ravi.email)).toEqual([]);
  });
});

/**
 * Only PostgreSQL interleaves transactions (PGlite runs one query at a time). A schedule change
 * locks the doctor's row FOR UPDATE; a late confirmation locks it FOR SHARE before the
 * appointment's row. To hold a transaction half way, a plain connection locks a row it is about to
 * write; `lockWaiters` tells when the others wait.
 */
describe.skipIf(!testDatabaseUrl)('a late confirmation racing a schedule change, on PostgreSQL', () => {
  const race = useScheduleRace();
  const t = race.t;

  /** Ravi's 11:00 today, its checkout opened, and its hold lapsed unnoticed. */
  async function setUp() {
    const { app, meeraId, aundh, holder, watcher, dropMornings } = await race.setUp();
    const ravi = await t().patient('ravi');
    const appointment = await booked(app, ravi, { startTime: '11:00' });
    const pay = await checkout(app, ravi, appointment);
    t().clock.advance(16 * minute);
    return { app, meeraId, aundh, holder, watcher, appointment, pay, dropMornings };
  }

  it('one arriving during a change that removes its slot waits for the change, then is flagged for refund', async () => {
    const { app, meeraId, aundh, holder, watcher, appointment, pay, dropMornings } = await setUp();
    // The change stops half way: it holds the doctor's row and waits to rewrite the Aundh hours.
    await holder.query('begin');
    await holder.query('select 1 from doctor_hours where doctor_id = $1 and location_id = $2 for update', [meeraId, aundh]);
    const change = dropMornings();
    await lockWaiters(watcher, 1);
    // The schedule still offers 11:00 as the provider's word comes in: the confirmation waits too.
    const paying = pressPay(app, pay.checkoutPageUrl);
    await lockWaiters(watcher, 2);

    await holder.query('commit');
    expect((await change).statusCode).toBe(200);
    expect(await paying).toBe(`${failure}?reason=refund`);
    expect(await appointmentRow(t().db(), appointment._id)).toMatchObject({ payment_status: 'refund', holds_slot: false });
    expect((await paymentRow(t().db(), pay.merchantOrderId)).status).toBe('refund');
  });

  it('a change arriving during a confirmation waits for it, then sees the paid booking and is refused (409)', async () => {
    const { app, holder, watcher, appointment, pay, dropMornings } = await setUp();
    // The confirmation stops half way: it holds the doctor's row (for share) and waits for the appointment's.
    await holder.query('begin');
    await holder.query('select 1 from appointments where id = $1 for update', [appointment._id]);
    const paying = pressPay(app, pay.checkoutPageUrl);
    await lockWaiters(watcher, 1);
    const change = dropMornings();
    await lockWaiters(watcher, 2);

    await holder.query('commit');
    expect(await paying).toBe(success);
    expect(await appointmentRow(t().db(), appointment._id)).toMatchObject({ payment_status: 'paid', holds_slot: true });
    const refused = await change;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().affected.map((a: { _id: string }) => a._id)).toEqual([appointment._id]);
    expect((await slotMap(app, meera.email, 'Aundh', today))['11:00']).toBe('booked');
  });
});

describe('payment configuration', () => {
  it('defaults to the sandbox and a 15-minute hold; reads HOLD_MINUTES', () => {
    expect(loadConfig({}).payments).toEqual({ holdMinutes: 15, cancelFreeHours: 24, provider: { kind: 'sandbox' } });
    expect(loadConfig({ HOLD_MINUTES: '30' }).payments.holdMinutes).toBe(30);
  });

  it('names every missing PhonePe key, and bad values, without echoing secrets', () => {
    let problems: readonly string[] = [];
    try {
      loadConfig({ PAYMENT_PROVIDER: 'phonepe', PHONEPE_ENV: 'live', HOLD_MINUTES: '0' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual([
      'HOLD_MINUTES must be a whole number of minutes from 1 to 120 (got "0")',
      "PHONEPE_CLIENT_ID is required when PAYMENT_PROVIDER is phonepe (the client id from PhonePe's credentials mail)",
      "PHONEPE_CLIENT_SECRET is required when PAYMENT_PROVIDER is phonepe (the client secret from PhonePe's credentials mail)",
      "PHONEPE_WEBHOOK_USERNAME is required when PAYMENT_PROVIDER is phonepe (the webhook username set on PhonePe's dashboard)",
      "PHONEPE_WEBHOOK_PASSWORD is required when PAYMENT_PROVIDER is phonepe (the webhook password set on PhonePe's dashboard)",
      'PHONEPE_ENV must be one of sandbox, production (got "live")',
    ]);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER must be one of sandbox, phonepe (got "paypal")');
  });

  it('PhonePe production hosts, and the checkout origins the client may redirect to', () => {
    const keys = {
      PAYMENT_PROVIDER: 'phonepe',
      PHONEPE_CLIENT_ID: 'id',
      PHONEPE_CLIENT_SECRET: 'secret',
      PHONEPE_WEBHOOK_USERNAME: 'clinic_hook',
      PHONEPE_WEBHOOK_PASSWORD: 'hook1234pass',
    };
    expect(loadConfig({ ...keys, PHONEPE_ENV: 'production', PHONEPE_CLIENT_VERSION: '3' }).payments.provider).toMatchObject({
      clientVersion: 3,
      authBaseUrl: 'https://api.phonepe.com/apis/identity-manager',
      apiBaseUrl: 'https://api.phonepe.com/apis/pg',
      checkoutOrigins: ['https://mercury-t2.phonepe.com', 'https://mercury.phonepe.com'],
    });
    expect(loadConfig(keys).payments.provider).toMatchObject({
      clientVersion: 1,
      authBaseUrl: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
      checkoutOrigins: ['https://mercury-uat.phonepe.com'],
    });
  });
});
