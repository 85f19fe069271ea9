/**
 * The owner's view's daily figures (migration 053: insights_visits, insights_lead,
 * insights_first_visits, kept by the appointments' triggers) under random rounds of writes:
 * bookings, moves across days and months, cancellations, payment states changing, refunds
 * recorded in a later month, payments around the clinic's midnight, deletions; after each round
 * the kept tables equal the same figures grouped again from appointments, and the answer equals
 * the plain SQL (insightsSupport.ts expectPlain). On PostgreSQL, two writers at once on their own
 * connections (concurrent transactions on the same people and days) leave them equal too.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { deskStaff, seedIds } from './deskSupport.js';
import { staffOk } from './dispensarySupport.js';
import { backends } from './helpers.js';
import { expectPlain, insightsUrl, order, patients, pay, pick, random, refund, visit } from './insightsSupport.js';

const confirmed = `(booked_via <> 'online' or payment_status in ('paid', 'due', 'refund') or status in ('Completed', 'Missed') or (status = 'Cancelled' and hold_expires_at is null))`;
const seen = `(status <> 'Cancelled' and (booked_via <> 'online' or payment_status in ('paid', 'due', 'refund') or status in ('Completed', 'Missed')))`;

/** The kept tables and the same figures grouped again from appointments, each sorted. */
async function expectKeptEqualsPlain(db: Queryable) {
  const rows = async (sql: string) => (await db.query(sql)).rows.map((r) => JSON.stringify(r)).sort();
  const visitCols = `to_char(day, 'YYYY-MM-DD') as day, location_id, doctor_id, consultation_type, booked_via, status, n`;
  expect(await rows(`select ${visitCols} from insights_visits where n <> 0`)).toEqual(
    await rows(`select ${visitCols} from (select date as day, location_id, doctor_id, consultation_type, booked_via, status, count(*)::int as n
                  from appointments where ${confirmed} group by 1, 2, 3, 4, 5, 6) as plain`),
  );
  const lead = `greatest(0, date - (created_at at time zone 'Asia/Kolkata')::date)`;
  expect(await rows(`select to_char(day, 'YYYY-MM-DD') as day, location_id, doctor_id, consultation_type, lead_days, n from insights_lead where n <> 0`)).toEqual(
    await rows(`select to_char(date, 'YYYY-MM-DD') as day, location_id, doctor_id, consultation_type, ${lead} as lead_days, count(*)::int as n
                  from appointments where ${confirmed} and booked_via <> 'walkin' group by date, 2, 3, 4, 5`),
  );
  expect(await rows(`select user_id, family_member_id, to_char(first_date, 'YYYY-MM-DD') as first from insights_first_visits`)).toEqual(
    await rows(`select user_id, family_member_id, to_char(min(date), 'YYYY-MM-DD') as first from appointments where ${seen} group by 1, 2`),
  );
  expect(await rows(`select user_id, family_member_id, to_char(day, 'YYYY-MM-DD') as day, n, to_char(prev_day, 'YYYY-MM-DD') as prev from insights_seen_days`)).toEqual(
    await rows(`select user_id, family_member_id, to_char(date, 'YYYY-MM-DD') as day, count(*)::int as n,
                       to_char(lag(date) over (partition by user_id, family_member_id order by date), 'YYYY-MM-DD') as prev
                  from appointments where ${seen} group by 1, 2, date`),
  );
  const moneyCols = `to_char(day, 'YYYY-MM-DD') as day, location_id, doctor_id, consultation_type, kind, mode, paise::text, n`;
  expect(await rows(`select ${moneyCols} from insights_money where n <> 0`)).toEqual(await rows(`select ${moneyCols} from (${plainMoney}) as plain`));
}

const mode = `case when p.provider in ('phonepe', 'sandbox') then 'online' when p.provider = 'cash' then 'cash' else p.counter_method end`;
/** The money as docs/insights.md defines it, grouped by clinic day, location, doctor, type, kind and mode. */
const plainMoney = `select day, location_id, doctor_id, consultation_type, kind, mode, sum(paise) as paise, count(*)::int as n from (
    select (p.settled_at at time zone 'Asia/Kolkata')::date as day, a.location_id, a.doctor_id, a.consultation_type,
           case p.purpose when 'appointment' then 'fees' else 'pharmacy' end as kind, ${mode} as mode, p.amount_paise as paise
      from payments p left join orders o on o.id = p.order_id join appointments a on a.id = coalesce(p.appointment_id, o.appointment_id)
     where p.status in ('paid', 'refund')
    union all
    select (r.resolved_at at time zone 'Asia/Kolkata')::date, a.location_id, a.doctor_id, a.consultation_type, 'refunds', coalesce(${mode}, 'other'),
           coalesce(p.amount_paise, round(o.total_price * 100)::bigint, round(a.consultation_fee * 100)::bigint)
      from refund_resolutions r left join payments p on p.id = r.payment_id left join orders o on o.id = coalesce(r.order_id, p.order_id)
      join appointments a on a.id = coalesce(r.appointment_id, p.appointment_id, o.appointment_id)
  ) as m group by 1, 2, 3, 4, 5, 6`;

const dayOf = (r: () => number) => new Date(Date.UTC(2025, 0, 1 + Math.floor(r() * 90))).toISOString().slice(0, 10);
/** An instant within two hours of a clinic midnight (18:30 UTC). */
const nearMidnight = (r: () => number, day: string) => new Date(Date.parse(`${day}T18:30:00Z`) + Math.floor((r() - 0.5) * 4 * 3600000)).toISOString();

interface Clinic {
  db: Queryable;
  r: () => number;
  people: string[];
  doctors: string[];
  locations: string[];
  booked: string[];
}

/** One random write; the appointment ids it makes or drops are kept in `booked`. */
async function randomWrite(c: Clinic): Promise<void> {
  const { db, r } = c;
  const kind = c.booked.length < 5 ? 'book' : pick(r, ['book', 'book', 'move', 'move', 'cancel', 'payState', 'refund', 'pay', 'delete', 'complete', 'money', 'money', 'place'] as const);
  const id = pick(r, c.booked.length ? c.booked : ['']);
  if (kind === 'book') {
    const date = dayOf(r);
    const via = pick(r, ['online', 'online', 'desk', 'walkin'] as const);
    const online = via !== 'walkin' && r() < 0.3;
    c.booked.push(
      await visit(db as Database, {
        user: pick(r, c.people),
        doctor: pick(r, c.doctors),
        location: online ? null : pick(r, c.locations),
        type: online ? pick(r, ['Video', 'Chat', 'Call']) : 'Clinic Visit',
        date,
        status: pick(r, ['Booked', 'Booked', 'Completed', 'Missed', 'Cancelled']),
        pay: pick(r, ['paid', 'due', 'failed', 'pending', 'refund']),
        via,
        holdExpires: r() < 0.5 ? '2025-01-01T00:00:00Z' : null,
        created: new Date(Date.parse(`${date}T12:00:00Z`) - Math.floor(r() * 40) * 86400000 - Math.floor(r() * 86400000)).toISOString(),
      }),
    );
  } else if (kind === 'move') {
    // Across days, and often across a month.
    await db.query(`update appointments set date = $2::date, doctor_id = case when $3 then doctor_id else $4::uuid end where id = $1`, [id, dayOf(r), r() < 0.7, pick(r, c.doctors)]);
  } else if (kind === 'cancel') {
    await db.query(`update appointments set status = 'Cancelled', payment_status = case when payment_status = 'paid' then 'refund' else 'failed' end where id = $1`, [id]);
  } else if (kind === 'payState') {
    await db.query(`update appointments set payment_status = $2 where id = $1`, [id, pick(r, ['paid', 'due', 'failed', 'pending', 'refund'])]);
  } else if (kind === 'complete') {
    await db.query(`update appointments set status = $2 where id = $1`, [id, pick(r, ['Completed', 'Missed', 'Booked'])]);
  } else if (kind === 'pay' || kind === 'refund') {
    const { rows } = await db.query<{ user_id: string; date: string }>(`select user_id, to_char(date, 'YYYY-MM-DD') as date from appointments where id = $1`, [id]);
    if (!rows[0]) return;
    const paymentId = await pay(db as Database, { appointment: id, user: rows[0].user_id, paise: 10000 + Math.floor(r() * 50000), ...(r() < 0.5 ? { provider: 'counter', method: 'upi' } : { provider: pick(r, ['phonepe', 'sandbox']) }), settled: nearMidnight(r, rows[0].date), status: kind === 'refund' ? 'refund' : 'paid' });
    // Refunded a month or two later.
    if (kind === 'refund') await refund(db as Database, { payment: paymentId }, nearMidnight(r, new Date(Date.parse(`${rows[0].date}T00:00:00Z`) + (30 + Math.floor(r() * 30)) * 86400000).toISOString().slice(0, 10)));
  } else if (kind === 'money') {
    await moneyWrite(c, id);
  } else if (kind === 'place') {
    // A move to another location (or online) or a fee changed: its payments' and refunds' money follows.
    const [location, type] = r() < 0.3 ? [null, 'Video'] : [pick(r, c.locations), 'Clinic Visit'];
    if (r() < 0.5) await db.query(`update appointments set location_id = $2, consultation_type = $3 where id = $1 and (booked_via <> 'walkin' or $3 = 'Clinic Visit')`, [id, location, type]);
    else await db.query(`update appointments set consultation_fee = $2 where id = $1`, [id, 300 + Math.floor(r() * 900)]);
  } else {
    const gone = await db.query(
      `delete from appointments a where id = $1 and not exists (select 1 from payments p where p.appointment_id = a.id)
          and not exists (select 1 from orders o where o.appointment_id = a.id) and not exists (select 1 from refund_resolutions r where r.appointment_id = a.id) returning id`,
      [id],
    );
    if (gone.rows.length) c.booked.splice(c.booked.indexOf(id), 1);
  }
}

/**
 * A write to the money alone: a pharmacy order with its payment (refunded by the order or the
 * payment), a refund of the appointment itself, an order's total, a payment's state, amount,
 * mode or settling moved, a payment or refund removed.
 */
async function moneyWrite(c: Clinic, id: string): Promise<void> {
  const { db, r } = c;
  const what = pick(r, ['order', 'refundVisit', 'total', 'payment', 'payment', 'unrefund'] as const);
  const { rows } = await db.query<{ user_id: string; date: string; order_id: string | null }>(
    `select a.user_id, to_char(a.date, 'YYYY-MM-DD') as date, o.id as order_id from appointments a left join orders o on o.appointment_id = a.id where a.id = $1`,
    [id],
  );
  const a = rows[0];
  if (!a) return;
  const later = (days: number) => nearMidnight(r, new Date(Date.parse(`${a.date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10));
  if (what === 'order' && a.order_id === null) {
    const o = await order(db as Database, id, 100 + Math.floor(r() * 400));
    const paid = await pay(db as Database, { order: o, user: a.user_id, paise: 5000 + Math.floor(r() * 20000), provider: pick(r, ['cash', 'phonepe']), settled: later(0) });
    if (r() < 0.4) await refund(db as Database, r() < 0.5 ? { order: o } : { payment: paid }, later(20));
  } else if (what === 'refundVisit') {
    await db.query(
      `insert into refund_resolutions (appointment_id, note, resolved_by_email, resolved_at)
       select $1, 'paid back', 'office@example.com', $2 where not exists (select 1 from refund_resolutions where appointment_id = $1)`,
      [id, later(3)],
    );
  } else if (what === 'total' && a.order_id !== null) {
    await db.query(`update orders set total_price = $2, subtotal = $2 where id = $1`, [a.order_id, 50 + Math.floor(r() * 500)]);
  } else if (what === 'payment') {
    const change = pick(r, [`status = 'failed'`, `status = 'paid'`, `status = 'refund'`, `amount_paise = amount_paise + 1000`, `settled_at = settled_at + interval '7 hours'`,
      `provider = 'counter', counter_method = 'card'`]);
    await db.query(`update payments set ${change} where appointment_id = $1 or order_id = $2`, [id, a.order_id]);
  } else if (what === 'unrefund') {
    await db.query(`delete from refund_resolutions where appointment_id = $1 or order_id = $2 or payment_id in (select p.id from payments p where p.appointment_id = $1 or p.order_id = $2)`, [id, a.order_id]);
  }
}

describe.each(backends)('%s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('random rounds of bookings, moves, cancellations, payment changes, refunds and deletions keep the daily figures equal to plain SQL', async () => {
    const { admin } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const db = t.db();
    const c: Clinic = { db, r: random(53), people: await patients(db, 12), doctors: [ids.meera, ids.kavita], locations: [ids.aundh, ids.kothrud], booked: [] };
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 25; i++) await randomWrite(c);
      // A statement that changes many rows at once (a day's bookings moved to the next day).
      if (round % 3 === 2) await db.query(`update appointments set date = date + 1 where date = (select min(date) from appointments)`);
      // A transaction of several writes, rolled back: nothing of it is kept.
      await db.transaction(async (tx) => {
        await randomWrite({ ...c, db: tx, booked: [...c.booked] });
        throw new Error('rolled back');
      }).catch(() => undefined);
      await expectKeptEqualsPlain(db);
    }
    const views: { from: string; to: string; doctorId?: string; locationId?: string }[] = [{ from: '2025-02-01', to: '2025-02-28' }, { from: '2025-01-15', to: '2025-03-15', doctorId: ids.kavita }, { from: '2025-01-01', to: '2025-03-31', locationId: ids.aundh }];
    for (const q of views) {
      await expectPlain(db, await staffOk(t.app(), admin, 'GET', insightsUrl({ ...q, grain: 'week' })), q);
    }
  });

  it.runIf(backend === 'postgres')('two writers at once on their own connections (the same people, doctors and days) leave the daily figures equal to plain SQL', async () => {
    const ids = await seedIds(t.db());
    const people = await patients(t.db(), 4);
    const url = (t.db() as unknown as { url?: string }).url ?? process.env.TEST_DATABASE_URL;
    const { rows } = await t.db().query<{ db: string }>('select current_database() as db');
    const address = new URL(url!);
    address.pathname = `/${rows[0]!.db}`;
    const writer = async (seed: number) => {
      const client = new pg.Client({ connectionString: address.toString() });
      await client.connect();
      const booked: string[] = [];
      const c: Clinic = { db: client as unknown as Queryable, r: random(seed), people, doctors: [ids.meera, ids.kavita], locations: [ids.aundh], booked };
      try {
        for (let i = 0; i < 30; i++) {
          await client.query('begin');
          try {
            for (let j = 0; j < 3; j++) await randomWrite(c);
            // Held open a moment so that the other writer's statements interleave.
            await client.query('select pg_sleep(0.005)');
            await client.query('commit');
          } catch (error) {
            await client.query('rollback');
            // Two writers taking the same rows the other way round: PostgreSQL ends one of them.
            if ((error as { code?: string }).code !== '40P01') throw error;
          }
        }
      } finally {
        await client.end();
      }
    };
    await Promise.all([writer(1), writer(2)]);
    await expectKeptEqualsPlain(t.db());
  });
});
