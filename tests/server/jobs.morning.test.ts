/**
 * The doctor's morning list on every backend: from MORNING_LIST_HOUR (clinic time),
 * once a day, to each active doctor who asked for it, with the day's booked and paid appointments.
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic. Nothing sleeps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jobMailRow } from '../../server/jobs/keyedMails.js';
import { backends } from './helpers.js';
import { meera } from './paymentSupport.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { jobsOver, type TestJobs } from './jobsSupport.js';
import { api, idOf, officeEmail, ok } from './staffAdminSupport.js';

const hour = 3_600_000;

describe.each(backends)('morning lists on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const started: TestJobs[] = [];
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });
  const optIn = (email: string, on: boolean) => t.db().query('update doctors set morning_list = $2 where email = $1', [email, on]);

  it('goes once a day from 7:00 to the doctors who asked for it, with the paid bookings of the day', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, { date: '2025-03-12', startTime: '17:00' });
    const j = jobsOver(t.db(), t.clock.now);
    started.push(j);
    // Nobody asked: nothing.
    expect(await j.mails.sweep()).toBe(0);
    await optIn(meera.email, true);
    // Tuesday 10:00, after 7:00: today's list, empty.
    expect(await j.mails.sweep()).toBe(1);
    expect(await j.engine.drain()).toBe(1);
    expect(j.mailer.sent).toHaveLength(1);
    expect(j.mailer.sent[0]).toMatchObject({ to: meera.email, subject: "Today's appointments: 0 (2025-03-11)" });
    expect(j.mailer.sent[0]!.text).toContain('No appointments are booked for you today (2025-03-11).');
    expect(await j.mails.sweep()).toBe(0);
    t.clock.advance(21 * hour - 1); // Wednesday 06:59:59
    expect(await j.mails.sweep()).toBe(0);
    t.clock.advance(1);
    expect(await j.mails.sweep()).toBe(1);
    expect(await j.engine.drain()).toBe(1);
    const wednesday = j.mailer.sent[1]!;
    expect(wednesday.subject).toBe("Today's appointments: 1 (2025-03-12)");
    expect(wednesday.text).toContain(`17:00  Clinic Visit, Aundh  ${appointment.firstName} ${appointment.lastName}  (${appointment.appointmentId})`);
    expect(wednesday.idempotencyKey).toMatch(/^morning-list:[0-9a-f-]{36}:2025-03-12$/);
  });

  it('a doctor who opts out before the list goes gets none', async () => {
    await optIn(meera.email, true);
    const j = jobsOver(t.db(), t.clock.now);
    started.push(j);
    expect(await j.mails.sweep()).toBe(1);
    await optIn(meera.email, false);
    expect(await j.engine.drain()).toBe(1);
    expect(j.mailer.sent).toHaveLength(0);
    const { rows } = await t.db().query<{ id: string }>('select id from doctors where email = $1', [meera.email]);
    expect(await jobMailRow(t.db(), `morning-list:${rows[0]!.id}:2025-03-11`)).toMatchObject({ state: 'dropped' });
  });

  it("an admin turns a doctor's morning list on and off in the staff console (doctors and patients may not; a bad value is refused naming the field; absent: unchanged)", async () => {
    const admin = await t.staff('admin', officeEmail);
    const doctor = await t.staff('doctor', meera.email);
    const patient = await t.patient();
    const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
    const schedule = await ok(t.app(), admin, 'GET', `/doctors/${meeraId}`);
    expect(schedule.doctor.morningList).toBe(false);
    // Every field of the form, as the console sends it.
    const base = {
      name: schedule.doctor.name,
      email: schedule.doctor.email,
      type: schedule.doctor.type,
      qualification: schedule.doctor.qualification,
      slotMinutes: schedule.doctor.slotMinutes,
      locationIds: schedule.doctor.locations.map((l: { _id: string }) => l._id),
    };
    const stored = async () => (await t.db().query<{ on: boolean }>('select morning_list as on from doctors where id = $1', [meeraId])).rows[0]!.on;

    // Only an admin: the doctor themself and a patient are refused, nothing written.
    expect((await api(t.app(), doctor, 'PUT', `/doctors/${meeraId}`, { ...base, morningList: true })).statusCode).toBe(403);
    expect((await api(t.app(), patient, 'PUT', `/doctors/${meeraId}`, { ...base, morningList: true })).statusCode).toBe(403);
    expect((await api(t.app(), null, 'PUT', `/doctors/${meeraId}`, { ...base, morningList: true })).statusCode).toBe(401);
    for (const bad of ['yes', 1, null, 'true']) {
      const refused = await api(t.app(), admin, 'PUT', `/doctors/${meeraId}`, { ...base, morningList: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().errors.map((e: { field: string }) => e.field)).toContain('morningList');
    }
    expect(await stored()).toBe(false);
    // An unknown doctor: 404.
    expect((await api(t.app(), admin, 'PUT', '/doctors/00000000-0000-4000-8000-000000000000', { ...base, morningList: true })).statusCode).toBe(404);

    const on = await ok(t.app(), admin, 'PUT', `/doctors/${meeraId}`, { ...base, morningList: true });
    expect(on.doctor.morningList).toBe(true);
    expect(await stored()).toBe(true);
    const audit = await t.db().query<{ details: any }>("select details from audit_log where action = 'doctor.updated' order by id desc limit 1");
    expect([audit.rows[0]!.details.before.morningList, audit.rows[0]!.details.after.morningList]).toEqual([false, true]);
    // The list of doctors shows it; a save without the field (an older console) leaves it on.
    expect((await ok<{ _id: string; morningList: boolean }[]>(t.app(), admin, 'GET', '/doctors')).find((d) => d._id === meeraId)!.morningList).toBe(true);
    expect((await ok(t.app(), admin, 'PUT', `/doctors/${meeraId}`, base)).doctor.morningList).toBe(true);

    // And the job reads it: today's list goes to her.
    const j = jobsOver(t.db(), t.clock.now);
    started.push(j);
    expect(await j.mails.sweep()).toBe(1);
    expect(await j.engine.drain()).toBe(1);
    expect(j.mailer.sent.map((m) => m.to)).toEqual([meera.email]);

    // Off again; a new doctor starts without it unless the admin ticks it.
    expect((await ok(t.app(), admin, 'PUT', `/doctors/${meeraId}`, { ...base, morningList: false })).doctor.morningList).toBe(false);
    expect(await stored()).toBe(false);
    const fresh = { ...base, name: 'Dr. Rohan Joshi', email: 'rohan@sahaj-clinic.example' };
    expect((await ok(t.app(), admin, 'POST', '/doctors', fresh)).doctor.morningList).toBe(false);
    expect((await ok(t.app(), admin, 'POST', '/doctors', { ...fresh, email: 'sneha@sahaj-clinic.example', morningList: true })).doctor.morningList).toBe(true);
  });
});
