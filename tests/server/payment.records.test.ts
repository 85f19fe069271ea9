/**
 * Records never contradict each other, on every backend: whatever happens to an
 * appointment or an order while its checkout is open (cancelled by the patient or the clinic, moved
 * by either, its fee changed, its hold lapsed, a second checkout of it), the payment's word settles
 * the appointment's or order's payment state too, and money the clinic owes back shows once under
 * the staff console's refunds.
 */
import { describe, expect, it } from 'vitest';
import { cancel, listOf, moveTo, pressPay, resultOf, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import {
  appointmentRow,
  book,
  booked,
  checkout,
  kavita,
  messageOf,
  meera,
  minute,
  type Patient,
  paymentRow,
  post,
  publicUrl,
  slotMap,
  today,
} from './paymentSupport.js';
import { idOf, officeEmail, ok } from './staffAdminSupport.js';

const success = `${publicUrl}/#/paymentsuccess`;
const failure = `${publicUrl}/#/paymentfail`;
const pressFail = async (app: Parameters<typeof pressPay>[0], checkoutPageUrl: string) =>
  resultOf((await post(app, `${new URL(checkoutPageUrl).pathname}/fail`)).headers.location);

describe.each(backends)('payment and appointment records agree on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  const refunds = async (admin: Patient) =>
    (await ok(t.app(), admin, 'GET', '/refunds')) as { reason: string; merchantOrderId: string; appointmentId: string; orderId: string | null; amount: number }[];
  /** The patient's own list, as My appointments reads it. */
  const listed = async (who: Patient, id: string) =>
    ((await listOf(t.app(), who, who.email)).json() as { _id: string; appointmentStatus: string; appointmentPaymentStatus: string }[]).find(
      (a) => a._id === id,
    )!;

  it('cancelled by the patient during checkout, then paid: payment and appointment say refund, listed once as cancelled', async () => {
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const appointment = await booked(t.app(), asha);
    const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), asha, appointment);
    expect((await cancel(t.app(), asha, asha.id, appointment._id)).statusCode).toBe(200);
    // While the checkout is open, that is what the record says.
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Cancelled', payment_status: 'pending' });

    expect(await pressPay(t.app(), checkoutPageUrl)).toBe(`${failure}?reason=refund`);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({
      status: 'Cancelled',
      payment_status: 'refund',
      payment_id: merchantOrderId,
      holds_slot: false,
    });
    expect(await listed(asha, appointment._id)).toMatchObject({ appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund' });
    expect(await refunds(admin)).toMatchObject([{ reason: 'cancelled', merchantOrderId, appointmentId: appointment._id, amount: 600 }]);
    // The slot stays free for others.
    expect((await slotMap(t.app(), meera.email, 'Aundh', today))['11:00']).toBe('free');
  });

  it('cancelled by the clinic during checkout, then paid: the same', async () => {
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const appointment = await booked(t.app(), asha);
    const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), asha, appointment);
    const cancelled = await ok(t.app(), admin, 'POST', `/appointments/${appointment._id}/cancel`, { reason: 'Doctor unwell' });
    expect(cancelled.appointment).toMatchObject({ appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'pending' });

    await pressPay(t.app(), checkoutPageUrl);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Cancelled', payment_status: 'refund', payment_id: merchantOrderId });
    expect(await refunds(admin)).toMatchObject([{ reason: 'cancelled', merchantOrderId, appointmentId: appointment._id }]);
  });

  it('cancelled during checkout, then the payment failed: failed, and nothing is owed', async () => {
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const appointment = await booked(t.app(), asha);
    const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), asha, appointment);
    await cancel(t.app(), asha, asha.id, appointment._id);
    expect(await pressFail(t.app(), checkoutPageUrl)).toBe(failure);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('failed');
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Cancelled', payment_status: 'failed' });
    expect(await refunds(admin)).toEqual([]);
  });

  it('moved by the patient or by the clinic during checkout, then paid: paid, on its new slot, the old one free', async () => {
    const admin = await t.staff('admin', officeEmail);
    const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
    const asha = await t.patient('asha');
    const mine = await booked(t.app(), asha, { startTime: '11:00' });
    const theirs = await booked(t.app(), asha, { startTime: '11:30' });
    const first = await checkout(t.app(), asha, mine);
    const second = await checkout(t.app(), asha, theirs);
    expect((await moveTo(t.app(), asha, mine._id, { selectedTime: '12:00' })).statusCode).toBe(200);
    await ok(t.app(), admin, 'POST', `/appointments/${theirs._id}/move`, { date: today, locationId: aundh, startTime: '12:15' });

    expect(await pressPay(t.app(), first.checkoutPageUrl)).toBe(success);
    expect(await pressPay(t.app(), second.checkoutPageUrl)).toBe(success);
    for (const [appointment, payment] of [
      [mine, first],
      [theirs, second],
    ] as const) {
      expect((await paymentRow(t.db(), payment.merchantOrderId)).status).toBe('paid');
      expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({
        status: 'Booked',
        payment_status: 'paid',
        payment_id: payment.merchantOrderId,
        holds_slot: true,
        hold_expires_at: null,
      });
    }
    // Paid never lapses: the new slots stay booked, the old ones are free.
    t.clock.advance(30 * minute);
    expect(await slotMap(t.app(), meera.email, 'Aundh', today)).toMatchObject({ '11:00': 'free', '11:30': 'free', '12:00': 'booked', '12:15': 'booked' });
    expect(await refunds(admin)).toEqual([]);
  });

  it('its hold lapsed and the slot went to somebody else, then paid: refund on both, listed as slot lost', async () => {
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const appointment = await booked(t.app(), asha);
    const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), asha, appointment);
    t.clock.advance(16 * minute);
    await booked(t.app(), await t.patient('ravi'));
    expect(await pressPay(t.app(), checkoutPageUrl)).toBe(`${failure}?reason=refund`);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Booked', payment_status: 'refund', holds_slot: false });
    expect(await listed(asha, appointment._id)).toMatchObject({ appointmentPaymentStatus: 'refund' });
    expect(await refunds(admin)).toMatchObject([{ reason: 'slotLost', merchantOrderId }]);
  });

  it('two checkouts of one appointment: one failing leaves it pending while the other is open; both paid: paid once, the second owed back', async () => {
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const appointment = await booked(t.app(), asha);
    const first = await checkout(t.app(), asha, appointment);
    const second = await checkout(t.app(), asha, appointment);
    const third = await checkout(t.app(), asha, appointment);
    await pressFail(t.app(), third.checkoutPageUrl);
    expect((await appointmentRow(t.db(), appointment._id)).payment_status).toBe('pending');

    expect(await pressPay(t.app(), first.checkoutPageUrl)).toBe(success);
    // The duplicate was still taken: its page says the appointment is paid, and staff see it owed back.
    expect(await pressPay(t.app(), second.checkoutPageUrl)).toBe(success);
    expect((await paymentRow(t.db(), first.merchantOrderId)).status).toBe('paid');
    expect((await paymentRow(t.db(), second.merchantOrderId)).status).toBe('refund');
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'paid', payment_id: first.merchantOrderId });
    expect(await refunds(admin)).toMatchObject([{ reason: 'duplicate', merchantOrderId: second.merchantOrderId }]);
  });

  it('its fee changed during checkout (re-booked as another type), then paid: the payment goes back and the appointment is unpaid, payable again', async () => {
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    // Online with Dr. Kavita (Chat, Video and Call are online only).
    const appointment = await booked(t.app(), asha, { doctorEmail: kavita.email, location: '' }); // Video, 500
    const { merchantOrderId, checkoutPageUrl } = await checkout(t.app(), asha, appointment);
    const rebooked = await book(t.app(), asha, { doctorEmail: kavita.email, location: '', consultationType: 'Chat' }); // the same slot: the same appointment, 300
    expect(rebooked.json()).toMatchObject({ _id: appointment._id, consultationFee: 300 });

    await pressPay(t.app(), checkoutPageUrl);
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
    // No checkout is open any more: not 'pending', and certainly not paid.
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Booked', payment_status: 'failed', holds_slot: true });
    expect(await refunds(admin)).toMatchObject([{ reason: 'amountChanged', merchantOrderId, amount: 500 }]);
    const again = await checkout(t.app(), asha, { _id: appointment._id, consultationFee: 300 });
    expect(await pressPay(t.app(), again.checkoutPageUrl)).toBe(success);
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ payment_status: 'paid', payment_id: again.merchantOrderId });
  });

  describe('pharmacy orders', () => {
    async function orderFor(owner: Patient, totalPrice: number) {
      const appointment = await booked(t.app(), owner);
      const { rows } = await t.db().query<{ id: string }>(
        `insert into orders (appointment_id, pharmacy_id, total_price) values ($1, 'PH-7', $2) returning id`,
        [appointment._id, totalPrice],
      );
      return { appointmentId: appointment._id, orderId: rows[0]!.id };
    }
    const payOrder = async (owner: Patient, orderId: string, amount: number) =>
      post(t.app(), '/api/payment/create-order', { payload: { pharmacyId: 'PH-7', orderId, amount }, headers: owner.headers });
    const orderRow = async (id: string) =>
      (await t.db().query<{ payment_status: string; payment_id: string | null; order_status: string }>(
        'select payment_status, payment_id, order_status from orders where id = $1',
        [id],
      )).rows[0]!;
    const merchantOf = (checkoutPageUrl: string) => new URL(checkoutPageUrl).pathname.split('/').at(-1)!;

    it('cancelled by the clinic during checkout, then paid: payment and order say refund, listed once; a cancelled order cannot be paid', async () => {
      const admin = await t.staff('admin', officeEmail);
      const asha = await t.patient('asha');
      const { orderId, appointmentId } = await orderFor(asha, 349.5);
      const { checkoutPageUrl } = (await payOrder(asha, orderId, 34950)).json() as { checkoutPageUrl: string };
      const merchantOrderId = merchantOf(checkoutPageUrl);
      await ok(t.app(), admin, 'PUT', `/orders/${orderId}/status`, { orderStatus: 'Cancelled' });

      expect(await pressPay(t.app(), checkoutPageUrl)).toBe(`${failure}?for=order`);
      expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
      expect(await orderRow(orderId)).toEqual({ payment_status: 'Refund', payment_id: merchantOrderId, order_status: 'Cancelled' });
      expect(await refunds(admin)).toMatchObject([{ reason: 'cancelled', merchantOrderId, orderId, appointmentId, amount: 349.5 }]);

      const refused = await payOrder(asha, orderId, 34950);
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe('This order was cancelled, so it cannot be paid.');
      expect((await t.db().query('select 1 from payments where order_id = $1', [orderId])).rowCount).toBe(1);
    });

    it('the database itself refuses a cancelled order that reads Completed', async () => {
      const asha = await t.patient('asha');
      const { orderId } = await orderFor(asha, 120);
      await t.db().query(`update orders set payment_status = 'Completed' where id = $1`, [orderId]);
      await expect(t.db().query(`update orders set order_status = 'Cancelled' where id = $1`, [orderId])).rejects.toMatchObject({
        code: '23514',
        constraint: 'orders_cancelled_paid_check',
      });
      await t.db().query(`update orders set order_status = 'Cancelled', payment_status = 'Refund' where id = $1`, [orderId]);
      expect(await orderRow(orderId)).toMatchObject({ payment_status: 'Refund', order_status: 'Cancelled' });
    });

    it('its status changed during checkout (Ready), then paid: Completed; paid twice: the second owed back', async () => {
      const admin = await t.staff('admin', officeEmail);
      const asha = await t.patient('asha');
      const { orderId } = await orderFor(asha, 120);
      const first = ((await payOrder(asha, orderId, 12000)).json() as { checkoutPageUrl: string }).checkoutPageUrl;
      const second = ((await payOrder(asha, orderId, 12000)).json() as { checkoutPageUrl: string }).checkoutPageUrl;
      await ok(t.app(), admin, 'PUT', `/orders/${orderId}/status`, { orderStatus: 'Ready' });
      expect(await pressPay(t.app(), first)).toBe(`${success}?for=order`);
      expect(await pressPay(t.app(), second)).toBe(`${success}?for=order`);
      expect(await orderRow(orderId)).toEqual({ payment_status: 'Completed', payment_id: merchantOf(first), order_status: 'Ready' });
      expect((await paymentRow(t.db(), merchantOf(second))).status).toBe('refund');
      expect(await refunds(admin)).toMatchObject([{ reason: 'duplicate', merchantOrderId: merchantOf(second), orderId }]);
    });
  });
});
