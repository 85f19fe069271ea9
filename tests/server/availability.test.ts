/**
 * Availability at a glance: GET /api/doctor/availability/{doctorEmail} (the booking
 * popup's date strip), GET /api/doctor/soonest/online ("Consult online now / soonest") and
 * GET /api/doctor/onlinetimeslot/{doctorEmail}/{date}; online appointments with no location
 * (migration 010). The strip's counts must be what gettimeslot says day by day, from ONE query.
 *
 * The test clock starts on Tuesday 11 March 2025 at 10:00 in the clinic.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { backends } from './helpers.js';
import { book, booked, kavita, meera, messageOf, slotMap, today, useBookingApp, type Patient, type Response } from './paymentSupport.js';

const rohan = { email: 'rohan.patil@sahaj-clinic.example', name: 'Dr. Rohan Patil' };

type Day = { date: string; works: boolean; onLeave: boolean; free: number };
type Strip = { location: string; from: string; to: string; bookableUntil: string; days: Day[]; next: { date: string; time: string; location: string } | null };

const strip = (app: FastifyInstance, email: string, query: Record<string, string> = {}, patient?: Patient) =>
  app.inject({
    method: 'GET',
    url: `/api/doctor/availability/${encodeURIComponent(email)}`,
    query,
    headers: patient ? patient.headers : {},
  }) as Promise<Response>;

async function stripOf(app: FastifyInstance, email: string, query: Record<string, string> = {}, patient?: Patient): Promise<Strip> {
  const res = await strip(app, email, query, patient);
  if (res.statusCode !== 200) throw new Error(`availability answered ${res.statusCode}: ${res.body}`);
  return res.json() as Strip;
}

async function onlineSlotMap(app: FastifyInstance, email: string, date: string, patient?: Patient): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'GET', url: `/api/doctor/onlinetimeslot/${encodeURIComponent(email)}/${date}`, headers: patient ? patient.headers : {} });
  if (res.statusCode !== 200) throw new Error(`onlinetimeslot answered ${res.statusCode}: ${res.body}`);
  return Object.fromEntries((res.json() as { time: string; status: string }[]).map((s) => [s.time, s.status]));
}

const freeIn = (slots: Record<string, string>) => Object.values(slots).filter((s) => s === 'free').length;

describe.each(backends)('availability on %s', (backend) => {
  const t = useBookingApp(backend);

  it("a clinic's strip is two weeks of gettimeslot's free counts, day by day, with the first free slot across the doctor's clinics", async () => {
    const patient = await t.patient();
    await booked(t.app(), patient, { date: today, startTime: '11:00', location: 'Aundh' });
    await t.db().query(
      `insert into doctor_leave (doctor_id, from_date, to_date) select id, '2025-03-16', '2025-03-17' from doctors where email = $1`,
      [meera.email],
    );
    const aundh = await stripOf(t.app(), meera.email, { location: 'Aundh' });
    expect(aundh.from).toBe(today);
    expect(aundh.to).toBe('2025-03-24');
    expect(aundh.location).toBe('Aundh');
    expect(aundh.days).toHaveLength(14);
    for (const day of aundh.days) {
      const slots = await slotMap(t.app(), meera.email, 'Aundh', day.date);
      expect({ date: day.date, free: day.free, works: day.works }).toEqual({ date: day.date, free: freeIn(slots), works: Object.keys(slots).length > 0 });
    }
    // Tuesday at 10:00: 09:00-10:00 have begun and 11:00 is held: 32 - 5 - 1.
    expect(aundh.days[0]).toEqual({ date: today, works: true, onLeave: false, free: 26 });
    // Kothrud is Monday, Thursday and Saturday: Wednesday 12 is an Aundh day.
    expect(aundh.days.find((d) => d.date === '2025-03-13')).toMatchObject({ works: false, free: 0 });
    // Sunday 16 is on leave: works, nothing free.
    expect(aundh.days.find((d) => d.date === '2025-03-16')).toEqual({ date: '2025-03-16', works: true, onLeave: true, free: 0 });
    expect(aundh.next).toEqual({ date: today, time: '10:15', location: 'Aundh' });

    // The same patient sees their own unpaid hold as free, as gettimeslot does.
    expect((await stripOf(t.app(), meera.email, { location: 'Aundh' }, patient)).days[0]!.free).toBe(27);

    // Kothrud works on none of today: its next is the soonest slot across both clinics, today at Aundh.
    const kothrud = await stripOf(t.app(), meera.email, { location: 'Kothrud' });
    expect(kothrud.days[0]).toMatchObject({ works: false, free: 0 });
    expect(kothrud.days.find((d) => d.date === '2025-03-13')).toMatchObject({ works: true, free: 32 });
    expect(kothrud.next).toEqual({ date: today, time: '10:15', location: 'Aundh' });
  });

  it('online hours: the strip, the day list and booking with no location', async () => {
    const online = await stripOf(t.app(), kavita.email);
    expect(online.location).toBe('');
    for (const day of online.days) {
      const slots = await onlineSlotMap(t.app(), kavita.email, day.date);
      expect({ date: day.date, free: day.free }).toEqual({ date: day.date, free: freeIn(slots) });
    }
    // Tuesday online 10:00-13:00 in 20 minutes: 10:00 has begun, 8 left; Sunday has no online hours.
    expect(online.days[0]).toEqual({ date: today, works: true, onLeave: false, free: 8 });
    expect(online.days.find((d) => d.date === '2025-03-16')).toMatchObject({ works: false, free: 0 });
    expect(online.next).toEqual({ date: today, time: '10:20', location: '' });

    const patient = await t.patient();
    const res = await book(t.app(), patient, { doctorEmail: kavita.email, location: '', consultationType: 'Video', startTime: '10:20' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ location: '', consultationType: 'Video', startTime: '10:20' });
    const row = await t.db().query<{ location_id: string | null }>('select location_id from appointments where id = $1', [res.json()._id]);
    expect(row.rows[0]!.location_id).toBeNull();
    expect((await onlineSlotMap(t.app(), kavita.email, today))['10:20']).toBe('booked');
    expect((await stripOf(t.app(), kavita.email)).days[0]!.free).toBe(7);
    // A doctor sees one patient at a time: the online booking holds the slot at a clinic too (Aundh, Tuesday).
    expect((await slotMap(t.app(), kavita.email, 'Aundh', today))['10:20']).toBe('booked');

    // Not an online slot (10:10 is not cut from 10:00 in 20 minutes); no online hours on Sunday.
    const off = await book(t.app(), patient, { doctorEmail: kavita.email, location: '', consultationType: 'Chat', startTime: '10:10' });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual([expect.objectContaining({ field: 'startTime' })]);
    const sunday = await book(t.app(), patient, { doctorEmail: kavita.email, location: '', consultationType: 'Call', date: '2025-03-16', startTime: '10:00' });
    expect(sunday.statusCode).toBe(400);
    // A Clinic Visit names a clinic.
    const visit = await book(t.app(), patient, { doctorEmail: meera.email, location: '', consultationType: 'Clinic Visit', startTime: '11:00' });
    expect(visit.statusCode).toBe(400);
    expect(visit.json().errors).toEqual([{ field: 'location', message: 'is required for a Clinic Visit' }]);
    expect(messageOf(visit)).toBe('Please choose a location for a Clinic Visit.');
    const count = await t.db().query<{ n: number }>(`select count(*)::int as n from appointments where user_id = $1`, [patient.id]);
    expect(count.rows[0]!.n).toBe(1);
  });

  it('finds the soonest free slot weeks ahead, past leave and a full day, and none when the horizon has none', async () => {
    const leave = (from: string, to: string) =>
      t.db().query(`insert into doctor_leave (doctor_id, from_date, to_date) select id, $2, $3 from doctors where email = $1`, [meera.email, from, to]);
    // Leave from today to 1 April; 2 April (a Wednesday: Aundh only) held but for one slot.
    await leave(today, '2025-04-01');
    const day = '2025-04-02';
    const times = Object.keys(await slotMap(t.app(), meera.email, 'Aundh', day));
    const kept = times[Math.floor(times.length / 2)]!;
    const first = await booked(t.app(), await t.patient(), { date: day, startTime: times[0]!, location: 'Aundh' });
    // The rest of the day as paid copies of that booking (the API would need a patient per few slots).
    await t.db().query(
      `insert into appointments
       select (jsonb_populate_record(a, jsonb_build_object(
                 'id', gen_random_uuid(), 'start_time', s.time, 'payment_status', 'paid',
                 'appointment_number', regexp_replace(a.appointment_number, '[0-9]+$', lpad((900000 + s.n)::text, 6, '0'))))).*
         from appointments a, unnest($2::time[]) with ordinality as s(time, n)
        where a.id = $1`,
      [first._id, times.slice(1).filter((time) => time !== kept)],
    );
    const slots = await slotMap(t.app(), meera.email, 'Aundh', day);
    expect(Object.keys(slots).filter((time) => slots[time] === 'free')).toEqual([kept]);
    // The first page is all leave; the soonest is that one slot, three weeks on, at Aundh.
    const kothrud = await stripOf(t.app(), meera.email, { location: 'Kothrud' });
    expect(kothrud.days.every((d) => d.onLeave && d.free === 0)).toBe(true);
    expect(kothrud.next).toEqual({ date: day, time: kept, location: 'Aundh' });
    // Leave to the horizon: nothing to offer.
    await leave('2025-04-03', '2025-06-09');
    await t.db().query(`update appointments set holds_slot = true, payment_status = 'paid' where id = $1`, [first._id]);
    await t.db().query(
      `insert into appointments select (jsonb_populate_record(a, jsonb_build_object('id', gen_random_uuid(), 'start_time', $2::time,
         'appointment_number', regexp_replace(a.appointment_number, '[0-9]+$', '999999')))).* from appointments a where a.id = $1`,
      [first._id, kept],
    );
    expect((await stripOf(t.app(), meera.email, { location: 'Aundh' })).next).toBeNull();
  });

  it('the database refuses a Clinic Visit with no location', async () => {
    const patient = await t.patient();
    const a = await booked(t.app(), patient, { location: 'Aundh', consultationType: 'Clinic Visit' });
    await expect(t.db().query('update appointments set location_id = null where id = $1', [a._id])).rejects.toThrow(/appointments_location_check/);
  });

  it('answers the strip in one query, however many days, and a repeat from the cache; the window stops at the horizon', async () => {
    const db = t.db();
    const spy = vi.spyOn(db, 'query');
    try {
      // The first reads the schedules the day-plan cache keeps (services/popupSchedules.ts); the next reads nothing.
      await stripOf(t.app(), meera.email, { location: 'Aundh' });
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockClear();
      await stripOf(t.app(), kavita.email, { from: '2025-04-01' });
      expect(spy).not.toHaveBeenCalled();
      spy.mockClear();
      await t.app().inject({ method: 'GET', url: '/api/doctor/soonest/online' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    // 90 days ahead is 9 June: a strip from 1 June has 9 days.
    const end = await stripOf(t.app(), kavita.email, { from: '2025-06-01' });
    expect(end.bookableUntil).toBe('2025-06-09');
    expect(end.to).toBe('2025-06-09');
    expect(end.days).toHaveLength(9);
  });

  it('"Consult online now": online doctors soonest first, with what is free today', async () => {
    const res = await t.app().inject({ method: 'GET', url: '/api/doctor/soonest/online' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // Tuesday 10:00: Kavita from 10:20 (10:00-13:00); Rohan's Tuesday is 07:00-09:00 (over) and 20:00-22:00.
    expect(res.json()).toEqual([
      { doctorEmail: kavita.email, doctorName: kavita.name, freeToday: 8, next: { date: today, time: '10:20', location: '' } },
      { doctorEmail: rohan.email, doctorName: rohan.name, freeToday: 8, next: { date: today, time: '20:00', location: '' } },
    ]);
  });

  it('refuses bad input with the field named, and an unknown doctor with 404', async () => {
    const past = await strip(t.app(), meera.email, { from: '2025-03-10' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([expect.objectContaining({ field: 'from' })]);
    const beyond = await strip(t.app(), meera.email, { from: '2025-06-10' });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors).toEqual([expect.objectContaining({ field: 'from' })]);
    const bad = await strip(t.app(), 'not-an-email', { from: '2025-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['doctorEmail', 'from']);
    const blank = await strip(t.app(), meera.email, { location: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([expect.objectContaining({ field: 'location' })]);
    expect((await strip(t.app(), 'nobody@example.com')).statusCode).toBe(404);
    const retired = await t.db().query('update doctors set active = false where email = $1', [rohan.email]);
    expect(retired.rowCount).toBe(1);
    expect((await strip(t.app(), rohan.email)).statusCode).toBe(404);
    const soonest = await t.app().inject({ method: 'GET', url: '/api/doctor/soonest/online' });
    expect(soonest.json().map((d: { doctorEmail: string }) => d.doctorEmail)).toEqual([kavita.email]);
  });

  // The doctor step's list form: every doctor of one place with their next free slot there.
  const nextFree = (app: FastifyInstance, query: Record<string, string> = {}, patient?: Patient) =>
    app.inject({ method: 'GET', url: '/api/doctor/nextfree', query, headers: patient ? patient.headers : {} }) as Promise<Response>;
  type NextFree = { location: string; doctors: { doctorEmail: string; next: { date: string; time: string; location: string } | null }[] };

  /** The first free slot gettimeslot (or onlinetimeslot) gives, day by day from today, over two weeks. */
  async function firstFreeByDays(app: FastifyInstance, email: string, location: string, patient?: Patient) {
    for (let i = 0; i < 14; i += 1) {
      const date = new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      const slots = location === '' ? await onlineSlotMap(app, email, date, patient) : await slotMap(app, email, location, date, patient);
      const time = Object.keys(slots).find((time) => slots[time] === 'free');
      if (time) return { date, time, location };
    }
    return null;
  }

  it("the doctor step's list: each doctor of a clinic (or online) with the next free slot there, as gettimeslot says, in one query", async () => {
    const patient = await t.patient();
    // Meera's 10:15 at Aundh is held: the next free there is 10:30, for everyone but the patient who holds it.
    await booked(t.app(), patient, { date: today, startTime: '10:15', location: 'Aundh' });
    const all = (await t.app().inject({ method: 'GET', url: '/api/doctor/getall' })).json() as { email: string; type: string; locations: string[] }[];
    for (const place of ['Aundh', 'Kothrud']) {
      const res = await nextFree(t.app(), { location: place });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const list = res.json() as NextFree;
      expect(list.location).toBe(place);
      // The doctors of that clinic who see patients in person (an online-only doctor is offered online), no other.
      const inPerson = all.filter((d) => d.locations.includes(place) && d.type !== 'online').map((d) => d.email);
      expect(inPerson.length).toBeGreaterThan(0);
      expect(list.doctors.map((d) => d.doctorEmail).sort()).toEqual(inPerson.sort());
      for (const d of list.doctors) {
        const expected = await firstFreeByDays(t.app(), d.doctorEmail, place);
        // Beyond two weeks the walk goes on; within them it must agree with gettimeslot.
        if (expected) expect({ email: d.doctorEmail, next: d.next }).toEqual({ email: d.doctorEmail, next: expected });
      }
    }
    const aundh = (await nextFree(t.app(), { location: 'Aundh' })).json() as NextFree;
    expect(aundh.doctors.find((d) => d.doctorEmail === meera.email)!.next).toEqual({ date: today, time: '10:30', location: 'Aundh' });
    // Kavita is linked to Aundh but consults online only: not offered at the clinic.
    expect(aundh.doctors.map((d) => d.doctorEmail)).not.toContain(kavita.email);
    // Kothrud is Monday, Thursday and Saturday for Meera: not today's Aundh slot.
    const kothrud = (await nextFree(t.app(), { location: 'Kothrud' })).json() as NextFree;
    expect(kothrud.doctors.find((d) => d.doctorEmail === meera.email)!.next).toMatchObject({ date: '2025-03-13', location: 'Kothrud' });
    // The holder sees their own unpaid hold as free, as gettimeslot does.
    const mine = (await nextFree(t.app(), { location: 'Aundh' }, patient)).json() as NextFree;
    expect(mine.doctors.find((d) => d.doctorEmail === meera.email)!.next).toEqual({ date: today, time: '10:15', location: 'Aundh' });

    // Online: the doctors with online hours, each with their online strip's next.
    const online = (await nextFree(t.app())).json() as NextFree;
    expect(online.location).toBe('');
    expect(online.doctors.map((d) => d.doctorEmail)).toEqual(expect.arrayContaining([kavita.email, rohan.email]));
    expect(online.doctors.map((d) => d.doctorEmail)).not.toContain(meera.email);
    for (const d of online.doctors) {
      expect({ email: d.doctorEmail, next: d.next }).toEqual({ email: d.doctorEmail, next: (await stripOf(t.app(), d.doctorEmail)).next });
    }
    expect(online.doctors.find((d) => d.doctorEmail === kavita.email)!.next).toEqual({ date: today, time: '10:20', location: '' });

    // From the cached schedules (the strips above read them): no statement, however many doctors.
    const spy = vi.spyOn(t.db(), 'query');
    try {
      await nextFree(t.app(), { location: 'Aundh' });
      expect(spy).not.toHaveBeenCalled();
      spy.mockClear();
      await nextFree(t.app());
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("the doctor step's list: leave to the horizon is null, a retired doctor is left out, bad input names its field, an unknown clinic is 404", async () => {
    await t.db().query(
      `insert into doctor_leave (doctor_id, from_date, to_date) select id, $2, '2025-06-09' from doctors where email = $1`,
      [meera.email, today],
    );
    const aundh = (await nextFree(t.app(), { location: 'Aundh' })).json() as NextFree;
    expect(aundh.doctors.find((d) => d.doctorEmail === meera.email)).toEqual({ doctorEmail: meera.email, next: null });
    await t.db().query('update doctors set active = false where email = $1', [rohan.email]);
    const online = (await nextFree(t.app())).json() as NextFree;
    expect(online.doctors.map((d) => d.doctorEmail)).not.toContain(rohan.email);
    const blank = await nextFree(t.app(), { location: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([expect.objectContaining({ field: 'location' })]);
    const unknown = await nextFree(t.app(), { location: 'Nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Location not found.');
  });
});
