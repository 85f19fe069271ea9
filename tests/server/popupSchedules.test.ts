/**
 * The booking popup's strip (GET /doctor/availability) and doctor step (GET /doctor/nextfree)
 * answered from the day-plan cache (services/popupSchedules.ts) must be what the uncached
 * statements (repositories/availability.ts) answer at the same instant for the same viewer:
 * - under random writes through the app's database (bookings, holds paid, lapsing and left, moves,
 *   cancellations, leave, hours and online hours, clinics linked and unlinked, doctors retired and
 *   back, slot lengths) and a clock that moves (slots begin, holds lapse), on both backends;
 * - across two instances on PostgreSQL: a booking or a change on one shows on the other at once
 *   (its notice, LISTEN day_plans), waited for as a condition.
 *
 * The test clock starts on Tuesday 11 March 2025 at 10:00 in the clinic.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { addDays, clinicClock } from '../../contract/clinicTime.js';
import type { Database } from '../../server/db/database.js';
import { loadAvailability, loadNextFree } from '../../server/repositories/availability.js';
import { lastBookableDate } from '../../server/services/schedule.js';
import { minute } from './accountsSupport.js';
import { backends } from './helpers.js';
import { booked, eventually, meera, today, useBookingApp, withPostgresInstance, type Patient } from './paymentSupport.js';

const horizonDays = 90;

/** A small seeded generator (mulberry32), so that a failing run can be repeated. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]!, chance: (p: number) => next() < p };
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

interface Asked {
  doctorEmail: string;
  place: string;
  from?: string;
  viewer: Patient | null;
}

/** The app's strip (through the cache) and the statement's at the same instant, side by side. */
async function stripBoth(app: FastifyInstance, db: Database, now: Date, a: Asked) {
  const query: Record<string, string> = {};
  if (a.place !== '') query.location = a.place;
  if (a.from) query.from = a.from;
  const res = await app.inject({
    method: 'GET',
    url: `/api/doctor/availability/${encodeURIComponent(a.doctorEmail)}`,
    query,
    headers: a.viewer ? a.viewer.headers : {},
  });
  const clock = clinicClock(now);
  const last = lastBookableDate(now, horizonDays);
  const from = a.from ?? clock.date;
  const windowEnd = addDays(from, 13);
  const row = await loadAvailability(db, {
    doctorEmail: a.doctorEmail, place: a.place, from, to: windowEnd < last ? windowEnd : last,
    today: clock.date, nowMinutes: clock.minutes, last, now, viewerId: a.viewer?.id ?? null,
  });
  const body = res.json() as { days?: unknown; next?: unknown };
  return {
    cached: res.statusCode === 200 ? { days: body.days, next: body.next } : res.statusCode,
    statement: row ? { days: row.days, next: row.next } : 404,
  };
}

async function nextFreeBoth(app: FastifyInstance, db: Database, now: Date, place: string, viewer: Patient | null) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/doctor/nextfree',
    query: place === '' ? {} : { location: place },
    headers: viewer ? viewer.headers : {},
  });
  const clock = clinicClock(now);
  const rows = await loadNextFree(db, {
    place, today: clock.date, nowMinutes: clock.minutes, last: lastBookableDate(now, horizonDays), now, viewerId: viewer?.id ?? null,
  });
  return { cached: res.statusCode === 200 ? (res.json() as { doctors: unknown }).doctors : res.statusCode, statement: rows ?? 404 };
}

describe.each(backends)('the popup from the day-plan cache on %s', (backend) => {
  const t = useBookingApp(backend);

  it('answers a repeated strip and doctor list without a query, and the first with one', async () => {
    const spy = vi.spyOn(t.db(), 'query');
    try {
      await t.app().inject(`/api/doctor/availability/${encodeURIComponent(meera.email)}?location=Aundh`);
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockClear();
      await t.app().inject(`/api/doctor/availability/${encodeURIComponent(meera.email)}?location=Kothrud`);
      await t.app().inject('/api/doctor/nextfree?location=Aundh');
      await t.app().inject('/api/doctor/nextfree');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('answers as the statements do under random bookings, holds, moves, cancellations, leave, hours, links and a moving clock', async () => {
    const seed = Number(process.env.POPUP_SEED ?? 20261204);
    const r = random(seed);
    const db = t.db();
    const patients = [await t.patient(), await t.patient()];
    const template = await booked(t.app(), patients[0]!, { startTime: '11:00', location: 'Aundh' });
    const doctors = (await db.query<{ id: string; email: string }>('select id, email from doctors order by email')).rows;
    const locations = (await db.query<{ id: string; name: string }>('select id, name from locations order by name')).rows;
    const places = ['', ...locations.map((l) => l.name)];
    const day = () => addDays(clinicClock(t.clock.now()).date, r.int(16));
    // Mostly on a slot of some doctor's grid, sometimes off it.
    const time = () => (r.chance(0.8) ? hhmm(9 * 60 + r.pick([10, 15, 20, 30]) * r.int(20)) : hhmm(8 * 60 + 5 * r.int(12 * 12)));
    const appointmentIds = async () => (await db.query<{ id: string }>('select id from appointments')).rows.map((x) => x.id);
    let number = 0;
    let applied = 0;

    // A booking or hold of any doctor, paid or not, its hold lapsing soon or later, either patient's.
    const hold = () =>
        db.query(
          `insert into appointments select (jsonb_populate_record(a, jsonb_build_object(
             'id', gen_random_uuid(), 'doctor_id', $2::uuid, 'date', $3::date, 'start_time', $4::time, 'user_id', $5::uuid,
             'payment_status', $6::text, 'hold_expires_at', $7::timestamptz, 'holds_slot', true,
             'appointment_number', regexp_replace(a.appointment_number, '[0-9]+$', $8::text)))).*
             from appointments a where a.id = $1
           on conflict do nothing`,
          [template._id, r.pick(doctors).id, day(), time(), r.pick(patients).id, r.pick(['paid', 'due', 'failed', 'pending']),
            new Date(t.clock.now().getTime() + (r.int(240) - 20) * minute), String(900000 + ++number)],
        );
    for (let i = 0; i < 30; i++) await hold();
    const writes: (() => Promise<unknown>)[] = [
      hold,
      hold,
      hold,
      async () => db.query(`update appointments set date = $2, start_time = $3 where id = $1`, [r.pick(await appointmentIds()), day(), time()]),
      async () => db.query(`update appointments set status = 'Cancelled', holds_slot = false where id = $1`, [r.pick(await appointmentIds())]),
      async () => db.query(`update appointments set payment_status = 'paid' where id = $1`, [r.pick(await appointmentIds())]),
      () => {
        const from = day();
        return db.query(`insert into doctor_leave (doctor_id, from_date, to_date) values ($1, $2, $3)`, [r.pick(doctors).id, from, addDays(from, r.int(4))]);
      },
      () => db.query(`delete from doctor_leave where id = (select id from doctor_leave order by ctid offset ${r.int(30)} limit 1)`),
      () => db.query(`update doctor_hours set end_time = $1 where ctid = (select ctid from doctor_hours order by ctid offset ${r.int(30)} limit 1) and start_time < $1`, [hhmm(14 * 60 + 15 * r.int(24))]),
      () => db.query(`update doctor_hours set start_time = $1 where ctid = (select ctid from doctor_hours order by ctid offset ${r.int(30)} limit 1) and end_time > $1`, [time()]),
      () => db.query(`delete from doctor_hours where ctid = (select ctid from doctor_hours order by ctid offset ${r.int(30)} limit 1)`),
      () => db.query(`update doctor_online_hours set end_time = $1 where ctid = (select ctid from doctor_online_hours order by ctid offset ${r.int(30)} limit 1) and start_time < $1`, [hhmm(12 * 60 + 20 * r.int(18))]),
      () => db.query(`delete from doctor_locations where ctid = (select ctid from doctor_locations order by ctid offset ${r.int(30)} limit 1)`),
      () => db.query(`insert into doctor_locations (doctor_id, location_id) values ($1, $2) on conflict do nothing`, [r.pick(doctors).id, r.pick(locations).id]),
      () => db.query(`update doctors set active = not active where id = $1`, [r.pick(doctors).id]),
      () => db.query(`update doctors set slot_minutes = $2 where id = $1`, [r.pick(doctors).id, r.pick([10, 15, 20, 30])]),
    ];

    for (let round = 0; round < 40; round++) {
      // The clock moves most rounds: slots begin and unpaid holds lapse without a write.
      if (r.chance(0.6)) t.clock.advance(r.int(12) * minute);
      if (r.chance(0.85)) {
        try {
          await r.pick(writes)();
          applied++;
        } catch {
          // A write the schema refuses (a constraint or trigger) changes nothing: compared all the same.
        }
      }
      const now = t.clock.now();
      // Unpaid holds, to ask about their doctor, place and day as their patient (whose own hold is free to them) and as others.
      const unpaid = (
        await db.query<{ email: string; place: string | null; user_id: string }>(
          `select d.email, l.name as place, a.user_id from appointments a join doctors d on d.id = a.doctor_id left join locations l on l.id = a.location_id
            where a.holds_slot and a.payment_status not in ('paid', 'due') and a.hold_expires_at > $1 order by a.id`,
          [now],
        )
      ).rows;
      for (let i = 0; i < 4; i++) {
        const hold = unpaid.length > 0 && r.chance(0.5) ? r.pick(unpaid) : null;
        const asked: Asked = hold
          ? { doctorEmail: hold.email, place: hold.place ?? '', viewer: r.chance(0.7) ? patients.find((p) => p.id === hold.user_id)! : null }
          : {
              doctorEmail: r.pick(doctors).email,
              place: r.pick(places),
              from: r.chance(0.5) ? undefined : addDays(clinicClock(now).date, r.int(6)),
              viewer: r.chance(0.4) ? null : r.pick(patients),
            };
        const both = await stripBoth(t.app(), db, now, asked);
        expect(both.cached, `seed ${seed}, round ${round}: ${JSON.stringify({ ...asked, viewer: asked.viewer?.id })}`).toEqual(both.statement);
      }
      const place = r.pick(places);
      const viewer = r.chance(0.5) ? null : r.pick(patients);
      const both = await nextFreeBoth(t.app(), db, now, place, viewer);
      expect(both.cached, `seed ${seed}, round ${round}: nextfree ${place} ${viewer?.id}`).toEqual(both.statement);
    }
    // The schema took most of the writes (the comparison saw real changes).
    expect(applied).toBeGreaterThan(20);
  });

  // Two instances over one database: PostgreSQL only (PGlite lets one process in).
  if (backend === 'postgres') {
    it("a booking on another instance is in this instance's strip and doctor list at once; so are a move, a cancellation and leave", async () => {
      await withPostgresInstance(t, async (other) => {
        const here = () => stripBoth(t.app(), t.db(), t.clock.now(), { doctorEmail: meera.email, place: 'Aundh', viewer: null });
        const list = () => nextFreeBoth(t.app(), t.db(), t.clock.now(), 'Aundh', null);
        const first = await here();
        expect(first.cached).toEqual(first.statement);
        const next = (first.cached as { next: { date: string; time: string } }).next;
        expect(next).toEqual({ date: today, time: '10:15', location: 'Aundh' });
        await list();
        // Cached once the other instance's own start-up writes have been announced: a repeat runs no statement.
        await eventually(async () => {
          await t.app().inject(`/api/doctor/availability/${encodeURIComponent(meera.email)}?location=Aundh`);
          const spy = vi.spyOn(t.db(), 'query');
          try {
            await t.app().inject(`/api/doctor/availability/${encodeURIComponent(meera.email)}?location=Aundh`);
            expect(spy).not.toHaveBeenCalled();
          } finally {
            spy.mockRestore();
          }
        });

        // Booked on the other instance: the soonest slot is taken, and this one shows the next.
        const appointment = await booked(other.app, await t.patient(), { startTime: '10:15', location: 'Aundh' });
        await eventually(async () => {
          const both = await here();
          expect((both.cached as { next: unknown }).next).toEqual({ date: today, time: '10:30', location: 'Aundh' });
          expect(both.cached).toEqual(both.statement);
          const doctors = await list();
          expect(doctors.cached).toEqual(doctors.statement);
        });

        // Moved (as the staff console's move does), then cancelled, on the other instance's pool.
        await other.db.query(`update appointments set start_time = '10:30' where id = $1`, [appointment._id]);
        await eventually(async () => {
          const both = await here();
          expect((both.cached as { next: unknown }).next).toEqual({ date: today, time: '10:15', location: 'Aundh' });
          expect(both.cached).toEqual(both.statement);
        });
        await other.db.query(`update appointments set status = 'Cancelled', holds_slot = false where id = $1`, [appointment._id]);
        await eventually(async () => {
          const both = await here();
          expect(both.cached).toEqual(both.statement);
          expect((both.cached as { days: { free: number }[] }).days[0]!.free).toBe((first.cached as { days: { free: number }[] }).days[0]!.free);
        });

        // Leave today: the strip's first day has nothing free and the doctor list moves on.
        await other.db.query(`insert into doctor_leave (doctor_id, from_date, to_date) select id, $2, $2 from doctors where email = $1`, [meera.email, today]);
        await eventually(async () => {
          const both = await here();
          expect((both.cached as { days: { free: number; onLeave: boolean }[] }).days[0]).toMatchObject({ free: 0, onLeave: true });
          expect(both.cached).toEqual(both.statement);
          const doctors = await list();
          expect(doctors.cached).toEqual(doctors.statement);
        });
      });
    });
  }
});
