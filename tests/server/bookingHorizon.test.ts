/**
 * The booking horizon, on every backend: nobody books, lists slots of, or moves
 * an appointment (patient or admin) to a day beyond today + BOOKING_HORIZON_DAYS (clinic time);
 * each refusal is a 400 naming the date field and changes nothing. The doctor lists carry the last
 * bookable day, which the date pickers' `max` follows.
 *
 * The clock: Tuesday 11 March 2025, 10:00 in the clinic. Dr. Meera Kulkarni works at Aundh on Tuesdays.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { moveTo } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { appointmentRow, book, booked, meera, minute, type Patient, slotsOf, today, useBookingApp } from './paymentSupport.js';
import { api, idOf } from './staffAdminSupport.js';

const dateError = (field: string, last: string, days: number) => ({
  code: 'booking.beyondHorizon',
  params: { days },
  message: `Appointments can be booked up to ${days} days ahead. Please choose an earlier date.`,
  errors: [{ field, message: `must be ${last} or earlier (${days} days ahead, clinic time)` }],
});

describe.each(backends)('booking horizon on %s', (backend) => {
  describe('the default, 90 days', () => {
    const t = useBookingApp(backend);

    it('gettimeslot, booking and both moves refuse a day beyond it (400 naming the date), and 9999-12-30; its last Tuesday books', async () => {
      const asha = await t.patient('asha');
      const beyond = '2025-06-10'; // a Tuesday, 91 days ahead
      const lastTuesday = '2025-06-03';
      for (const date of [beyond, '9999-12-30']) {
        // 9999-12-30 is already refused by the contract's date range (contract/primitives.ts),
        // before the horizon is asked: a 400 naming the same field either way.
        const expected =
          date === beyond ? dateError('date', '2025-06-09', 90) : { code: 'request.invalid', message: 'Invalid request', errors: [{ field: 'date', message: 'must be a date from 1900-01-01 to 2999-12-31' }] };
        const slots = await slotsOf(t.app(), meera.email, 'Aundh', date);
        expect(slots.statusCode).toBe(400);
        expect(slots.json()).toEqual(expected);
        const res = await book(t.app(), asha, { date });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(expected);
      }
      expect((await t.db().query('select 1 from appointments')).rowCount).toBe(0);

      expect((await slotsOf(t.app(), meera.email, 'Aundh', lastTuesday)).statusCode).toBe(200);
      const appointment = await booked(t.app(), asha, { date: lastTuesday });
      const before = await appointmentRow(t.db(), appointment._id);

      const moved = await moveTo(t.app(), asha, appointment._id, { newDate: beyond, selectedTime: '11:00' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toEqual(dateError('newDate', '2025-06-09', 90));

      const admin = await staffAdmin(asha);
      const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
      const adminMove = await api(t.app(), admin, 'POST', `/appointments/${appointment._id}/move`, { date: beyond, locationId: aundh, startTime: '11:00' });
      expect(adminMove.statusCode).toBe(400);
      expect(adminMove.json()).toEqual(dateError('date', '2025-06-09', 90));
      expect(await appointmentRow(t.db(), appointment._id)).toEqual(before);
      const { rows } = await t.db().query<{ date: string }>(`select to_char(date, 'YYYY-MM-DD') as date from appointments where id = $1`, [appointment._id]);
      expect(rows[0]!.date).toBe(lastTuesday);
      expect((await t.db().query(`select 1 from audit_log where action = 'appointment.moved'`)).rowCount).toBe(0);
    });

    it('the doctor lists carry the last bookable day, and it moves on at midnight, clinic time', async () => {
      const asha = await t.patient('asha');
      const doctors = (await t.app().inject('/api/doctor/getall')).json() as { email: string; bookableUntil: string }[];
      expect(doctors.length).toBeGreaterThan(0);
      expect(new Set(doctors.map((d) => d.bookableUntil))).toEqual(new Set(['2025-06-09']));
      const one = await t.app().inject(`/api/doctor/getdoctoremail/${encodeURIComponent(meera.email)}`);
      expect(one.json()).toMatchObject({ email: meera.email, bookableUntil: '2025-06-09' });
      const admin = await staffAdmin(asha);
      const adminDoctors = (await api(t.app(), admin, 'GET', '/doctors')).json() as { bookableUntil: string }[];
      expect(new Set(adminDoctors.map((d) => d.bookableUntil))).toEqual(new Set(['2025-06-09']));

      // 10:00 -> 23:59 the same day: still; 00:00 the next day (clinic time): one day later.
      t.clock.advance(13 * 60 * minute + 59 * minute);
      expect(((await t.app().inject('/api/doctor/getall')).json() as { bookableUntil: string }[])[0]!.bookableUntil).toBe('2025-06-09');
      t.clock.advance(minute);
      expect(((await t.app().inject('/api/doctor/getall')).json() as { bookableUntil: string }[])[0]!.bookableUntil).toBe('2025-06-10');
      expect((await slotsOf(t.app(), meera.email, 'Aundh', '2025-06-10')).statusCode).toBe(200);
    });

    /** An admin: the patient's account given the role (roles are read from the database on every request). */
    async function staffAdmin(who: Patient): Promise<Patient> {
      await t.db().query(`update users set role = 'admin' where id = $1`, [who.id]);
      return who;
    }
  });

  describe('BOOKING_HORIZON_DAYS=7', () => {
    const t = useBookingApp(backend, () => ({ BOOKING_HORIZON_DAYS: '7' }));

    it('books next Tuesday (the last day) but not the one after', async () => {
      const asha = await t.patient('asha');
      expect((await booked(t.app(), asha, { date: '2025-03-18' })).date).toBe('2025-03-18');
      const res = await book(t.app(), asha, { date: '2025-03-25' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(dateError('date', '2025-03-18', 7));
      expect(((await t.app().inject('/api/doctor/getall')).json() as { bookableUntil: string }[])[0]!.bookableUntil).toBe('2025-03-18');
      // Today is always bookable.
      expect((await book(t.app(), asha, { date: today, startTime: '12:00' })).statusCode).toBe(200);
    });
  });
});

describe('BOOKING_HORIZON_DAYS configuration', () => {
  it('defaults to 90; takes 0 (today only) to 730; anything else stops the server naming the variable', () => {
    expect(loadConfig({}).booking.horizonDays).toBe(90);
    expect(loadConfig({ BOOKING_HORIZON_DAYS: '0' }).booking.horizonDays).toBe(0);
    expect(loadConfig({ BOOKING_HORIZON_DAYS: ' 730 ' }).booking.horizonDays).toBe(730);
    for (const bad of ['731', '-1', '30.5', 'ninety', '1e2']) {
      const problem = () => loadConfig({ BOOKING_HORIZON_DAYS: bad });
      expect(problem).toThrow(ConfigError);
      expect(problem).toThrow(
        `BOOKING_HORIZON_DAYS must be a whole number of days from 0 (today only) to 730: how far ahead patients may book (got "${bad}")`,
      );
    }
  });
});
