/**
 * The pharmacy order built from items (docs/orders.md), on every backend: priced on the server
 * from the catalogue (a client's price is refused), tax at PHARMACY_TAX_RATE on the items, the
 * DELIVERY_FEE for home delivery, subtotal + tax + fee = total; the preview prices without
 * saving; bad lines, an archived item, an unknown location and a delivery without an address are
 * 400s on their field; another doctor's appointment is refused; the patient sees the lines and
 * sums and pays the total; the receipt (a tax invoice with CLINIC_GSTIN) lists the items.
 */
import { describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { bookedAndPaid, listOf, prescription, pressPay, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { catalogueItem, locationId, pharmacyName } from './orderSupport.js';
import { kavita, meera, post, publicUrl } from './paymentSupport.js';
import { pdfText } from './pdfSupport.js';

const gstin = '27AAAAA0000A1Z5';

describe.each(backends)('pharmacy orders on %s', (backend) => {
  const t = useAppointmentsApp(backend, { env: { PHARMACY_TAX_RATE: '12', DELIVERY_FEE: '49.50', CLINIC_GSTIN: gstin } });

  /** A completed consultation of Dr. Meera's, her account, and two live items and an archived one. */
  async function completed() {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient);
    const doctor = await t.staff('doctor', meera.email);
    toCompletable(t.clock, '11:00');
    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${appointment._id}/complete`, prescription)).statusCode).toBe(200);
    const db = t.db();
    const bryonia = await catalogueItem(db, { name: 'BRYONIA ALBA', price: 120.5, potency: '30C', pack: '2 dram' });
    const drosera = await catalogueItem(db, { name: 'DROSERA', price: 85, form: 'dilution', potency: '200C', pack: '30 ml' });
    const old = await catalogueItem(db, { name: 'ACONITE', price: 60, archived: true });
    return { patient, appointment, doctor, bryonia, drosera, old, kothrud: await locationId(db), url: `/appointments/${appointment._id}/order` };
  }

  it('prices from the catalogue with tax and the delivery fee; the preview saves nothing; the patient sees it all and pays the total', async () => {
    const { patient, appointment, doctor, bryonia, drosera, kothrud, url } = await completed();
    const body = {
      lines: [
        { itemId: bryonia, quantity: 2 },
        { itemId: drosera, quantity: 1 },
        { name: 'Calendula ointment (local)', quantity: 1, unitPrice: 40 },
      ],
      paymentMode: 'Card',
      locationId: kothrud,
      fulfilment: 'delivery',
      deliveryAddress: ' Flat 4, Karve Road, Pune 411004 ',
    };
    // 2 x 120.50 + 85 + 40 = 366.00; tax 12 % = 43.92; delivery 49.50; total 459.42.
    const preview = await staffCall(t.app(), doctor, 'POST', `${url}/preview`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      items: [
        { itemId: bryonia, name: 'BRYONIA ALBA', form: 'pills', potency: '30C', pack: '2 dram', quantity: 2, unitPrice: 120.5, amount: 241 },
        { itemId: drosera, name: 'DROSERA', form: 'dilution', potency: '200C', pack: '30 ml', quantity: 1, unitPrice: 85, amount: 85 },
        { itemId: null, name: 'Calendula ointment (local)', form: '', potency: '', pack: '', quantity: 1, unitPrice: 40, amount: 40 },
      ],
      locationId: kothrud,
      locationName: pharmacyName,
      pharmacyId: pharmacyName,
      fulfilment: 'delivery',
      deliveryAddress: 'Flat 4, Karve Road, Pune 411004',
      subtotal: 366,
      taxRatePercent: 12,
      tax: 43.92,
      deliveryFee: 49.5,
      totalPrice: 459.42,
      taxInvoice: true,
    });
    expect((await t.db().query('select 1 from orders')).rows).toHaveLength(0);

    const placed = await staffCall(t.app(), doctor, 'POST', url, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().appointment.order;
    const { taxInvoice: _, pharmacyId, totalPrice, ...breakdown } = preview.json();
    expect(order).toEqual({
      _id: expect.any(String),
      appointmentId: appointment._id,
      paymentMode: 'Card',
      paymentStatus: 'Pending',
      orderStatus: 'Placed',
      pharmacyId,
      totalPrice,
      ...breakdown,
      dispensedAt: null,
    });

    // The patient's list shows the same lines and sums before paying.
    const listed = (await listOf(t.app(), patient, patient.email)).json() as { _id: string; order: unknown }[];
    expect(listed.find((a) => a._id === appointment._id)!.order).toEqual(order);

    // Paid as before: the total in paise, from the stored order.
    const pay = await post(t.app(), '/api/payment/create-order', { payload: { pharmacyId, orderId: order._id, amount: 45942 }, headers: patient.headers });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await pressPay(t.app(), pay.json().checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess?for=order`);

    // The receipt is a tax invoice with the GSTIN, and lists the items and sums.
    const receipt = await t.app().inject({ method: 'GET', url: `/api/records/orders/${order._id}/receipt.pdf`, headers: patient.headers });
    expect(receipt.statusCode).toBe(200);
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('Tax invoice');
    expect(text).toContain(`GSTIN ${gstin}`);
    expect(text).toContain('BRYONIA ALBA 30C 2 dram: 2 x ₹120.50 = ₹241.00');
    expect(text).toContain('DROSERA 200C 30 ml: 1 x ₹85.00 = ₹85.00');
    expect(text).toContain('Calendula ointment (local): 1 x ₹40.00 = ₹40.00');
    expect(text).toContain('₹43.92');
    expect(text).toContain('₹49.50');
    expect(text).toContain('Home delivery to Flat 4, Karve Road, Pune 411004');
    // The consultation fee's receipt stays a receipt.
    const fee = await t.app().inject({ method: 'GET', url: `/api/records/appointments/${appointment._id}/receipt.pdf`, headers: patient.headers });
    expect(pdfText(fee.rawPayload)).not.toContain('Tax invoice');
  });

  it('a pickup pays no delivery fee; the catalogue price is the one kept, whatever the catalogue says later', async () => {
    const { doctor, bryonia, kothrud, url } = await completed();
    const placed = await staffCall(t.app(), doctor, 'POST', url, { lines: [{ itemId: bryonia, quantity: 3 }], paymentMode: 'Cash', locationId: kothrud, fulfilment: 'pickup', deliveryAddress: 'ignored' });
    expect(placed.statusCode, placed.body).toBe(200);
    // 3 x 120.50 = 361.50; 12 % = 43.38; no fee.
    expect(placed.json().appointment.order).toMatchObject({ subtotal: 361.5, tax: 43.38, deliveryFee: 0, totalPrice: 404.88, deliveryAddress: '', fulfilment: 'pickup' });
    await t.db().query('update catalogue_items set price = 999 where id = $1', [bryonia]);
    const again = await staffCall(t.app(), doctor, 'GET', url.replace('/order', ''));
    expect(again.json().appointment.order).toMatchObject({ totalPrice: 404.88, items: [{ unitPrice: 120.5, quantity: 3, amount: 361.5 }] });
  });

  it('bad lines, an archived or unknown item, a client price, an unknown location and a delivery without address: 400 on each field', async () => {
    const { doctor, bryonia, old, kothrud, url } = await completed();
    const base = { paymentMode: 'Card', locationId: kothrud, fulfilment: 'pickup' };
    const refused = async (body: object) => {
      for (const path of [`${url}/preview`, url]) {
        const res = await staffCall(t.app(), doctor, 'POST', path, body);
        expect(res.statusCode, `${path} ${res.body}`).toBe(400);
        if (path === url) return res.json().errors.map((e: { field: string }) => e.field);
      }
    };
    expect(
      await refused({
        ...base,
        lines: [
          { itemId: old, quantity: 1 },
          { itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
          { itemId: 'not-an-id', quantity: 1 },
          { itemId: bryonia, quantity: 1, unitPrice: 1 },
          { quantity: 1 },
          { name: '  ', quantity: 1, unitPrice: 5 },
        ],
      }),
    ).toEqual(['lines.0.itemId', 'lines.1.itemId', 'lines.2.itemId', 'lines.3.unitPrice', 'lines.4.name', 'lines.4.unitPrice', 'lines.5.name']);
    expect(await refused({ ...base, lines: [{ itemId: bryonia, quantity: 0 }] })).toEqual(['lines.0.quantity']);
    expect(await refused({ ...base, lines: [{ itemId: bryonia, quantity: 100 }] })).toEqual(['lines.0.quantity']);
    expect(await refused({ ...base, lines: [{ itemId: bryonia, quantity: 1.5 }] })).toEqual(['lines.0.quantity']);
    expect(await refused({ ...base, lines: [] })).toEqual(['lines']);
    expect(await refused({ ...base, locationId: '00000000-0000-4000-8000-000000000000', lines: [{ itemId: bryonia, quantity: 1 }] })).toEqual(['locationId']);
    expect(await refused({ ...base, fulfilment: 'delivery', lines: [{ itemId: bryonia, quantity: 1 }] })).toEqual(['deliveryAddress']);
    expect(await refused({ ...base, fulfilment: 'delivery', deliveryAddress: '   ', lines: [{ itemId: bryonia, quantity: 1 }] })).toEqual(['deliveryAddress']);
    expect(await refused({ ...base, fulfilment: 'drone', lines: [{ itemId: bryonia, quantity: 1 }] })).toEqual(['fulfilment']);
    expect((await t.db().query('select 1 from orders')).rows).toHaveLength(0);
  });

  it("another doctor's appointment is refused (403), an unknown one 404, a patient 403, nothing saved", async () => {
    const { patient, doctor, bryonia, kothrud, url } = await completed();
    const body = { lines: [{ itemId: bryonia, quantity: 1 }], paymentMode: 'Card', locationId: kothrud, fulfilment: 'pickup' };
    const other = await t.staff('doctor', kavita.email);
    for (const path of [`${url}/preview`, url]) {
      expect((await staffCall(t.app(), other, 'POST', path, body)).statusCode).toBe(403);
      expect((await staffCall(t.app(), patient, 'POST', path, body)).statusCode).toBe(403);
      expect((await staffCall(t.app(), doctor, 'POST', path.replace(/appointments\/[^/]+/, 'appointments/00000000-0000-4000-8000-000000000000'), body)).statusCode).toBe(404);
    }
    expect((await t.db().query('select 1 from orders')).rows).toHaveLength(0);
    // The locations an order is filled at: any staff's, not a patient's.
    const pharmacies = await staffCall(t.app(), other, 'GET', '/pharmacies');
    expect(pharmacies.json()).toEqual(expect.arrayContaining([{ _id: kothrud, name: pharmacyName }]));
    expect((await staffCall(t.app(), patient, 'GET', '/pharmacies')).statusCode).toBe(403);
  });

  it('an order made before the dispensary (a bare total) still reads as it did', async () => {
    const { patient, appointment } = await completed();
    await t.db().query(`insert into orders (appointment_id, pharmacy_id, total_price) values ($1, 'PH-7', 349.5)`, [appointment._id]);
    const listed = (await listOf(t.app(), patient, patient.email)).json() as { _id: string; order: unknown }[];
    expect(listed.find((a) => a._id === appointment._id)!.order).toEqual({
      _id: expect.any(String),
      appointmentId: appointment._id,
      totalPrice: 349.5,
      paymentMode: 'Card',
      paymentStatus: 'Pending',
      orderStatus: 'Placed',
      pharmacyId: 'PH-7',
    });
  });
});
