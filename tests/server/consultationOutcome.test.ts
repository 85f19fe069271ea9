/**
 * How a consultation ends, and how staff lists read, on every backend, with the services' clock:
 *
 * - Completion opens with the join window (JOIN_OPENS_MINUTES_BEFORE before the start): before it
 *   the server answers 409 with a code and when it opens, and changes nothing.
 * - "Patient did not attend" (status Missed) is the other outcome, from the slot's end only, for a
 *   paid appointment that is neither cancelled nor completed (a Chat lasts until it is completed).
 * - Staff answers carry facts, not words: a closed account's appointments, refunds and audit
 *   entries say `formerPatient` instead of the account's pseudonym, and a cancelled or refunded
 *   fee says its refund state (pending, refunded, not refundable).
 */
import { describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { bookedAndPaid, cancel, listOf, moveTo, prescription, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { booked, kavita, meera, meeraOnlineToo, messageOf, post, today } from './paymentSupport.js';
import { officeEmail } from './staffAdminSupport.js';
import type { Patient } from './paymentSupport.js';

const minute = 60_000;
/** An instant of the tests' day in clinic time (UTC+05:30). */
const clinicAt = (time: string) => new Date(`${today}T${time}:00+05:30`);

describe.each(backends)('the end of a consultation on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  /** Moves the services' clock to `time` of the tests' day (it starts at 10:00). */
  const clockTo = (time: string) => t.clock.advance(clinicAt(time).getTime() - t.clock.now().getTime());
  const statusOf = async (id: string) =>
    (await t.db().query<{ status: string }>('select status from appointments where id = $1', [id])).rows[0]!.status;
  const auditActions = async () => (await t.db().query<{ action: string }>('select action from audit_log order by id')).rows.map((r) => r.action);

  it('completion opens with the join window: 409 with its code and opening before, then it completes', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
    const doctor = await t.staff('doctor', meera.email);
    const complete = () => staffCall(t.app(), doctor, 'POST', `/appointments/${appointment._id}/complete`, prescription);
    const before = await auditActions();

    // The console is told when completion opens and when the slot ends.
    const detail = await staffCall(t.app(), doctor, 'GET', `/appointments/${appointment._id}`);
    expect(detail.json()).toMatchObject({
      slotMinutes: 15,
      completionOpensAt: clinicAt('10:50').toISOString(),
      slotEndsAt: clinicAt('11:15').toISOString(),
    });

    const early = await complete();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: 'The consultation can be completed from 10:50, 10 minutes before it starts.',
      code: 'completionNotOpen',
      opensAt: clinicAt('10:50').toISOString(),
    });
    clockTo('10:49');
    t.clock.advance(59_000);
    expect((await complete()).statusCode).toBe(409);
    expect(await statusOf(appointment._id)).toBe('Booked');
    expect(await auditActions()).toEqual(before);

    t.clock.advance(1000);
    const done = await complete();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Consultation completed.', appointment: { appointmentStatus: 'Completed' } });
    // Written again later: an update of a completed consultation is not held to the window.
    expect(messageOf(await complete())).toBe('Prescription updated.');
  });

  it('"patient did not attend" only from the slot\'s end, for a paid, live, not-Chat appointment; the patient sees it', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, { startTime: '11:00' });
    const unpaid = await booked(t.app(), patient, { startTime: '11:15' });
    const cancelled = await bookedAndPaid(t.app(), patient, { startTime: '11:30' });
    expect((await cancel(t.app(), patient, patient.id, cancelled._id)).statusCode).toBe(200);
    const kavitas = await bookedAndPaid(t.app(), patient, { doctorEmail: kavita.email, location: '', consultationType: 'Chat', startTime: '11:00' });
    const doctor = await t.staff('doctor', meera.email);
    const kavitaDoctor = await t.staff('doctor', kavita.email);
    const missed = (who: Patient | null, id: string, body: object = { note: '' }) => staffCall(t.app(), who, 'POST', `/appointments/${id}/did-not-attend`, body);
    const before = await auditActions();

    // Before the slot ends (before the join window too): refused with its code and the slot's end.
    const early = await missed(doctor, appointment._id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: 'The patient can be marked as not attended from 11:15, when the slot ends.',
      code: 'didNotAttendNotYet',
      endsAt: clinicAt('11:15').toISOString(),
    });
    clockTo('11:14');
    t.clock.advance(59_000);
    expect((await missed(doctor, appointment._id)).statusCode).toBe(409);
    expect(await statusOf(appointment._id)).toBe('Booked');

    // Who may, and bad input: nothing written.
    expect((await missed(patient, appointment._id)).statusCode).toBe(403);
    expect((await missed(null, appointment._id)).statusCode).toBe(401);
    expect((await missed(kavitaDoctor, appointment._id)).statusCode).toBe(403);
    expect((await missed(doctor, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await missed(doctor, appointment._id, { note: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('note');
    expect(await auditActions()).toEqual(before);

    t.clock.advance(1000);
    // At the slot's end: the unpaid, the cancelled and the Chat appointments still cannot be marked.
    const notPaid = await missed(doctor, unpaid._id);
    expect([notPaid.statusCode, notPaid.json().code]).toEqual([409, 'didNotAttendUnpaid']);
    const wasCancelled = await missed(doctor, cancelled._id);
    expect([wasCancelled.statusCode, messageOf(wasCancelled)]).toEqual([409, 'This appointment was cancelled: it cannot be marked as not attended.']);
    const chat = await missed(kavitaDoctor, kavitas._id);
    expect([chat.statusCode, chat.json().code]).toEqual([409, 'didNotAttendChat']);

    const marked = await missed(doctor, appointment._id, { note: 'Called twice, no answer.' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ message: 'Noted: the patient did not attend.', appointment: { _id: appointment._id, appointmentStatus: 'Missed' } });
    expect(await statusOf(appointment._id)).toBe('Missed');
    const audit = await t.db().query<{ action: string; actor: string; details: Record<string, unknown> }>(
      `select action, actor, details from audit_log where action = 'appointment.missed'`,
    );
    expect(audit.rows).toEqual([
      { action: 'appointment.missed', actor: meera.email, details: { before: { status: 'Expired' }, after: { status: 'Missed' }, note: 'Called twice, no answer.' } },
    ]);
    // Once only.
    const again = await missed(doctor, appointment._id);
    expect([again.statusCode, messageOf(again)]).toEqual([409, 'The patient is already marked as not attended.']);

    // The patient reads it on My Appointment, and can no longer move or cancel it.
    const listed = (await listOf(t.app(), patient, patient.email)).json() as { _id: string; appointmentStatus: string }[];
    expect(listed.find((a) => a._id === appointment._id)?.appointmentStatus).toBe('Missed');
    const move = await moveTo(t.app(), patient, appointment._id, { selectedTime: '12:00' });
    expect([move.statusCode, messageOf(move)]).toEqual([409, 'You did not attend this appointment: it cannot be changed. Please book a new one.']);
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(409);
    // Nor can an admin move or cancel it.
    const admin = await t.staff('admin', officeEmail);
    const adminCancel = await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/cancel`, { reason: '' });
    expect(adminCancel.statusCode).toBe(409);

    // A doctor who marked it by mistake completes it after all.
    const corrected = await staffCall(t.app(), doctor, 'POST', `/appointments/${appointment._id}/complete`, prescription);
    expect(corrected.json()).toMatchObject({ message: 'Consultation completed.', appointment: { appointmentStatus: 'Completed' } });
  });

  it('a video marked as not attended has no join link left', async () => {
    await meeraOnlineToo(t.db());
    const patient = await t.patient();
    const video = await bookedAndPaid(t.app(), patient, { location: '', consultationType: 'Video', startTime: '11:00' });
    const doctor = await t.staff('doctor', meera.email);
    clockTo('11:15');
    const open = await t.app().inject({ method: 'GET', url: `/api/appointment/${video._id}/consultation`, headers: patient.headers });
    expect(open.json()).toMatchObject({ state: 'open' });
    expect((await staffCall(t.app(), doctor, 'POST', `/appointments/${video._id}/did-not-attend`, { note: '' })).statusCode).toBe(200);
    const after = await t.app().inject({ method: 'GET', url: `/api/appointment/${video._id}/consultation`, headers: patient.headers });
    expect(after.json()).toMatchObject({ state: 'unavailable', reason: 'missed', joinUrl: null });
  });
});

describe.each(backends)('staff lists of closed accounts and refunds on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  /** Closes `patient`'s account the way the patient does: a fresh email code, then the deletion. */
  async function closeAccount(patient: Patient) {
    expect((await post(t.app(), '/api/otp/send-otp', { payload: { email: patient.email } })).statusCode).toBe(200);
    const res = await post(t.app(), '/api/records/account/delete', { payload: { otp: t.mailer().lastCode(patient.email) }, headers: patient.headers });
    expect(res.statusCode).toBe(200);
  }

  it('say "former patient" as a flag, never the pseudonym, and each fee with its refund state', async () => {
    const leaving = await t.patient('leaving');
    const staying = await t.patient('staying');
    const admin = await t.staff('admin', officeEmail);
    const doctor = await t.staff('doctor', meera.email);
    const ownCancel = await bookedAndPaid(t.app(), leaving, { startTime: '11:00' });
    const clinicCancel = await bookedAndPaid(t.app(), leaving, { startTime: '11:30' });
    const refunded = await bookedAndPaid(t.app(), staying, { startTime: '12:00' });
    const paid = await bookedAndPaid(t.app(), staying, { startTime: '12:15' });
    const owed = await bookedAndPaid(t.app(), staying, { startTime: '12:30' });
    const ownCancelStaying = await bookedAndPaid(t.app(), staying, { startTime: '12:45' });
    expect((await cancel(t.app(), leaving, leaving.id, ownCancel._id)).statusCode).toBe(200);
    expect((await cancel(t.app(), staying, staying.id, ownCancelStaying._id)).statusCode).toBe(200);
    for (const id of [clinicCancel._id, refunded._id, owed._id]) {
      expect((await staffCall(t.app(), admin, 'POST', `/appointments/${id}/cancel`, { reason: 'Doctor unwell' })).statusCode).toBe(200);
    }
    const open = (await staffCall(t.app(), admin, 'GET', '/refunds')).json() as { _id: string; appointmentId: string }[];
    const refundOf = open.find((r) => r.appointmentId === refunded._id)!;
    // Its refund through the payment provider failed (docs/refunds.md), so an admin paid it back by hand.
    await t.db().query("update provider_refunds set state = 'failed', next_check_at = null where appointment_id = $1", [refunded._id]);
    expect((await staffCall(t.app(), admin, 'POST', `/refunds/${refundOf._id}/resolve`, { note: 'Paid back by UPI' })).statusCode).toBe(200);
    await closeAccount(leaving);

    const pseudonym = /deleted-|deleted\.invalid/i;
    for (const who of [doctor, admin]) {
      const day = await staffCall(t.app(), who, 'GET', `/appointments?date=${today}`);
      expect(day.body).not.toMatch(pseudonym);
      const rows = day.json() as Array<Record<string, unknown> & { _id: string }>;
      const row = (id: string) => rows.find((r) => r._id === id)!;
      expect(row(ownCancel._id)).toMatchObject({
        formerPatient: true,
        firstName: '',
        lastName: '',
        email: '',
        phoneNumber: '',
        appointmentStatus: 'Cancelled',
        appointmentPaymentStatus: 'paid',
        refundState: 'notRefundable',
      });
      expect(row(clinicCancel._id)).toMatchObject({ formerPatient: true, appointmentPaymentStatus: 'refund', refundState: 'pending' });
      expect(row(refunded._id)).toMatchObject({ firstName: 'Asha', appointmentPaymentStatus: 'refund', refundState: 'refunded' });
      expect(row(refunded._id)).not.toHaveProperty('formerPatient');
      // A paid appointment that goes ahead has no refund state.
      expect(row(paid._id)).not.toHaveProperty('refundState');
    }
    const detail = await staffCall(t.app(), admin, 'GET', `/appointments/${clinicCancel._id}`);
    expect(detail.body).not.toMatch(pseudonym);
    expect(detail.json().appointment).toMatchObject({ formerPatient: true, refundState: 'pending' });

    // The patient's own list says the same of each fee: a refund flagged but not yet paid back is
    // pending, so My Appointment never tells a patient money came back before it did.
    const own = (await listOf(t.app(), staying, staying.email)).json() as Array<Record<string, unknown> & { _id: string }>;
    const ownRow = (id: string) => own.find((r) => r._id === id)!;
    expect(ownRow(owed._id)).toMatchObject({ appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund', refundState: 'pending' });
    expect(ownRow(refunded._id)).toMatchObject({ appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund', refundState: 'refunded' });
    expect(ownRow(ownCancelStaying._id)).toMatchObject({ appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'paid', refundState: 'notRefundable' });
    expect(ownRow(paid._id)).not.toHaveProperty('refundState');

    const refunds = await staffCall(t.app(), admin, 'GET', '/refunds?state=all');
    expect(refunds.body).not.toMatch(pseudonym);
    const items = refunds.json() as Array<{ appointmentId: string; patient: Record<string, unknown> }>;
    expect(items.find((r) => r.appointmentId === clinicCancel._id)?.patient).toEqual({
      userId: leaving.id,
      name: '',
      email: '',
      phoneNumber: '',
      formerPatient: true,
    });
    expect(items.find((r) => r.appointmentId === refunded._id)?.patient).not.toHaveProperty('formerPatient');

    const audit = await staffCall(t.app(), admin, 'GET', '/audit?limit=500');
    expect(audit.body).not.toMatch(pseudonym);
    const entries = audit.json() as Array<{ action: string; actor: string; actorRole: string; actorFormerPatient?: boolean }>;
    const byLeaving = entries.filter((e) => e.actorFormerPatient);
    expect(byLeaving.map((e) => e.action).sort()).toEqual(['account.deleted', 'appointment.cancelled']);
    expect(byLeaving.every((e) => e.actor === '' && e.actorRole === 'patient')).toBe(true);
    expect(entries.find((e) => e.action === 'refund.resolved')).toMatchObject({ actor: officeEmail });
    expect(entries.find((e) => e.action === 'refund.resolved')).not.toHaveProperty('actorFormerPatient');
  });
});
