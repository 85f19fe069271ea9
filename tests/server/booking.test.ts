/**
 * Booking: slots, POST /api/appointment/add, holds and their lapse, and the database
 * constraint that makes two holds of one slot impossible, on every backend.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { AppointmentRecord, TimeSlotList } from '../../contract/appointments.js';
import { sqlState, violatedConstraint } from '../../server/db/database.js';
import { backends } from './helpers.js';
import {
  appointmentRow,
  book,
  bookingBody,
  booked,
  kavita,
  meera,
  messageOf,
  minute,
  slotMap,
  slotsOf,
  today,
  useBookingApp,
} from './paymentSupport.js';

const tomorrow = '2025-03-12'; // Wednesday: Meera at Aundh 17:00-20:00

describe.each(backends)('booking on %s', (backend) => {
  const t = useBookingApp(backend);

  describe('gettimeslot', () => {
    it("cuts the day's hours into the doctor's slots; started ones are unavailable (10:00 in the clinic)", async () => {
      const res = await slotsOf(t.app(), meera.email, 'Aundh', today);
      expect(res.statusCode).toBe(200);
      expect(isRight(TimeSlotList.decode(res.json()))).toBe(true);
      const slots = res.json() as { time: string; status: string }[];
      expect(slots).toHaveLength(32); // 09:00-12:45 and 15:00-18:45, every 15 minutes
      expect(slots.slice(0, 6)).toEqual([
        { time: '09:00', status: 'unavailable' },
        { time: '09:15', status: 'unavailable' },
        { time: '09:30', status: 'unavailable' },
        { time: '09:45', status: 'unavailable' },
        { time: '10:00', status: 'unavailable' },
        { time: '10:15', status: 'free' },
      ]);
      expect(slots.at(-1)).toEqual({ time: '18:45', status: 'free' });
      expect(slots.map((s) => s.time)).not.toContain('13:00');
    });

    it('answers [] when the doctor has no hours there that day, 404 for an unknown doctor, 400 for a bad date', async () => {
      expect((await slotsOf(t.app(), meera.email, 'Kothrud', today)).json()).toEqual([]); // Kothrud: Mon, Thu, Sat
      expect((await slotsOf(t.app(), meera.email, 'Nowhere', today)).json()).toEqual([]);
      const unknown = await slotsOf(t.app(), 'nobody@sahaj-clinic.example', 'Aundh', today);
      expect(unknown.statusCode).toBe(404);
      expect(messageOf(unknown)).toBe('Doctor not found.');
      const bad = await slotsOf(t.app(), meera.email, 'Aundh', '2025-02-30');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'date', message: 'must be a date written YYYY-MM-DD' }]);
    });

    it('a past date is all unavailable; leave makes the whole day unavailable', async () => {
      expect(new Set(Object.values(await slotMap(t.app(), meera.email, 'Aundh', '2025-03-09')))).toEqual(new Set(['unavailable']));
      await t.db().query(
        `insert into doctor_leave (doctor_id, from_date, to_date) select id, '2025-03-12', '2025-03-13' from doctors where email = $1`,
        [meera.email],
      );
      expect(new Set(Object.values(await slotMap(t.app(), meera.email, 'Aundh', tomorrow)))).toEqual(new Set(['unavailable']));
      expect(Object.values(await slotMap(t.app(), meera.email, 'Aundh', '2025-03-18'))).toContain('free');
      const res = await book(t.app(), await t.patient(), { date: tomorrow, startTime: '17:00' });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('Doctor is not available for this date.');
    });
  });

  describe('appointment/add', () => {
    it('needs a login (401 before the body is even read)', async () => {
      const res = await book(t.app(), null);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      const bad = await t.app().inject({ method: 'POST', url: '/api/appointment/add', payload: { nonsense: true } });
      expect(bad.statusCode).toBe(401);
      expect((await t.db().query('select 1 from appointments')).rowCount).toBe(0);
    });

    it('books for an account without an email (a mobile sign-up) with the email left out; a typed one is never kept', async () => {
      const patient = await t.patient('phoneonly');
      await t.db().query(
        `update users set email = null, sign_in_method = 'phone', phone_number = '+919822012345', phone_verified_at = now(), password_hash = null where id = $1`,
        [patient.id],
      );
      const { email: _typed, ...withoutEmail } = bookingBody({ consultationType: 'Clinic Visit' });
      const res = await t.app().inject({ method: 'POST', url: '/api/appointment/add', headers: patient.headers, payload: withoutEmail });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email: '', appointmentPaymentStatus: 'failed' });
      const typed = await book(t.app(), patient, { consultationType: 'Clinic Visit', startTime: '11:15' }, { email: 'someone@example.com' });
      expect(typed.json()).toMatchObject({ email: '' });
      const bad = await book(t.app(), patient, { consultationType: 'Clinic Visit', startTime: '11:30' }, { email: 'not an email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['email']);
    });

    it('trusts only ids: name, fee and email from the server; unpaid, held for 15 minutes', async () => {
      const patient = await t.patient('asha');
      const res = await book(t.app(), patient, { consultationType: 'Clinic Visit' }, { medicines: { ...bookingMedicines, complain: 'injected', showMedicine: true } });
      expect(res.statusCode).toBe(200);
      const decoded = AppointmentRecord.decode(res.json());
      expect(isRight(decoded)).toBe(true);
      expect(res.json()).toMatchObject({
        appointmentId: expect.stringMatching(/^SHC-25-\d{6}$/),
        doctorName: meera.name,
        doctorEmail: meera.email,
        email: 'asha@example.com',
        phoneNumber: '+919876543210',
        location: 'Aundh',
        date: today,
        startTime: '11:00',
        consultationType: 'Clinic Visit',
        consultationFee: 600,
        appointmentStatus: 'Booked',
        appointmentPaymentStatus: 'failed',
        appointmentPaymentId: null,
        holdExpiresAt: new Date(t.clock.now().getTime() + 15 * minute).toISOString(),
        medicines: bookingMedicines,
        order: null,
      });
      expect(res.json()._id).toMatch(/^[0-9a-f-]{36}$/);
      // Booked for others, free to its owner (who may come back to pay it).
      expect((await slotMap(t.app(), meera.email, 'Aundh', today))['11:00']).toBe('booked');
      expect((await slotMap(t.app(), meera.email, 'Aundh', today, patient))['11:00']).toBe('free');
      expect((await slotMap(t.app(), meera.email, 'Aundh', today, await t.patient()))['11:00']).toBe('booked');
    });

    it('gives the loser 409 "This slot is already booked", also on another instance', async () => {
      await booked(t.app(), await t.patient());
      const other = await t.anotherInstance();
      const res = await book(other, await t.patient());
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe('This slot is already booked');
      expect((await t.db().query('select 1 from appointments')).rowCount).toBe(1);
    });

    it("answers a patient's own live hold again, with the new choices, and makes no second appointment", async () => {
      const patient = await t.patient();
      // Video online with Kavita (500), then Chat at the same slot (300).
      const first = await booked(t.app(), patient, { doctorEmail: kavita.email, location: '' });
      t.clock.advance(5 * minute);
      const again = await booked(t.app(), patient, { doctorEmail: kavita.email, location: '', consultationType: 'Chat' });
      expect(again._id).toBe(first._id);
      expect(again.appointmentId).toBe(first.appointmentId);
      expect(again.consultationFee).toBe(300);
      expect(again.holdExpiresAt).toBe(first.holdExpiresAt); // re-booking does not stretch the hold
      expect((await t.db().query('select 1 from appointments')).rowCount).toBe(1);
    });

    it('a hold that lapses frees the slot: the next patient gets it, and the lapsed one is released', async () => {
      const first = await booked(t.app(), await t.patient());
      t.clock.advance(15 * minute - 1);
      expect((await slotMap(t.app(), meera.email, 'Aundh', today))['11:00']).toBe('booked');
      t.clock.advance(1);
      expect((await slotMap(t.app(), meera.email, 'Aundh', today))['11:00']).toBe('free');
      const second = await booked(t.app(), await t.patient());
      expect(second._id).not.toBe(first._id);
      expect((await appointmentRow(t.db(), first._id)).holds_slot).toBe(false);
      expect((await book(t.app(), await t.patient(), { startTime: '11:15' })).statusCode).toBe(200);
      expect((await appointmentRow(t.db(), second._id)).holds_slot).toBe(true);
    });

    it('an own hold that lapsed is claimed again while the slot is free (the same appointment)', async () => {
      const patient = await t.patient();
      const first = await booked(t.app(), patient);
      t.clock.advance(20 * minute);
      const again = await booked(t.app(), patient);
      expect(again._id).toBe(first._id);
      expect(again.holdExpiresAt).toBe(new Date(t.clock.now().getTime() + 15 * minute).toISOString());
    });

    it('one patient may hold at most 3 slots unpaid at once (429 with Retry-After), not a whole day', async () => {
      const patient = await t.patient();
      for (const startTime of ['11:00', '11:15', '11:30']) await booked(t.app(), patient, { startTime });
      t.clock.advance(5 * minute);
      const fourth = await book(t.app(), patient, { startTime: '11:45' });
      expect(fourth.statusCode).toBe(429);
      expect(messageOf(fourth)).toBe('You have several unpaid bookings. Please pay one of them, or try again when they lapse.');
      expect(fourth.headers['retry-after']).toBe(String(10 * 60));
      // Its own holds answer again as before; once they lapse, it may book.
      expect((await book(t.app(), patient, { startTime: '11:15' })).statusCode).toBe(200);
      t.clock.advance(10 * minute);
      expect((await book(t.app(), patient, { startTime: '11:45' })).statusCode).toBe(200);
    });

    it('refuses what the doctor does not offer: Clinic Visit online, Chat/Video/Call at a clinic, a foreign location, an off-grid or past time, a past date', async () => {
      const patient = await t.patient();
      const cases: [Parameters<typeof book>[2], string, string][] = [
        [{ doctorEmail: kavita.email, consultationType: 'Clinic Visit', startTime: '11:00' }, 'consultationType', 'This doctor consults online only: please choose Chat, Video or Call.'],
        // Chat, Video and Call happen online, never at a clinic, even for a doctor who works there.
        ...(['Chat', 'Video', 'Call'] as const).map((consultationType): [Parameters<typeof book>[2], string, string] => [
          { doctorEmail: kavita.email, location: 'Aundh', consultationType, startTime: '11:00' },
          'location',
          'Chat, Video and Call are online: please choose Online, not a clinic, or book a Clinic Visit.',
        ]),
        [{ location: 'Aundh', consultationType: 'Video' }, 'location', 'Chat, Video and Call are online: please choose Online, not a clinic, or book a Clinic Visit.'],
        [{ location: 'Viman Nagar' }, 'location', 'This doctor does not work at this location.'],
        [{ location: 'Kothrud' }, 'startTime', 'The doctor does not see patients at this time on this date. Please choose a slot from the list.'],
        [{ startTime: '11:05' }, 'startTime', 'The doctor does not see patients at this time on this date. Please choose a slot from the list.'],
        [{ startTime: '14:00' }, 'startTime', 'The doctor does not see patients at this time on this date. Please choose a slot from the list.'],
        [{ startTime: '10:00' }, 'startTime', 'This slot is unavailable'],
        [{ date: '2025-03-10', startTime: '11:00' }, 'date', 'Please choose a date from today on.'],
        [{ doctorEmail: 'nobody@example.com' }, 'doctorEmail', 'Doctor not found.'],
      ];
      for (const [choice, field, message] of cases) {
        const res = await book(t.app(), patient, choice);
        expect(res.statusCode, JSON.stringify(choice)).toBe(400);
        expect(messageOf(res)).toBe(message);
        expect(res.json().errors[0].field).toBe(field);
      }
      // Kavita's online hours on Tuesday, 20-minute slots: Video with no clinic is fine.
      expect((await book(t.app(), patient, { doctorEmail: kavita.email, location: '', startTime: '11:00' })).statusCode).toBe(200);
      expect((await t.db().query('select 1 from appointments')).rowCount).toBe(1);
    });

    it('400 names each bad field and writes nothing', async () => {
      const res = await book(t.app(), await t.patient(), { startTime: '25:00' }, { age: 0, gender: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['age', 'gender', 'startTime']);
      expect((await t.db().query('select 1 from appointments')).rowCount).toBe(0);
    });
  });

  describe('the database refuses two holds of one slot', () => {
    const insert = (userId: string, doctorId: string, locationId: string, holds: boolean, n: number) =>
      t.db().query(
        `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
                                   consultation_fee, first_name, last_name, email, phone_number, age, gender,
                                   holds_slot, hold_expires_at, created_at, updated_at)
         values ($1, $2, $3, $4, '2025-03-11', '11:00', 'Video', 500, 'A', 'B', 'a@example.com', '9876543210', 30, 'male',
                 $5, now() + interval '15 minutes', now(), now())`,
        [`SHC-25-00000${n}`, userId, doctorId, locationId, holds],
      );

    it('in SQL, whatever the service does: a second holding row fails on appointments_slot_key', async () => {
      const patient = await t.patient();
      const { rows } = await t.db().query<{ doctor_id: string; location_id: string }>(
        `select d.id as doctor_id, l.id as location_id from doctors d, locations l where d.email = $1 and l.name = 'Aundh'`,
        [meera.email],
      );
      const { doctor_id: doctorId, location_id: locationId } = rows[0]!;
      await insert(patient.id, doctorId, locationId, true, 1);
      const error = await insert(patient.id, doctorId, locationId, true, 2).then(
        () => null,
        (e: unknown) => e,
      );
      expect(sqlState(error)).toBe('23505');
      expect(violatedConstraint(error)).toBe('appointments_slot_key');
      // Rows that hold nothing (lapsed, cancelled) may share the slot.
      await insert(patient.id, doctorId, locationId, false, 3);
      // A cancelled or refunded row cannot hold a slot.
      const cancelled = await t.db().query(`update appointments set status = 'Cancelled' where holds_slot`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(violatedConstraint(cancelled)).toBe('appointments_cancelled_hold_check');
    });
  });
});

const bookingMedicines = {
  complain: '',
  remedies: [],
  potency: '',
  duration: '',
  pharmacyName: '',
  pharmacyId: '',
  instructions: '',
  showMedicine: false,
};
