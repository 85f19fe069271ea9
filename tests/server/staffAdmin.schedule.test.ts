/**
 * The staff console's schedules, on every backend: changes to hours, leave, slot
 * length, locations or the active flag are refused (409 with the affected bookings, nothing
 * changed) while they would orphan a live booking, and accepted once the admin has moved or
 * cancelled it; a paid appointment cancelled by the clinic is flagged for refund, refunded through
 * the payment provider (tests/server/refunds.test.ts), and listed until it is paid back (an attempt
 * that failed: recorded by an admin); a cancelled paid order likewise.
 *
 * The clock: Tuesday 11 March 2025, 10:00 in the clinic. Dr. Meera Kulkarni works at Aundh on
 * Tuesdays 09:00-13:00 and 15:00-19:00 in 15-minute slots.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { OrphanConflict, RefundList } from '../../contract/staffAdmin.js';
import { backends } from './helpers.js';
import { bookedAndPaid, listOf, moveTo, prescription, pressPay, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { appointmentRow, book, booked, kavita, meera, messageOf, paymentRow, post, slotMap, today } from './paymentSupport.js';
import { adminTableCounts, api, auditRows, idOf, officeEmail, ok, week } from './staffAdminSupport.js';
import { handOrder, pharmacyName } from './orderSupport.js';

/** Meera's seeded week at Aundh: Tuesday, Wednesday, Sunday. */
const aundhWeek = week([0, '17:00', '20:00'], [2, '09:00', '13:00'], [2, '15:00', '19:00'], [3, '17:00', '20:00']);

describe.each(backends)('staff console schedules on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('refuses every schedule change that would orphan a live booking, and accepts it once the booking is moved or cancelled', async () => {
    const app = t.app();
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const ravi = await t.patient('ravi');
    const paid = await bookedAndPaid(app, asha, { startTime: '11:00' });
    const hold = await booked(app, ravi, { startTime: '11:30' });
    const lapsed = await booked(app, ravi, { startTime: '12:00' });
    await t.db().query(`update appointments set hold_expires_at = $2 where id = $1`, [lapsed._id, new Date(t.clock.now().getTime() - 60_000)]);
    const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
    const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
    const kothrud = await idOf(t.db(), 'locations', 'name', 'Kothrud');
    const meeraInput = {
      name: meera.name,
      email: meera.email,
      type: 'clinic',
      qualification: 'BHMS, MD (Homeopathy) - skin and hair',
      slotMinutes: 15,
      locationIds: [kothrud, aundh],
    };
    expect((await ok(app, admin, 'GET', `/doctors/${meeraId}`)).hours.filter((h: { locationId: string }) => h.locationId === aundh)).toHaveLength(4);

    const refusedWith = async (method: 'PUT' | 'POST', url: string, body: object, affected: string[]) => {
      const before = await adminTableCounts(t.db());
      const schedule = await ok(app, admin, 'GET', `/doctors/${meeraId}`);
      const res = await api(app, admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(isRight(OrphanConflict.decode(res.json())), res.body).toBe(true);
      expect(res.json().affected.map((a: { _id: string }) => a._id), `${method} ${url}`).toEqual(affected);
      expect(await adminTableCounts(t.db())).toEqual(before);
      expect(await ok(app, admin, 'GET', `/doctors/${meeraId}`)).toEqual(schedule);
      return res;
    };

    // Mornings off on Tuesdays: the paid booking and the live hold would be stranded; the lapsed one holds nothing.
    const hours = await refusedWith('PUT', `/doctors/${meeraId}/hours/${aundh}`, week([0, '17:00', '20:00'], [2, '15:00', '19:00']), [paid._id, hold._id]);
    expect(messageOf(hours)).toBe("This change would leave 2 booked appointments outside the doctor's schedule. Move or cancel them first.");
    expect(hours.json().affected[0]).toMatchObject({ appointmentId: paid.appointmentId, firstName: 'Asha', appointmentPaymentStatus: 'paid', startTime: '11:00' });
    await refusedWith('POST', `/doctors/${meeraId}/leave`, { from: '2025-03-10', to: today, reason: 'Unwell' }, [paid._id, hold._id]);
    // 20-minute slots from 09:00 still start at 11:00, not at 11:30.
    const longer = await refusedWith('PUT', `/doctors/${meeraId}`, { ...meeraInput, slotMinutes: 20 }, [hold._id]);
    expect(messageOf(longer)).toBe("This change would leave a booked appointment outside the doctor's schedule. Move or cancel it first.");
    await refusedWith('PUT', `/doctors/${meeraId}`, { ...meeraInput, locationIds: [kothrud] }, [paid._id, hold._id]);
    await refusedWith('PUT', `/doctors/${meeraId}/active`, { active: false }, [paid._id, hold._id]);
    // Changes that strand nobody go through.
    expect((await api(app, admin, 'POST', `/doctors/${meeraId}/leave`, { from: '2025-03-12', to: '2025-03-13', reason: '' })).statusCode).toBe(200);
    expect((await api(app, admin, 'PUT', `/doctors/${meeraId}`, { ...meeraInput, qualification: 'BHMS, MD' })).statusCode).toBe(200);

    // The admin moves the paid booking to the afternoon (by the booking rules) and cancels the hold.
    const move = (id: string, to: object) => api(app, admin, 'POST', `/appointments/${id}/move`, { date: today, locationId: aundh, ...to });
    expect((await move(paid._id, { startTime: '15:07' })).json().errors).toEqual([{ field: 'startTime', message: expect.any(String) }]);
    expect((await move(paid._id, { startTime: '09:00' })).json().errors).toEqual([{ field: 'startTime', message: 'has already begun' }]);
    expect((await move(paid._id, { date: '2025-03-12', startTime: '17:00' })).json().errors).toEqual([{ field: 'date', message: 'the doctor is on leave' }]);
    expect((await move(paid._id, { startTime: '15:00', locationId: await idOf(t.db(), 'locations', 'name', 'Hadapsar') })).statusCode).toBe(400);
    const moved = await move(paid._id, { startTime: '15:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: 'Appointment moved.', appointment: { _id: paid._id, startTime: '15:00', appointmentPaymentStatus: 'paid' } });
    expect(await slotMap(app, meera.email, 'Aundh', today)).toMatchObject({ '11:00': 'free', '15:00': 'booked' });
    const taken = await move(hold._id, { startTime: '15:00' });
    expect(taken.statusCode).toBe(409);
    expect(messageOf(taken)).toBe('This slot is already booked');
    const cancelled = await ok(app, admin, 'POST', `/appointments/${hold._id}/cancel`, { reason: 'Doctor unavailable in the morning' });
    expect(cancelled).toMatchObject({ message: 'Appointment cancelled.', appointment: { appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'failed' } });
    expect((await api(app, admin, 'POST', `/appointments/${hold._id}/cancel`, { reason: '' })).statusCode).toBe(409);

    // Now the mornings can go.
    const saved = await api(app, admin, 'PUT', `/doctors/${meeraId}/hours/${aundh}`, week([0, '17:00', '20:00'], [2, '15:00', '19:00']));
    expect(saved.statusCode).toBe(200);
    expect(await slotMap(app, meera.email, 'Aundh', today)).not.toHaveProperty('11:00');
    expect(await refundsOf('open')).toEqual([]);

    const audit = await auditRows(t.db());
    expect(audit.map((r) => [r.action, r.appointment_id])).toEqual([
      ['leave.added', null],
      ['doctor.updated', null],
      ['appointment.moved', paid._id],
      ['appointment.cancelled', hold._id],
      ['hours.replaced', null],
    ]);
    expect(audit[2]!.details).toEqual({
      before: { location: 'Aundh', date: today, startTime: '11:00' },
      after: { location: 'Aundh', date: today, startTime: '15:00' },
    });
    expect(audit[3]!.details).toEqual({
      reason: 'Doctor unavailable in the morning',
      before: { status: 'Booked', paymentStatus: 'failed' },
      after: { status: 'Cancelled', paymentStatus: 'failed' },
    });
    expect(audit[1]!.details.before.qualification).toBe(meeraInput.qualification);
    expect(audit[4]!.details.before).toEqual(aundhWeek.hours);

    async function refundsOf(state: string) {
      return ok(app, admin, 'GET', `/refunds?state=${state}`);
    }
  });

  it('a paid appointment cancelled by the clinic is flagged for refund, listed, and recorded once as paid back; a retired doctor leaves booking', async () => {
    const app = t.app();
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const paid = await bookedAndPaid(app, asha, { startTime: '11:00' });
    const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
    const merchantOrderId = (await appointmentRow(t.db(), paid._id)).payment_id!;

    const res = await ok(app, admin, 'POST', `/appointments/${paid._id}/cancel`, { reason: 'Clinic closed' });
    expect(res).toMatchObject({
      message: 'Appointment cancelled. Its fee was paid: it is listed under Refunds.',
      appointment: { appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund' },
    });
    expect(await appointmentRow(t.db(), paid._id)).toMatchObject({ status: 'Cancelled', payment_status: 'refund', holds_slot: false });
    expect((await paymentRow(t.db(), merchantOrderId)).status).toBe('refund');
    expect((await slotMap(app, meera.email, 'Aundh', today))['11:00']).toBe('free');

    const open = await ok(app, admin, 'GET', '/refunds');
    expect(isRight(RefundList.decode(open))).toBe(true);
    expect(open).toEqual([
      {
        _id: expect.any(String),
        purpose: 'appointment',
        reason: 'cancelled',
        amount: 600,
        merchantOrderId,
        provider: 'sandbox',
        flaggedAt: t.clock.now().toISOString(),
        appointmentId: paid._id,
        appointmentNumber: paid.appointmentId,
        orderId: null,
        patient: { userId: asha.id, name: 'Asha Deshpande', email: asha.email, phoneNumber: '+919876543210' },
        resolved: null,
        automatic: { state: 'new', attempt: 1, merchantRefundId: expect.stringMatching(/^RF1_/), errorCode: null, updatedAt: t.clock.now().toISOString() },
      },
    ]);
    // Under way through the provider: not recorded by hand too. Once its attempt failed, it may be.
    const inProgress = await api(app, admin, 'POST', `/refunds/${open[0]._id}/resolve`, { note: 'Cash' });
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json().code).toBe('admin.refundInProgress');
    await t.db().query("update provider_refunds set state = 'failed', error_code = 'BANK_DECLINED', next_check_at = null where appointment_id = $1", [paid._id]);
    const resolved = await ok(app, admin, 'POST', `/refunds/${open[0]._id}/resolve`, { note: 'Refunded on the PhonePe dashboard, ref 123' });
    expect(resolved.refund.resolved).toEqual({ at: t.clock.now().toISOString(), by: officeEmail, note: 'Refunded on the PhonePe dashboard, ref 123' });
    const again = await api(app, admin, 'POST', `/refunds/${open[0]._id}/resolve`, { note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(await ok(app, admin, 'GET', '/refunds')).toEqual([]);
    expect((await ok(app, admin, 'GET', '/refunds?state=resolved')).map((r: { _id: string }) => r._id)).toEqual([open[0]._id]);
    const audit = await auditRows(t.db());
    expect(audit.map((r) => r.action)).toEqual(['appointment.cancelled', 'refund.resolved']);
    expect(audit[0]!.details.after).toEqual({ status: 'Cancelled', paymentStatus: 'refund' });
    expect(audit[1]).toMatchObject({ appointment_id: paid._id, subject_user_id: asha.id, details: { amount: 600, reason: 'cancelled', merchantOrderId } });

    // No live booking left: Meera may retire. She leaves the public list and booking, and comes back.
    expect((await ok(app, admin, 'PUT', `/doctors/${meeraId}/active`, { active: false })).doctor.active).toBe(false);
    const listed = async () => ((await app.inject('/api/doctor/getall')).json() as { email: string }[]).some((d) => d.email === meera.email);
    expect(await listed()).toBe(false);
    expect((await app.inject(`/api/doctor/getdoctoremail/${meera.email}`)).statusCode).toBe(404);
    expect((await book(app, asha, { startTime: '11:15' })).statusCode).toBe(400);
    expect((await ok(app, admin, 'GET', '/doctors')).find((d: { _id: string }) => d._id === meeraId).active).toBe(false);
    expect((await ok(app, admin, 'PUT', `/doctors/${meeraId}/active`, { active: true })).message).toBe('Doctor listed and bookable again.');
    expect(await listed()).toBe(true);
    // She has appointments on record: never deleted.
    expect((await api(app, admin, 'DELETE', `/doctors/${meeraId}`)).statusCode).toBe(409);
  });

  it('an admin moves orders along; cancelling a paid order flags its payment for refund; unused doctors and locations can go', async () => {
    const app = t.app();
    const admin = await t.staff('admin', officeEmail);
    const doctor = await t.staff('doctor', meera.email);
    const asha = await t.patient('asha');
    const appointment = await bookedAndPaid(app, asha, { startTime: '11:00' });
    toCompletable(t.clock, '11:00');
    await staffCall(app, doctor, 'POST', `/appointments/${appointment._id}/complete`, prescription);
    const order = (await staffCall(app, doctor, 'POST', `/appointments/${appointment._id}/order`, await handOrder(t.db(), 349.5))).json()
      .appointment.order;
    const started = await post(app, '/api/payment/create-order', { payload: { pharmacyId: pharmacyName, orderId: order._id, amount: 34950 }, headers: asha.headers });
    await pressPay(app, started.json().checkoutPageUrl);

    expect((await api(app, admin, 'POST', `/appointments/${appointment._id}/cancel`, { reason: '' })).statusCode).toBe(409); // Completed
    const ready = await ok(app, admin, 'PUT', `/orders/${order._id}/status`, { orderStatus: 'Ready' });
    expect(ready).toMatchObject({ message: 'Order status saved.', appointment: { order: { orderStatus: 'Ready', paymentStatus: 'Completed' } } });
    const cancelled = await ok(app, admin, 'PUT', `/orders/${order._id}/status`, { orderStatus: 'Cancelled' });
    expect(cancelled).toMatchObject({
      message: 'Order cancelled. It was paid: it is listed under Refunds.',
      appointment: { order: { orderStatus: 'Cancelled', paymentStatus: 'Refund' } },
    });
    expect((await api(app, admin, 'PUT', `/orders/${order._id}/status`, { orderStatus: 'Delivered' })).statusCode).toBe(409);
    const refunds = await ok(app, admin, 'GET', '/refunds');
    expect(refunds).toMatchObject([{ purpose: 'order', reason: 'cancelled', amount: 349.5, orderId: order._id, appointmentId: appointment._id }]);
    // The patient sees the order cancelled.
    const mine = (await app.inject({ url: `/api/auth/getUser/${asha.email}`, headers: asha.headers })).json() as { order: { orderStatus: string } }[];
    expect(mine[0]!.order.orderStatus).toBe('Cancelled');

    // A doctor and a location nobody used yet can be deleted outright.
    const baner = (await ok(app, admin, 'POST', '/locations', { name: 'Baner' })).location;
    const priya = (await ok(app, admin, 'POST', '/doctors', {
      name: 'Dr. Priya Nair',
      email: 'priya.nair@sahaj-clinic.example',
      type: 'online',
      qualification: '',
      slotMinutes: 30,
      locationIds: [baner._id],
    })).doctor;
    await ok(app, admin, 'PUT', `/doctors/${priya._id}/hours/${baner._id}`, week([2, '16:00', '18:00']));
    expect((await api(app, admin, 'DELETE', `/locations/${baner._id}`)).statusCode).toBe(409);
    expect(await ok(app, admin, 'DELETE', `/doctors/${priya._id}`)).toEqual({ message: 'Doctor deleted.' });
    expect(await ok(app, admin, 'DELETE', `/locations/${baner._id}`)).toEqual({ message: 'Location deleted.' });
    expect((await app.inject('/api/super/locations')).json()).not.toContain('Baner');

    expect((await auditRows(t.db())).map((r) => r.action)).toEqual([
      'appointment.completed',
      'order.created',
      'order.status',
      'order.status',
      'location.created',
      'doctor.created',
      'hours.replaced',
      'doctor.deleted',
      'location.deleted',
    ]);
  });

  it("moves an online appointment within the doctor's online hours (locationId ''), never a Clinic Visit", async () => {
    const app = t.app();
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    // Dr. Kavita Iyer's online hours on Tuesday: 10:00-13:00 in 20 minutes (the seed).
    const video = await booked(app, asha, { doctorEmail: kavita.email, location: '', consultationType: 'Video', startTime: '10:20' });
    const move = (id: string, to: object) => api(app, admin, 'POST', `/appointments/${id}/move`, { date: today, locationId: '', ...to });
    const notOnline = await move(video._id, { startTime: '10:30' });
    expect(notOnline.statusCode, 'not a slot of the online hours').toBe(400);
    expect(notOnline.json().errors).toEqual([{ field: 'startTime', message: expect.any(String) }]);
    const moved = await move(video._id, { startTime: '11:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: 'Appointment moved.', appointment: { _id: video._id, location: '', startTime: '11:00' } });
    const row = await t.db().query<{ location_id: string | null; start_time: string }>('select location_id, start_time::text from appointments where id = $1', [video._id]);
    expect(row.rows[0]).toMatchObject({ location_id: null, start_time: expect.stringMatching(/^11:00/) });

    // A Clinic Visit has no online hours to go to: refused, nothing changed.
    const visit = await booked(app, asha, { startTime: '11:00' });
    const refused = await move(visit._id, { startTime: '12:00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: expect.any(String) })]);
    const kept = await t.db().query<{ location_id: string | null; start_time: string }>('select location_id, start_time::text from appointments where id = $1', [visit._id]);
    expect(kept.rows[0]).toMatchObject({ location_id: expect.any(String), start_time: expect.stringMatching(/^11:00/) });
  });

  it('a Video booked at a clinic (as older records are) stays a valid record, but neither the patient nor the admin can move it within the clinic; nothing changes', async () => {
    const app = t.app();
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const paid = await bookedAndPaid(app, asha, { startTime: '11:00' });
    // What a row booked before the rule looks like: Video, at Aundh.
    await t.db().query(`update appointments set consultation_type = 'Video' where id = $1`, [paid._id]);
    const listed = (await listOf(app, asha, asha.email)).json() as { _id: string; location: string; consultationType: string }[];
    expect(JSON.stringify(listed)).toContain(paid._id);
    const onlineWords = 'Chat, Video and Call are online: please choose Online, not a clinic, or book a Clinic Visit.';
    const byPatient = await moveTo(app, asha, paid._id, { selectedLocation: 'Aundh', selectedTime: '11:30' });
    expect(byPatient.statusCode).toBe(400);
    expect(messageOf(byPatient)).toBe(onlineWords);
    expect(byPatient.json().errors).toEqual([{ field: 'selectedLocation', message: 'must be empty (online) for Chat, Video or Call' }]);
    const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
    const byAdmin = await api(app, admin, 'POST', `/appointments/${paid._id}/move`, { date: today, locationId: aundh, startTime: '11:30' });
    expect(byAdmin.statusCode).toBe(400);
    expect(messageOf(byAdmin)).toBe(onlineWords);
    expect(byAdmin.json().errors).toEqual([{ field: 'locationId', message: 'must be empty (online) for Chat, Video or Call' }]);
    const kept = await t.db().query<{ location_id: string | null; start_time: string; consultation_type: string }>(
      'select location_id, start_time::text, consultation_type from appointments where id = $1',
      [paid._id],
    );
    expect(kept.rows[0]).toEqual({ location_id: aundh, start_time: expect.stringMatching(/^11:00/), consultation_type: 'Video' });
  });
});
