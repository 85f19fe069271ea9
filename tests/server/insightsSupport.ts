/**
 * The owner's view's test rows and its plain SQL (docs/insights.md's definitions written out
 * again): shared by insights.test.ts and insights.rounds.test.ts.
 */
import { expect } from 'vitest';
import type { Database } from '../../server/db/database.js';

type Via = 'online' | 'desk' | 'walkin';
export interface Visit {
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

export async function visit(db: Database, v: Visit): Promise<string> {
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

export async function pay(db: Database, p: { appointment?: string; order?: string; user: string; paise: number; provider: string; method?: string; settled: string; status?: string }) {
  const { rows } = await db.query<{ id: string }>(
    `insert into payments (merchant_order_id, provider, purpose, appointment_id, order_id, user_id, amount_paise, status, counter_method, created_at, updated_at, settled_at)
     values ('INS' || md5(random()::text), $1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9) returning id`,
    [p.provider, p.order ? 'order' : 'appointment', p.appointment ?? null, p.order ?? null, p.user, p.paise, p.status ?? 'paid', p.method ?? null, p.settled],
  );
  return rows[0]!.id;
}

export async function order(db: Database, appointment: string, rupees: number): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into orders (appointment_id, total_price, payment_mode, payment_status, order_status, subtotal, tax_rate_bp, tax)
     values ($1, $2, 'Card', 'Completed', 'Placed', $2, 0, 0) returning id`,
    [appointment, rupees],
  );
  return rows[0]!.id;
}

export async function refund(db: Database, subject: { payment?: string; appointment?: string; order?: string }, at: string) {
  await db.query(
    `insert into refund_resolutions (payment_id, appointment_id, order_id, note, resolved_by_email, resolved_at) values ($1, $2, $3, 'paid back', 'office@example.com', $4)`,
    [subject.payment ?? null, subject.appointment ?? null, subject.order ?? null, at],
  );
}

export async function patients(db: Database, n: number): Promise<string[]> {
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

export const insightsUrl = (q: Record<string, string>) => `/insights?${new URLSearchParams(q).toString()}`;

/** A small deterministic random source, so a failure can be replayed. */
export function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
export const pick = <T,>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

export const confirmed = `(booked_via <> 'online' or payment_status in ('paid', 'due', 'refund') or status in ('Completed', 'Missed') or (status = 'Cancelled' and hold_expires_at is null))`;

/** The answer's figures against plain SQL over the same rows (docs/insights.md's definitions, written out again). */
export async function expectPlain(db: Database, answer: any, f: { from: string; to: string; locationId?: string; doctorId?: string; type?: string }) {
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
