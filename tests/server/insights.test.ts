/**
 * The owner's view (docs/insights.md) on both backends: who may see what (a patient 404, reception
 * 403, a doctor only their own figures), the period's checks, a hand-made month whose edges are
 * the point (a move across the boundary, a cancellation after it, a payment settled after the
 * clinic's midnight but before UTC's, a refund recorded in the next month), and a generated
 * clinic where every figure equals a plain SQL count or sum over the same rows.
 */
import { describe, expect, it } from 'vitest';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { deskStaff, seedIds } from './deskSupport.js';
import { staffApi, staffOk } from './dispensarySupport.js';
import { backends } from './helpers.js';
import { expectPlain, insightsUrl, order, patients, pay, pick, random, refund, visit } from './insightsSupport.js';

describe.each(backends)('%s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('who may: nobody 401, a patient 404, reception 403, a doctor their own only (another doctor 404), an admin all', async () => {
    const { admin, reception, doctor } = await deskStaff(t);
    const patient = await t.patient();
    const ids = await seedIds(t.db());
    const app = t.app();
    const url = insightsUrl({ from: '2025-02-01', to: '2025-02-28' });
    expect((await staffApi(app, null, 'GET', url)).statusCode).toBe(401);
    expect((await staffApi(app, patient, 'GET', url)).statusCode).toBe(404);
    const desk = await staffApi(app, reception, 'GET', url);
    expect(desk.statusCode).toBe(403);
    expect(desk.json()).toMatchObject({ code: 'insightsAdminOnly' });

    const [p] = await patients(t.db(), 1);
    await visit(t.db(), { user: p!, doctor: ids.meera, location: ids.aundh, date: '2025-02-10' });
    await visit(t.db(), { user: p!, doctor: ids.kavita, location: ids.aundh, date: '2025-02-11' });
    const own = await staffOk(app, doctor, 'GET', url);
    expect(own.doctorId).toBe(ids.meera);
    expect(own.current.consultations.booked).toBe(1);
    expect(own.choices.doctors.map((d: { id: string }) => d.id)).toEqual([ids.meera]);
    expect(own.byDoctor.map((d: { id: string }) => d.id)).toEqual([ids.meera]);
    expect((await staffOk(app, doctor, 'GET', insightsUrl({ from: '2025-02-01', to: '2025-02-28', doctorId: ids.meera }))).current.consultations.booked).toBe(1);
    expect((await staffApi(app, doctor, 'GET', insightsUrl({ from: '2025-02-01', to: '2025-02-28', doctorId: ids.kavita }))).statusCode).toBe(404);
    const all = await staffOk(app, admin, 'GET', url);
    expect(all.doctorId).toBeNull();
    expect(all.current.consultations.booked).toBe(2);
    expect((await staffOk(app, admin, 'GET', insightsUrl({ from: '2025-02-01', to: '2025-02-28', doctorId: ids.kavita }))).current.consultations.booked).toBe(1);
  });

  it('refuses a period that ends before it starts or is longer than 366 days (400 insightsPeriod), and unknown locations or doctors (404)', async () => {
    const { admin } = await deskStaff(t);
    const app = t.app();
    const backwards = await staffApi(app, admin, 'GET', insightsUrl({ from: '2025-02-10', to: '2025-02-09' }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'insightsPeriod', errors: [{ field: 'to' }] });
    expect((await staffApi(app, admin, 'GET', insightsUrl({ from: '2024-01-01', to: '2025-01-01' }))).json()).toMatchObject({ code: 'insightsPeriod' });
    expect((await staffApi(app, admin, 'GET', insightsUrl({ from: '2024-01-01', to: '2024-12-31' }))).statusCode).toBe(200);
    expect((await staffApi(app, admin, 'GET', insightsUrl({ from: '2025-02-01', to: '2025-02-02', grain: 'hour' }))).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await staffApi(app, admin, 'GET', insightsUrl({ from: '2025-02-01', to: '2025-02-02', locationId: unknown }))).statusCode).toBe(404);
    expect((await staffApi(app, admin, 'GET', insightsUrl({ from: '2025-02-01', to: '2025-02-02', doctorId: unknown }))).statusCode).toBe(404);
  });

  it("a month's edges: moves, cancellations, payments and refunds across the boundary land where docs/insights.md says", async () => {
    const { admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const db = t.db();
    const [asha, ravi, meena] = await patients(db, 3);
    // Asha: seen in January, back in February: returning. Booked on 20 January for 3 February (lead 14 days).
    const jan = await visit(db, { user: asha!, doctor: ids.meera, location: ids.aundh, date: '2025-01-28' });
    await pay(db, { appointment: jan, user: asha!, paise: 50000, provider: 'phonepe', settled: '2025-01-20T10:00:00+05:30' });
    const feb = await visit(db, { user: asha!, doctor: ids.meera, location: ids.aundh, date: '2025-02-03', created: '2025-01-20T09:00:00+05:30', status: 'Booked' });
    // Paid at 18:45 UTC on 31 January: 00:15 on 1 February in the clinic, so February's.
    const febPay = await pay(db, { appointment: feb, user: asha!, paise: 50000, provider: 'phonepe', settled: '2025-01-31T18:45:00Z' });
    // Ravi: booked for 31 January, moved (a move rewrites the date) to 1 February: February's, new.
    const moved = await visit(db, { user: ravi!, doctor: ids.kavita, location: ids.kothrud, date: '2025-01-31', via: 'desk', pay: 'due', status: 'Booked' });
    await db.query(`update appointments set date = '2025-02-01' where id = $1`, [moved]);
    await pay(db, { appointment: moved, user: ravi!, paise: 45000, provider: 'counter', method: 'upi', settled: '2025-02-01T11:00:00+05:30' });
    // Meena: a January visit cancelled by the clinic on 2 February: January's cancellation; its refund recorded in February.
    const cancelled = await visit(db, { user: meena!, doctor: ids.meera, location: null, date: '2025-01-30', status: 'Cancelled', pay: 'refund' });
    const cancelledPay = await pay(db, { appointment: cancelled, user: meena!, paise: 60000, provider: 'phonepe', settled: '2025-01-25T10:00:00+05:30' });
    await refund(db, { payment: cancelledPay }, '2025-02-02T12:00:00+05:30');
    // A walk-in on 28 February (no-show is another status: one Missed on 27 February).
    await visit(db, { user: meena!, doctor: ids.meera, location: ids.aundh, date: '2025-02-28', via: 'walkin', pay: 'paid' });
    await visit(db, { user: ravi!, doctor: ids.meera, location: ids.aundh, date: '2025-02-27', status: 'Missed' });
    // A pharmacy order of Asha's February visit, refunded on 1 March: not February's refund.
    const med = await order(db, feb, 240);
    await pay(db, { order: med, user: asha!, paise: 24000, provider: 'cash', settled: '2025-02-03T18:00:00+05:30' });
    await refund(db, { order: med }, '2025-03-01T09:00:00+05:30');
    // An unpaid hold that lapsed: no booking.
    await visit(db, { user: ravi!, doctor: ids.kavita, location: ids.kothrud, date: '2025-02-05', status: 'Booked', pay: 'failed', holdExpires: '2025-02-01T10:00:00Z' });

    const a = await staffOk(t.app(), admin, 'GET', insightsUrl({ from: '2025-02-01', to: '2025-02-28', grain: 'week' }));
    expect(a.current.consultations).toEqual({ booked: 4, completed: 1, cancelled: 0, noShows: 1, open: 2 });
    expect(a.current.channels).toEqual({ online: 2, desk: 1, walkin: 1 });
    // Asha had January's visit; Ravi's and Meena's January ones are a move (now February) and a cancellation.
    expect(a.current.patients).toEqual({ seen: 3, new: 2, returning: 1 });
    expect(a.current.revenue).toEqual({ fees: 950, pharmacy: 240, refunds: 600, net: 590 });
    expect(a.revenueByMode).toEqual([
      { mode: 'online', fees: 500, pharmacy: 0, refunds: 600, net: -100 },
      { mode: 'cash', fees: 0, pharmacy: 240, refunds: 0, net: 240 },
      { mode: 'upi', fees: 450, pharmacy: 0, refunds: 0, net: 450 },
    ]);
    expect(a.previous).toMatchObject({ from: '2025-01-04', to: '2025-01-31' });
    expect(a.previous.consultations).toEqual({ booked: 2, completed: 1, cancelled: 1, noShows: 0, open: 0 });
    expect(a.previous.revenue).toEqual({ fees: 1100, pharmacy: 0, refunds: 0, net: 1100 });
    // Weeks start on Monday: 27 January's week holds 1 and 2 February.
    expect(a.series.map((b: { start: string }) => b.start)).toEqual(['2025-01-27', '2025-02-03', '2025-02-10', '2025-02-17', '2025-02-24']);
    expect(a.series[0]).toMatchObject({ booked: 1, received: 500 + 450, refunds: 600 });
    // Lead time: Asha's 14 days, Ravi's 1 (booked for 31 January, moved to 1 February), the no-show's 0; the walk-in has none.
    expect(a.current.leadTime).toMatchObject({ medianDays: 1, meanDays: 5, bands: { sameDay: 1, upTo2: 1, upTo14: 1 } });
    expect(a.byType.map((r: { id: string; booked: number }) => [r.id, r.booked])).toEqual([['Clinic Visit', 4]]);

    // March sees the order's refund, and February as its previous period.
    const march = await staffOk(t.app(), admin, 'GET', insightsUrl({ from: '2025-03-01', to: '2025-03-28' }));
    expect(march.current.revenue).toEqual({ fees: 0, pharmacy: 0, refunds: 240, net: -240 });
    expect(march.previous.revenue).toMatchObject({ fees: 950, pharmacy: 240 });
    expect(march.revenueByMode).toEqual([{ mode: 'other', fees: 0, pharmacy: 0, refunds: 240, net: -240 }]);
    void febPay;
  });

  it('on a generated clinic every figure equals a plain SQL count over the same rows, for every filter and for a doctor', async () => {
    const { admin, doctor } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const db = t.db();
    const r = random(35);
    const people = await patients(db, 25);
    const statuses = ['Completed', 'Completed', 'Completed', 'Cancelled', 'Missed', 'Booked'];
    const pays = ['paid', 'paid', 'paid', 'due', 'failed', 'refund', 'pending'];
    for (let i = 0; i < 160; i++) {
      const day = 1 + Math.floor(r() * 75); // 1 January .. 16 March
      const date = new Date(Date.UTC(2025, 0, day)).toISOString().slice(0, 10);
      const online = r() < 0.25;
      const via = pick(r, ['online', 'online', 'desk', 'walkin'] as const);
      const status = pick(r, statuses);
      const payStatus = pick(r, pays);
      const id = await visit(db, {
        user: pick(r, people),
        doctor: pick(r, [ids.meera, ids.kavita]),
        location: online && via !== 'walkin' ? null : pick(r, [ids.aundh, ids.kothrud]),
        type: online && via !== 'walkin' ? pick(r, ['Video', 'Chat', 'Call']) : 'Clinic Visit',
        date,
        status,
        pay: payStatus,
        via,
        holdExpires: r() < 0.5 ? '2025-01-01T00:00:00Z' : null,
        created: new Date(Date.UTC(2025, 0, day) - Math.floor(r() * 20) * 86400000 - Math.floor(r() * 86400000)).toISOString(),
      });
      if (payStatus === 'paid' || payStatus === 'refund') {
        // Settled around the clinic's midnights: within a day of the visit.
        const settled = new Date(Date.UTC(2025, 0, day) - 5.5 * 3600000 + Math.floor(r() * 4) * 3600000 - 2 * 3600000).toISOString();
        const provider = pick(r, ['phonepe', 'counter', 'sandbox']);
        const paymentId = await pay(db, { appointment: id, user: people[0]!, paise: 50000, provider, ...(provider === 'counter' ? { method: pick(r, ['cash', 'upi', 'card']) } : {}), settled, status: payStatus === 'refund' ? 'refund' : 'paid' });
        if (payStatus === 'refund' && r() < 0.7) await refund(db, { payment: paymentId }, new Date(Date.parse(settled) + Math.floor(r() * 10) * 86400000).toISOString());
        if (status === 'Completed' && r() < 0.3) {
          const o = await order(db, id, 120 + Math.floor(r() * 50));
          await pay(db, { order: o, user: people[0]!, paise: 15000, provider: 'cash', settled: new Date(Date.parse(settled) + 3600000).toISOString() });
          if (r() < 0.3) await refund(db, { order: o }, new Date(Date.parse(settled) + 5 * 86400000).toISOString());
        }
      }
    }
    await db.query(`insert into doctor_leave (doctor_id, from_date, to_date) values ($1, '2025-02-10', '2025-02-12')`, [ids.meera]);

    const from = '2025-02-01';
    const to = '2025-02-28';
    const filters: { locationId?: string; doctorId?: string; type?: string }[] = [{}, { locationId: ids.aundh }, { doctorId: ids.kavita }, { type: 'Clinic Visit' }, { type: 'Video' }];
    for (const filter of filters) {
      const answer = await staffOk(t.app(), admin, 'GET', insightsUrl({ from, to, grain: 'month', ...filter }));
      await expectPlain(db, answer, { from, to, ...filter });
      await expectPlain(db, { current: answer.previous }, { from: '2025-01-04', to: '2025-01-31', ...filter });
    }
    const own = await staffOk(t.app(), doctor, 'GET', insightsUrl({ from, to }));
    await expectPlain(db, own, { from, to, doctorId: ids.meera });
  });
});

