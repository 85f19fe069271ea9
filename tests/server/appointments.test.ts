/**
 * My appointments: the list by email, moving and cancelling, on every backend. Only the
 * owner: 403 for another's list, 404 for another's appointment; moves claim the new slot the way
 * booking does (the slot index decides) and free the old one; cancelling keeps the record and its
 * payment and frees the slot; Expired comes from the clinic clock at read time.
 *
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic. Dr. Meera Kulkarni: Aundh on
 * Tuesdays 09:00-13:00 and 15:00-19:00, Wednesdays 17:00-20:00; Kothrud Mon, Thu, Sat; 15-minute slots.
 */
import os from 'node:os';
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { AppointmentList, AppointmentUpdateAnswer } from '../../contract/appointments.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { backends, noClientDir } from './helpers.js';
import { bookedAndPaid, cancel, listOf, moveTo, useAppointmentsApp } from './appointmentsSupport.js';
import { appointmentRow, book, booked, meera, messageOf, minute, slotMap, today } from './paymentSupport.js';

const tomorrow = '2025-03-12'; // Wednesday: Aundh 17:00-20:00
const thursday = '2025-03-13'; // Kothrud

type Listed = { _id: string; date: string; startTime: string; appointmentStatus: string; [k: string]: unknown };

describe.each(backends)('my appointments on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  const list = async (who: Awaited<ReturnType<typeof t.patient>>): Promise<Listed[]> => {
    const res = await listOf(t.app(), who, who.email);
    expect(res.statusCode).toBe(200);
    expect(isRight(AppointmentList.decode(res.json()))).toBe(true);
    return res.json() as Listed[];
  };

  describe('GET /api/auth/getUser/{email}', () => {
    it("only with that user's own token: 401 without one, 403 with another patient's", async () => {
      const owner = await t.patient('asha');
      await booked(t.app(), owner);
      expect((await listOf(t.app(), null, owner.email)).statusCode).toBe(401);
      const other = await listOf(t.app(), await t.patient('ravi'), owner.email);
      expect(other.statusCode).toBe(403);
      expect(messageOf(other)).toBe('You can see only your own appointments.');
      // The address is compared without regard to case; a malformed one is a 400.
      expect((await listOf(t.app(), owner, 'ASHA@Example.com')).statusCode).toBe(200);
      expect((await listOf(t.app(), owner, 'not-an-email')).statusCode).toBe(400);
      expect(await list(await t.patient('nobody'))).toEqual([]);
    });

    it('newest first by date and time, then by when it was made, each with its order (null)', async () => {
      const patient = await t.patient();
      const first = await booked(t.app(), patient, { startTime: '11:00' });
      t.clock.advance(minute);
      await booked(t.app(), patient, { date: tomorrow, startTime: '17:00' });
      t.clock.advance(minute);
      await booked(t.app(), patient, { startTime: '11:15' });
      t.clock.advance(minute);
      expect((await cancel(t.app(), patient, patient.id, first._id)).statusCode).toBe(200);
      t.clock.advance(minute);
      const again = await booked(t.app(), patient, { startTime: '11:00' });
      const listed = await list(patient);
      expect(listed.map((a) => [a.date, a.startTime, a.appointmentStatus])).toEqual([
        [tomorrow, '17:00', 'Booked'],
        [today, '11:15', 'Booked'],
        [today, '11:00', 'Booked'],
        [today, '11:00', 'Cancelled'],
      ]);
      expect(listed[2]!._id).toBe(again._id);
      expect(listed.every((a) => a.order === null)).toBe(true);
    });
  });

  describe('Expired, by the clinic clock at read time', () => {
    it('a Booked appointment reads Expired once its slot has ended; it may still be moved or cancelled', async () => {
      const patient = await t.patient();
      const paid = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
      const unpaid = await booked(t.app(), patient, { startTime: '11:30' });
      const status = async () => Object.fromEntries((await list(patient)).map((a) => [a.startTime, a.appointmentStatus]));

      t.clock.advance(75 * minute - 1); // 11:14:59.999
      expect(await status()).toEqual({ '11:00': 'Booked', '11:30': 'Booked' });
      t.clock.advance(1); // 11:15: the 15-minute slot of 11:00 is over
      expect(await status()).toEqual({ '11:00': 'Expired', '11:30': 'Booked' });
      t.clock.advance(30 * minute);
      expect(await status()).toEqual({ '11:00': 'Expired', '11:30': 'Expired' });
      // Nothing is stored: the row still says Booked.
      expect((await appointmentRow(t.db(), paid._id)).status).toBe('Booked');

      const moved = await moveTo(t.app(), patient, paid._id, { newDate: tomorrow, selectedTime: '17:00' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().appointment.appointmentStatus).toBe('Booked');
      expect((await cancel(t.app(), patient, patient.id, unpaid._id)).statusCode).toBe(200);
      expect(await status()).toEqual({ '17:00': 'Booked', '11:30': 'Cancelled' });
    });
  });

  describe('PUT /api/appointment/update', () => {
    it("moves the owner's appointment, frees the old slot and answers the moved record", async () => {
      const patient = await t.patient();
      const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
      const res = await moveTo(t.app(), patient, appointment._id, { selectedLocation: 'Kothrud', newDate: thursday, selectedTime: '10:00' });
      expect(res.statusCode).toBe(200);
      expect(isRight(AppointmentUpdateAnswer.decode(res.json()))).toBe(true);
      expect(res.json()).toMatchObject({
        message: 'Appointment updated successfully.',
        appointment: {
          _id: appointment._id,
          appointmentId: appointment.appointmentId,
          location: 'Kothrud',
          date: thursday,
          startTime: '10:00',
          appointmentStatus: 'Booked',
          appointmentPaymentStatus: 'paid',
          holdExpiresAt: null,
        },
      });
      expect((await slotMap(t.app(), meera.email, 'Kothrud', thursday))['10:00']).toBe('booked');
      expect((await slotMap(t.app(), meera.email, 'Aundh', today))['11:00']).toBe('free');
      // Somebody else can book the old slot now.
      expect((await book(t.app(), await t.patient(), { startTime: '11:00' })).statusCode).toBe(200);
      const audit = await t.db().query<{ action: string; actor: string; details: unknown }>(
        'select action, actor, details from audit_log where appointment_id = $1',
        [appointment._id],
      );
      expect(audit.rows).toEqual([
        {
          action: 'appointment.moved',
          actor: patient.email,
          details: {
            before: { location: 'Aundh', date: today, startTime: '11:00' },
            after: { location: 'Kothrud', date: thursday, startTime: '10:00' },
          },
        },
      ]);
    });

    it('refuses a slot somebody else holds with 409 and changes nothing', async () => {
      const patient = await t.patient();
      const mine = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
      await booked(t.app(), await t.patient(), { startTime: '11:15' }); // an unpaid, live hold
      const before = await t.db().query('select * from appointments order by created_at');
      const res = await moveTo(t.app(), patient, mine._id, { selectedTime: '11:15' });
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe('This slot is already booked');
      expect((await t.db().query('select * from appointments order by created_at')).rows).toEqual(before.rows);
      expect((await t.db().query('select 1 from audit_log')).rowCount).toBe(0);
      // Once that hold lapses, the slot is free to move into (the lapsed hold is released in the same transaction).
      t.clock.advance(15 * minute);
      expect((await moveTo(t.app(), patient, mine._id, { selectedTime: '11:15' })).statusCode).toBe(200);
    });

    it('of two moves onto one free slot at once, exactly one wins', async () => {
      const [a, b] = [await t.patient(), await t.patient()];
      const first = await bookedAndPaid(t.app(), a, { startTime: '11:00' });
      const second = await bookedAndPaid(t.app(), b, { startTime: '11:15' });
      const other = await t.anotherInstance();
      const results = await Promise.all([
        moveTo(t.app(), a, first._id, { selectedTime: '12:00' }),
        moveTo(other, b, second._id, { selectedTime: '12:00' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const { rows } = await t.db().query(`select 1 from appointments where start_time = '12:00' and holds_slot`);
      expect(rows).toHaveLength(1);
    });

    it("only the owner: another patient's token gets 404, as for an id that does not exist", async () => {
      const owner = await t.patient();
      const appointment = await bookedAndPaid(t.app(), owner);
      expect((await moveTo(t.app(), null, appointment._id, { selectedTime: '12:00' })).statusCode).toBe(401);
      const stranger = await moveTo(t.app(), await t.patient(), appointment._id, { selectedTime: '12:00' });
      expect(stranger.statusCode).toBe(404);
      expect(messageOf(stranger)).toBe('Appointment not found.');
      const unknown = await moveTo(t.app(), owner, '00000000-0000-4000-8000-000000000000', { selectedTime: '12:00' });
      expect(unknown.statusCode).toBe(404);
      expect(messageOf(unknown)).toBe(messageOf(stranger));
      expect((await appointmentRow(t.db(), appointment._id)).holds_slot).toBe(true);
      expect((await list(owner))[0]!.startTime).toBe('11:00');
    });

    it('obeys the booking rules: the doctor\'s locations and hours, not in the past, not on leave', async () => {
      const patient = await t.patient();
      const appointment = await bookedAndPaid(t.app(), patient);
      const cases: [Parameters<typeof moveTo>[3], number, string, string][] = [
        [{ selectedLocation: 'Viman Nagar', selectedTime: '12:00' }, 400, 'selectedLocation', 'This doctor does not work at this location.'],
        [{ selectedLocation: 'Kothrud', selectedTime: '12:00' }, 400, 'selectedTime', 'The doctor does not see patients at this time on this date. Please choose a slot from the list.'],
        [{ selectedTime: '12:05' }, 400, 'selectedTime', 'The doctor does not see patients at this time on this date. Please choose a slot from the list.'],
        [{ selectedTime: '09:45' }, 400, 'selectedTime', 'This slot is unavailable'],
        [{ newDate: '2025-03-10', selectedTime: '11:00' }, 400, 'newDate', 'Please choose a date from today on.'],
        [{ selectedTime: '25:00' }, 400, 'selectedTime', 'Invalid request'],
      ];
      for (const [to, status, field, message] of cases) {
        const res = await moveTo(t.app(), patient, appointment._id, to);
        expect(res.statusCode, JSON.stringify(to)).toBe(status);
        expect(messageOf(res)).toBe(message);
        expect(res.json().errors[0].field).toBe(field);
      }
      await t.db().query(
        `insert into doctor_leave (doctor_id, from_date, to_date) select id, $2, $2 from doctors where email = $1`,
        [meera.email, tomorrow],
      );
      const leave = await moveTo(t.app(), patient, appointment._id, { newDate: tomorrow, selectedTime: '17:00' });
      expect(messageOf(leave)).toBe('Doctor is not available for this date.');
      expect((await appointmentRow(t.db(), appointment._id)).holds_slot).toBe(true);
      expect((await list(patient))[0]).toMatchObject({ date: today, startTime: '11:00', location: 'Aundh' });
    });

    it('an unpaid appointment keeps its hold when moved; a lapsed one gets a new hold', async () => {
      const patient = await t.patient();
      const appointment = await booked(t.app(), patient, { startTime: '11:00' });
      t.clock.advance(5 * minute);
      const moved = await moveTo(t.app(), patient, appointment._id, { selectedTime: '11:30' });
      expect(moved.json().appointment.holdExpiresAt).toBe(appointment.holdExpiresAt);
      t.clock.advance(20 * minute); // lapsed
      const again = await moveTo(t.app(), patient, appointment._id, { selectedTime: '11:45' });
      expect(again.json().appointment.holdExpiresAt).toBe(new Date(t.clock.now().getTime() + 15 * minute).toISOString());
      expect((await slotMap(t.app(), meera.email, 'Aundh', today))['11:45']).toBe('booked');
      expect((await slotMap(t.app(), meera.email, 'Aundh', today))['11:30']).toBe('free');
    });
  });

  describe('DELETE /api/appointment/delete/{userId}/{appointmentId}', () => {
    it('keeps the record as Cancelled with its payment, and frees the slot for somebody else', async () => {
      const patient = await t.patient();
      const appointment = await bookedAndPaid(t.app(), patient);
      const before = await appointmentRow(t.db(), appointment._id);
      const res = await cancel(t.app(), patient, patient.id, appointment._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Appointment Deleted Successfully.' });
      expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({
        status: 'Cancelled',
        holds_slot: false,
        payment_status: 'paid', // no refund (spec): the record keeps its payment
        payment_id: before.payment_id,
      });
      expect((await list(patient))[0]).toMatchObject({ _id: appointment._id, appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'paid' });
      expect((await book(t.app(), await t.patient(), { startTime: '11:00' })).statusCode).toBe(200);
      const again = await cancel(t.app(), patient, patient.id, appointment._id);
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe('This appointment was cancelled.');
      expect((await moveTo(t.app(), patient, appointment._id, { selectedTime: '12:00' })).statusCode).toBe(409);
    });

    it("only the owner: the path's userId is not trusted (403 for another's), another's appointment is 404", async () => {
      const owner = await t.patient();
      const appointment = await bookedAndPaid(t.app(), owner);
      const stranger = await t.patient();
      expect((await cancel(t.app(), null, owner.id, appointment._id)).statusCode).toBe(401);
      const naming = await cancel(t.app(), stranger, owner.id, appointment._id);
      expect(naming.statusCode).toBe(403);
      expect(messageOf(naming)).toBe('You can cancel only your own appointments.');
      const own = await cancel(t.app(), stranger, stranger.id, appointment._id);
      expect(own.statusCode).toBe(404);
      expect(messageOf(own)).toBe('Appointment not found.');
      expect((await cancel(t.app(), owner, 'not-an-id', appointment._id)).statusCode).toBe(400);
      expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Booked', holds_slot: true });
    });

    it('a Completed appointment can be neither cancelled nor moved (409)', async () => {
      const patient = await t.patient();
      const appointment = await bookedAndPaid(t.app(), patient);
      await t.db().query(`update appointments set status = 'Completed' where id = $1`, [appointment._id]);
      const res = await cancel(t.app(), patient, patient.id, appointment._id);
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe('This consultation is completed: it cannot be changed.');
      expect((await moveTo(t.app(), patient, appointment._id, { selectedTime: '12:00' })).statusCode).toBe(409);
    });
  });

  describe('GET /api/site/contacts', () => {
    it("answers the clinic's help contacts, the defaults unless configured, without a login", async () => {
      const res = await t.app().inject('/api/site/contacts');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ chatNumber: '+91 20 4000 1234', callNumber: '+91 20 4000 1234', email: 'care@sahaj-clinic.example' });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });

    it('answers the contacts HELP_* configure', async () => {
      const app = await buildApp({
        db: t.db(),
        clientDir: noClientDir,
        logger: false,
        config: loadConfig({ DATA_DIR: os.tmpdir(), HELP_CHAT_NUMBER: '98220 12345', HELP_CALL_NUMBER: '+91 20 4000 5678', HELP_EMAIL: 'help@clinic.example' }),
      });
      try {
        const res = await app.inject('/api/site/contacts');
        expect(res.json()).toEqual({ chatNumber: '98220 12345', callNumber: '+91 20 4000 5678', email: 'help@clinic.example' });
      } finally {
        await app.close();
      }
    });
  });
});
