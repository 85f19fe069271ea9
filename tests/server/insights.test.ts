/**
 * The owner's view (docs/insights.md) on both backends: who may see what (a patient 404, reception
 * 403, a doctor only their own figures), the period's checks, a hand-made month whose edges are
 * the point (a move across the boundary, a cancellation after it, a payment settled after the
 * clinic's midnight but before UTC's, a refund recorded in the next month), and a generated
 * clinic where every figure equals a plain SQL count or sum over the same rows.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { deskStaff, seedIds } from './deskSupport.js';
import { staffApi, staffOk } from './dispensarySupport.js';
import { backends } from './helpers.js';

type Via = 'online' | 'desk' | 'walkin';
interface Visit {
  user: string;
  doctor: string;
  location: string | null;
  date: string;
  time?: string;
  type?: string;
  status?: string;
  pay?: string;
  via?: Via;
  /** ISO instant the booking was made. */
  created?: string;
  holdExpires?: string | null;
}

let numbers = 0;

async function visit(db: Database, v: Visit): Promise<string> {
  const type = v.type ?? (v.location ? 'Clinic Visit' : 'Video');
  const { rows } = await db.query<{ id: string }>(
    `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type, consultation_fee,
                               first_name, last_name, email, phone_number, age, gender, status, payment_status, holds_slot, hold_expires_at,
                               booked_via, created_at, updated_at)
     values ('SHC-25-' || lpad(nextval('appointment_number_seq')::text, 7, '0'), $1, $2, $3, $4, $5, $6, 500, 'Ins', 'Ights', 'ins@example.com',
             '9876543210', 40, 'female', $7, $8, false, $9, $10, $11, $11) returning id`,
    [v.user, v.doctor, v.location, v.date, v.time ?? `${String(8 + (numbers++ % 10)).padStart(2, '0')}:${String((numbers * 7) % 60).padStart(2, '0')}`,
      type, v.status ?? 'Completed', v.pay ?? 'paid', v.holdExpires ?? null, v.via ?? 'online', v.created ?? `${v.date}T00:00:00+05:30`],
  );
  return rows[0]!.id;
}

async function pay(db: Database, p: { appointment?: string; order?: string; user: string; paise: number; provider: string; method?: string; settled: string; status?: string }) {
  const { rows } = await db.query<{ id: string }>(
    `insert into payments (merchant_order_id, provider, purpose, appointment_id, order_id, user_id, amount_paise, status, counter_method, created_at, updated_at, settled_at)
     values ('INS' || md5(random()::text), $1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9) returning id`,
    [p.provider, p.order ? 'order' : 'appointment', p.appointment ?? null, p.order ?? null, p.user, p.paise, p.status ?? 'paid', p.method ?? null, p.settled],
  );
  return rows[0]!.id;
}

async function order(db: Database, appointment: string, rupees: number): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into orders (appointment_id, total_price, payment_mode, payment_status, order_status, subtotal, tax_rate_bp, tax)
     values ($1, $2, 'Card', 'Completed', 'Placed', $2, 0, 0) returning id`,
    [appointment, rupees],
  );
  return rows[0]!.id;
}

async function refund(db: Database, subject: { payment?: string; appointment?: string; order?: string }, at: string) {
  await db.query(
    `insert into refund_resolutions (payment_id, appointment_id, order_id, note, resolved_by_email, resolved_at) values ($1, $2, $3, 'paid back', 'office@example.com', $4)`,
    [subject.payment ?? null, subject.appointment ?? null, subject.order ?? null, at],
  );
}

async function patients(db: Database, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role)
       values ($1, 'Ins', 'Patient', 30, 'female', '9876543210', 'google', 'patient') returning id`,
      [`insights-${i}-${Math.random().toString(36).slice(2)}@example.com`],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

const insightsUrl = (q: Record<string, string>) => `/insights?${new URLSearchParams(q).toString()}`;

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
const pick = <T,>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

const confirmed = `(booked_via <> 'online' or payment_status in ('paid', 'due', 'refund') or status in ('Completed', 'Missed') or (status = 'Cancelled' and hold_expires_at is null))`;

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

/** The answer's figures against plain SQL over the same rows (docs/insights.md's definitions, written out again). */
async function expectPlain(db: Database, answer: any, f: { from: string; to: string; locationId?: string; doctorId?: string; type?: string }) {
  const where = `a.date between $1::date and $2::date and ($3::uuid is null or a.location_id = $3) and ($4::uuid is null or a.doctor_id = $4) and ($5::text is null or a.consultation_type = $5)`;
  const params = [f.from, f.to, f.locationId ?? null, f.doctorId ?? null, f.type ?? null];
  const one = async (sql: string) => (await db.query<{ n: number | null }>(sql, params)).rows[0]!.n;
  const count = (extra: string) => one(`select count(*)::int as n from appointments a where ${where} and ${confirmed.replace(/\b(booked_via|payment_status|status|hold_expires_at)\b/g, 'a.$1')} and ${extra}`);
  const c = answer.current;
  expect(c.consultations.booked).toBe(await count('true'));
  expect(c.consultations.completed).toBe(await count(`a.status = 'Completed'`));
  expect(c.consultations.cancelled).toBe(await count(`a.status = 'Cancelled'`));
  expect(c.consultations.noShows).toBe(await count(`a.status = 'Missed'`));
  expect(c.channels.walkin).toBe(await count(`a.booked_via = 'walkin'`));
  expect(c.channels.desk).toBe(await count(`a.booked_via = 'desk'`));
  expect(c.consultations.booked).toBeGreaterThan(0);

  const sumOf = async (sql: string) => Number((await db.query<{ n: string | null }>(sql, params)).rows[0]!.n ?? 0) / 100;
  const paymentsIn = (purpose: string) =>
    sumOf(`select sum(p.amount_paise)::text as n from payments p left join orders o on o.id = p.order_id
             join appointments a on a.id = coalesce(p.appointment_id, o.appointment_id)
            where p.status in ('paid', 'refund') and p.purpose = '${purpose}'
              and (p.settled_at at time zone 'Asia/Kolkata')::date between $1::date and $2::date
              and ($3::uuid is null or a.location_id = $3) and ($4::uuid is null or a.doctor_id = $4) and ($5::text is null or a.consultation_type = $5)`);
  expect(c.revenue.fees).toBe(await paymentsIn('appointment'));
  expect(c.revenue.pharmacy).toBe(await paymentsIn('order'));
  const refunds = await sumOf(`select sum(coalesce(p.amount_paise, o.total_price * 100, a.consultation_fee * 100))::text as n
       from refund_resolutions r left join payments p on p.id = r.payment_id
       left join orders o on o.id = coalesce(r.order_id, p.order_id)
       join appointments a on a.id = coalesce(r.appointment_id, p.appointment_id, o.appointment_id)
      where (r.resolved_at at time zone 'Asia/Kolkata')::date between $1::date and $2::date
        and ($3::uuid is null or a.location_id = $3) and ($4::uuid is null or a.doctor_id = $4) and ($5::text is null or a.consultation_type = $5)`);
  expect(c.revenue.refunds).toBeCloseTo(refunds, 2);

  const conf = confirmed.replace(/\b(booked_via|payment_status|status|hold_expires_at)\b/g, 'a.$1');
  expect(c.patients.seen).toBe(await one(`select count(distinct a.user_id)::int as n from appointments a where ${where} and ${conf} and a.status <> 'Cancelled'`));
  expect(c.patients.returning).toBe(
    await one(`select count(distinct a.user_id)::int as n from appointments a where ${where} and ${conf} and a.status <> 'Cancelled'
                 and a.user_id in (select b.user_id from appointments b where b.date < $1::date and b.status <> 'Cancelled'
                   and ${confirmed.replace(/\b(booked_via|payment_status|status|hold_expires_at)\b/g, 'b.$1')})`),
  );
  const lead = `greatest(0, a.date - (a.created_at at time zone 'Asia/Kolkata')::date)`;
  expect(c.leadTime.medianDays).toBe(await one(`select percentile_disc(0.5) within group (order by ${lead})::int as n from appointments a where ${where} and ${conf} and a.booked_via <> 'walkin'`));
  expect(c.leadTime.meanDays).toBe(await one(`select round(avg(${lead}), 1)::float8 as n from appointments a where ${where} and ${conf} and a.booked_via <> 'walkin'`));

  if (answer.utilisation && !f.locationId && !f.type) {
    for (const row of answer.utilisation) {
      const available = await one(
        `select coalesce(sum(extract(epoch from h.end_time - h.start_time) / 60), 0)::int as n
           from generate_series('${f.from}'::date, '${f.to}'::date, interval '1 day') as g(day)
           join (select doctor_id, weekday, start_time, end_time from doctor_hours union all select doctor_id, weekday, start_time, end_time from doctor_online_hours) h
             on h.weekday = extract(dow from g.day) and h.doctor_id = '${row.doctorId}'
          where not exists (select 1 from doctor_leave l where l.doctor_id = h.doctor_id and g.day between l.from_date and l.to_date)
            and coalesce($1::text, $2::text, $3::text, $4::text, $5::text, '') is not null`,
      );
      expect(row.availableMinutes).toBe(available);
      const booked = await one(
        `select coalesce(sum(d.slot_minutes), 0)::int as n from appointments a join doctors d on d.id = a.doctor_id
          where ${where} and ${conf} and a.status <> 'Cancelled' and a.booked_via <> 'walkin' and a.doctor_id = '${row.doctorId}'`,
      );
      expect(row.bookedMinutes).toBe(booked);
    }
  }
}
