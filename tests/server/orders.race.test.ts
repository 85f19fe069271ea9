/**
 * The pharmacy order under real concurrency: two app instances, each with its own pool, on one
 * PostgreSQL database (PGlite runs one query at a time and would hide the race). Two doctors'
 * submissions of one appointment's order at once leave one order with its lines once (the other a
 * 409); the patient's two checkouts of it at once, both paid, leave it paid once for its total,
 * the second payment flagged to go back.
 */
import { describe, expect, it } from 'vitest';
import { bookedAndPaid, prescription, pressPay, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { testDatabaseUrl } from './helpers.js';
import { useSecondInstances } from './secondInstance.js';
import { catalogueItem, locationId, pharmacyName } from './orderSupport.js';
import { meera, post } from './paymentSupport.js';

const env = { PHARMACY_TAX_RATE: '5', DELIVERY_FEE: '40' };

describe.runIf(testDatabaseUrl)('pharmacy orders on two instances over one PostgreSQL', () => {
  const t = testDatabaseUrl ? useAppointmentsApp('postgres', { env }) : null;
  const secondInstance = useSecondInstances(t, env);
  it('two submissions at once: one order, its lines once; two checkouts paid at once: paid once, the other flagged back', async () => {
    const [one, two] = [t!.app(), await secondInstance()];
    const patient = await t!.patient();
    const appointment = await bookedAndPaid(one, patient);
    const doctor = await t!.staff('doctor', meera.email);
    const admin = await t!.staff('admin', 'office@sahaj-clinic.example');
    toCompletable(t!.clock, '11:00');
    expect((await staffCall(one, doctor, 'POST', `/appointments/${appointment._id}/complete`, prescription)).statusCode).toBe(200);
    const item = await catalogueItem(t!.db(), { name: 'ARNICA MONTANA', price: 100 });
    const body = {
      lines: [{ itemId: item, quantity: 2 }, { name: 'Hand-written', quantity: 1, unitPrice: 10 }],
      paymentMode: 'Card',
      locationId: await locationId(t!.db()),
      fulfilment: 'delivery',
      deliveryAddress: 'Karve Road, Pune',
    };
    const url = `/appointments/${appointment._id}/order`;
    const answers = await Promise.all([staffCall(one, doctor, 'POST', url, body), staffCall(two, admin, 'POST', url, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { rows: orders } = await t!.db().query<{ id: string; total_price: string; subtotal: string; tax: string; delivery_fee: string }>(
      'select id, total_price, subtotal, tax, delivery_fee from orders where appointment_id = $1',
      [appointment._id],
    );
    // 2 x 100 + 10 = 210; 5 % = 10.50; delivery 40; total 260.50.
    expect(orders.map((o) => [o.total_price, o.subtotal, o.tax, o.delivery_fee].map(Number))).toEqual([[260.5, 210, 10.5, 40]]);
    const orderId = orders[0]!.id;
    const { rows: lines } = await t!.db().query<{ name: string; quantity: number }>('select name, quantity from order_items where order_id = $1 order by position', [orderId]);
    expect(lines).toEqual([{ name: 'ARNICA MONTANA', quantity: 2 }, { name: 'Hand-written', quantity: 1 }]);

    const payload = { pharmacyId: pharmacyName, orderId, amount: 26050 };
    const checkouts = await Promise.all([
      post(one, '/api/payment/create-order', { payload, headers: patient.headers }),
      post(two, '/api/payment/create-order', { payload, headers: patient.headers }),
    ]);
    expect(checkouts.map((c) => c.statusCode)).toEqual([200, 200]);
    await Promise.all(checkouts.map((c, i) => pressPay(i === 0 ? one : two, c.json().checkoutPageUrl)));
    const { rows: payments } = await t!.db().query<{ status: string; amount_paise: string }>(
      `select status, amount_paise from payments where order_id = $1 and status in ('paid', 'refund') order by status`,
      [orderId],
    );
    expect(payments.map((p) => [p.status, Number(p.amount_paise)])).toEqual([['paid', 26050], ['refund', 26050]]);
    const { rows: after } = await t!.db().query<{ payment_status: string; total_price: string }>('select payment_status, total_price from orders where id = $1', [orderId]);
    expect(after).toEqual([{ payment_status: 'Completed', total_price: '260.50' }]);
  });
});
