/**
 * A booking racing a schedule change. A schedule change locks the doctor's row FOR
 * UPDATE for its whole transaction; a booking or a move locks it FOR SHARE and checks its day plan
 * again under that lock (services/appointments.ts). So whichever comes second waits for the
 * first, and then sees it:
 * - a booking (or a move) arriving during a change that removes its slot waits, and is refused;
 * - a change arriving during a booking waits, sees the new booking, and is refused (orphan rule).
 *
 * Only PostgreSQL can show this: PGlite runs one query at a time in one process, so nothing
 * interleaves there. To hold a transaction half way, a plain connection locks a row that
 * transaction is about to write; `lockWaiters` tells when the others are waiting.
 *
 * Also here, on every backend: paying a lapsed unpaid hold claims its slot again only while the
 * doctor still offers that slot (services/payments.ts).
 *
 * The clock: Tuesday 11 March 2025, 10:00 in the clinic. Dr. Meera Kulkarni works at Aundh on
 * Tuesdays 09:00-13:00 and 15:00-19:00 in 15-minute slots.
 */
import { describe, expect, it } from 'vitest';
import { backends, testDatabaseUrl } from './helpers.js';
import { bookedAndPaid, moveTo, useAppointmentsApp } from './appointmentsSupport.js';
import { appointmentRow, book, booked, meera, messageOf, minute, payAppointment, slotMap, today } from './paymentSupport.js';
import { lockWaiters } from './pgLocks.js';
import { meeraAtAundh, noTuesdayMornings, useScheduleRace } from './scheduleChangeSupport.js';
import { api, ok } from './staffAdminSupport.js';

describe.skipIf(!testDatabaseUrl)('a booking racing a schedule change, on PostgreSQL', () => {
  const { t, setUp } = useScheduleRace();

  it('a booking and a move that come during a change removing their slot wait for it, then are refused', async () => {
    const { app, meeraId, aundh, holder, watcher, dropMornings } = await setUp();
    const asha = await t().patient('asha');
    const ravi = await t().patient('ravi');
    const paid = await bookedAndPaid(app, ravi, { startTime: '15:00' });

    // The change stops half way: it holds the doctor's row and waits to rewrite the Aundh hours.
    await holder.query('begin');
    await holder.query('select 1 from doctor_hours where doctor_id = $1 and location_id = $2 for update', [meeraId, aundh]);
    const change = dropMornings();
    await lockWaiters(watcher, 1);

    // Both checked the schedule before their transaction (11:00 is still offered), and now wait.
    const booking = book(app, asha, { startTime: '11:00' });
    const move = moveTo(app, ravi, paid._id, { selectedTime: '11:15' });
    await lockWaiters(watcher, 3);

    await holder.query('commit');
    expect((await change).statusCode).toBe(200);
    const refusedBooking = await booking;
    expect(refusedBooking.statusCode).toBe(400);
    expect(refusedBooking.json()).toEqual({
      code: 'booking.notOffered',
      message: 'The doctor does not see patients at this time on this date. Please choose a slot from the list.',
      errors: [{ field: 'startTime', message: 'is not a slot of this doctor on this date at this location' }],
    });
    const refusedMove = await move;
    expect(refusedMove.statusCode).toBe(400);
    expect(refusedMove.json().errors).toEqual([{ field: 'selectedTime', message: 'is not a slot of this doctor on this date at this location' }]);

    // Nothing landed outside the new schedule: no booking of Asha's, Ravi's still at 15:00.
    expect((await t().db().query('select 1 from appointments where user_id = $1', [asha.id])).rowCount).toBe(0);
    const { rows } = await t().db().query<{ time: string }>(`select to_char(start_time, 'HH24:MI') as time from appointments where id = $1`, [paid._id]);
    expect(rows[0]!.time).toBe('15:00');
    expect(await slotMap(app, meera.email, 'Aundh', today)).not.toHaveProperty('11:00');
  });

  it('a change that comes during a booking waits for it, then sees the booking and is refused (409)', async () => {
    const { app, admin, meeraId, aundh, holder, watcher, dropMornings } = await setUp();
    const asha = await t().patient('asha');
    const ravi = await t().patient('ravi');
    // Ravi's hold on 11:00 lapsed: Asha's booking will release it on its way in.
    const lapsed = await booked(app, ravi, { startTime: '11:00' });
    await t().db().query('update appointments set hold_expires_at = $2 where id = $1', [lapsed._id, new Date(t().clock.now().getTime() - minute)]);

    // The booking stops half way: it holds the doctor's row (for share) and waits to release that lapsed hold.
    await holder.query('begin');
    await holder.query('select 1 from appointments where id = $1 for update', [lapsed._id]);
    const booking = book(app, asha, { startTime: '11:00' });
    await lockWaiters(watcher, 1);

    const change = dropMornings();
    await lockWaiters(watcher, 2);

    await holder.query('commit');
    const made = await booking;
    expect(made.statusCode).toBe(200);
    const refused = await change;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().affected.map((a: { _id: string }) => a._id)).toEqual([made.json()._id]);
    const { hours } = await ok(app, admin, 'GET', `/doctors/${meeraId}`);
    expect(hours.filter((h: { locationId: string; weekday: number }) => h.locationId === aundh && h.weekday === 2)).toHaveLength(2);
  });
});

describe.each(backends)('paying a lapsed hold on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('claims the slot again only while the doctor still offers it: hours, leave, retirement', async () => {
    const { app, admin, meeraId, aundh } = await meeraAtAundh(t);
    const ravi = await t.patient('ravi');
    const morning = await booked(app, ravi, { startTime: '11:00' });
    const evening = await booked(app, ravi, { date: '2025-03-12', startTime: '17:00' });
    const later = await booked(app, ravi, { date: '2025-03-19', startTime: '17:00' });
    t.clock.advance(16 * minute);

    // Lapsed holds do not hold the schedule: the admin may drop the mornings, take leave and retire Meera.
    expect((await api(app, admin, 'PUT', `/doctors/${meeraId}/hours/${aundh}`, noTuesdayMornings)).statusCode).toBe(200);
    const refusedPay = async (appointment: { _id: string; consultationFee: number }) => {
      const res = await payAppointment(app, ravi, appointment._id, appointment.consultationFee);
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toBe("This appointment's time is no longer in the doctor's schedule, so it can no longer be paid. Please book a new one.");
      const row = await appointmentRow(t.db(), appointment._id);
      expect(row.holds_slot).toBe(true); // as it was: lapsed, nothing claimed
      expect(row.payment_status).toBe('failed');
    };
    await refusedPay(morning);

    expect((await api(app, admin, 'POST', `/doctors/${meeraId}/leave`, { from: '2025-03-12', to: '2025-03-12', reason: '' })).statusCode).toBe(200);
    await refusedPay(evening);

    expect((await api(app, admin, 'PUT', `/doctors/${meeraId}/active`, { active: false })).statusCode).toBe(200);
    await refusedPay(later);
    expect((await t.db().query('select 1 from payments')).rowCount).toBe(0);

    // Listed again, Meera offers next Wednesday's 17:00 once more: paying it claims the slot.
    expect((await api(app, admin, 'PUT', `/doctors/${meeraId}/active`, { active: true })).statusCode).toBe(200);
    const res = await payAppointment(app, ravi, later._id, later.consultationFee);
    expect(res.statusCode).toBe(200);
    expect((await appointmentRow(t.db(), later._id)).hold_expires_at!.getTime()).toBe(t.clock.now().getTime() + 15 * minute);
  });
});
