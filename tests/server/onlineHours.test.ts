/**
 * Online hours in the staff console: PUT /api/staff/doctors/{id}/onlinehours replaces a
 * doctor's online week apart from clinic hours, under the same orphan rule (a change that would
 * strand a booking made from online hours is refused with it, nothing changed); and an online
 * appointment (no location, 010) reads "Online (Video)" in its .ics and its confirmation mail.
 *
 * The clock: Tuesday 11 March 2025, 10:00 in the clinic. Dr. Kavita Iyer's online Tuesday is
 * 10:00-13:00 in 20-minute slots (the seed).
 */
import { describe, expect, it } from 'vitest';
import { clinicInstant } from '../../contract/clinicTime.js';
import { backends } from './helpers.js';
import { bookedAndPaid, calendarOf, useAppointmentsApp } from './appointmentsSupport.js';
import { kavita, messageOf, today } from './paymentSupport.js';
import { adminTableCounts, api, auditRows, idOf, officeEmail, ok, week } from './staffAdminSupport.js';

/** Kavita's seeded online week. */
const seededWeek = week(
  [1, '10:00', '13:00'], [1, '18:00', '21:00'], [2, '10:00', '13:00'], [3, '10:00', '13:00'], [3, '18:00', '21:00'],
  [4, '18:00', '21:00'], [5, '10:00', '13:00'], [5, '18:00', '21:00'], [6, '10:00', '13:00'],
);

describe.each(backends)('online hours on %s', (backend) => {
  // The join window set to open 15 minutes before (10 by default): the mail and the status answer say it as set.
  const t = useAppointmentsApp(backend, { env: { JOIN_OPENS_MINUTES_BEFORE: '15' } });

  it('are edited apart from clinic hours, under the orphan rule', async () => {
    const app = t.app();
    const admin = await t.staff('admin', officeEmail);
    const asha = await t.patient('asha');
    const kavitaId = await idOf(t.db(), 'doctors', 'email', kavita.email);
    const schedule = await ok(app, admin, 'GET', `/doctors/${kavitaId}`);
    expect({ hours: schedule.onlineHours }).toEqual(seededWeek);
    const clinicHours = schedule.hours;

    const paid = await bookedAndPaid(app, asha, { doctorEmail: kavita.email, location: '', consultationType: 'Video', startTime: '11:00' });

    // Tuesday mornings off online: the paid online booking would be stranded.
    const noTuesday = week(...seededWeek.hours.filter((h) => h.weekday !== 2).map((h) => [h.weekday, h.start, h.end] as [number, string, string]));
    const before = await adminTableCounts(t.db());
    const refused = await api(app, admin, 'PUT', `/doctors/${kavitaId}/onlinehours`, noTuesday);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().affected.map((a: { _id: string }) => a._id)).toEqual([paid._id]);
    expect(messageOf(refused)).toBe("This change would leave a booked appointment outside the doctor's schedule. Move or cancel it first.");
    expect(await adminTableCounts(t.db())).toEqual(before);
    expect((await ok(app, admin, 'GET', `/doctors/${kavitaId}`)).onlineHours).toEqual(seededWeek.hours);

    // Clinic hours changes leave the online booking alone: Kavita's Tuesday at Aundh goes, the online 11:00 stays.
    const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
    expect((await api(app, admin, 'PUT', `/doctors/${kavitaId}/hours/${aundh}`, week([1, '09:00', '13:00']))).statusCode).toBe(200);

    // Overlaps within the online week: 400 naming the range; online hours may overlap clinic hours.
    const overlap = await api(app, admin, 'PUT', `/doctors/${kavitaId}/onlinehours`, week([2, '10:00', '13:00'], [2, '12:00', '14:00']));
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors[0].field).toMatch(/^hours\.[01]\.(start|end)$/);

    // Keeping Tuesday 10:00-12:00 keeps 11:00: accepted, audited, and the strip follows.
    const kept = week([2, '10:00', '12:00'], [4, '18:00', '21:00']);
    const saved = await api(app, admin, 'PUT', `/doctors/${kavitaId}/onlinehours`, kept);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().schedule.onlineHours).toEqual(kept.hours);
    expect(saved.json().schedule.hours).not.toEqual(clinicHours);
    const audit = (await auditRows(t.db())).find((r) => r.action === 'onlinehours.replaced');
    expect(audit).toBeDefined();
    const strip = (await app.inject({ method: 'GET', url: `/api/doctor/availability/${kavita.email}` })).json();
    // 10:00 has begun, 11:00 is booked: 10:20, 10:40, 11:20, 11:40.
    expect(strip.days[0]).toEqual({ date: today, works: true, onLeave: false, free: 4 });
    expect(strip.days.find((d: { date: string }) => d.date === '2025-03-12')).toMatchObject({ works: false, free: 0 });

    // Only admins: a patient gets 403, nobody 401.
    expect((await api(app, asha, 'PUT', `/doctors/${kavitaId}/onlinehours`, kept)).statusCode).toBe(403);
    expect((await api(app, null, 'PUT', `/doctors/${kavitaId}/onlinehours`, kept)).statusCode).toBe(401);
    const doctor = await t.staff('doctor', kavita.email);
    expect((await api(app, doctor, 'PUT', `/doctors/${kavitaId}/onlinehours`, kept)).statusCode).toBe(403);
  });

  it('an online appointment says "Online (Video)" in its .ics and its confirmation mail, with no clinic, and from when it opens', async () => {
    const app = t.app();
    const asha = await t.patient('asha');
    const paid = await bookedAndPaid(app, asha, { doctorEmail: kavita.email, location: '', consultationType: 'Video', startTime: '11:00' });
    const ics = await calendarOf(app, asha, paid._id);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('LOCATION:Online (Video)');
    expect(ics.body).not.toMatch(/Aundh|Hadapsar/);
    await t.idle();
    const mail = t.mailer().sent.find((m) => m.to === asha.email && m.subject.startsWith('Appointment confirmed'));
    expect(mail?.text).toContain('Where: Online (Video)');
    // How and from when it is joined (JOIN_OPENS_MINUTES_BEFORE), in the mail and in the payment's
    // status answer the confirmation page shows.
    expect(mail?.text).toContain('How to join: The video call opens on My Appointment in the portal, 15 minutes before 11:00: http://localhost:3000/#/myappointment');
    expect(mail?.html).toContain('<strong>How to join</strong>');
    const { rows } = await t.db().query<{ payment_id: string }>('select payment_id from appointments where id = $1', [paid._id]);
    const status = await app.inject({ method: 'GET', url: `/api/payment/status/${rows[0]!.payment_id}`, headers: asha.headers });
    expect(status.json()).toMatchObject({ status: 'paid', joinOpensAt: new Date(clinicInstant(today, '11:00').getTime() - 15 * 60_000).toISOString() });
  });
});
