/**
 * The doctor's morning list (issue 16) on every backend: from MORNING_LIST_HOUR (clinic time),
 * once a day, to each active doctor who asked for it, with the day's booked and paid appointments.
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic. Nothing sleeps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jobMailRow } from '../../server/jobs/keyedMails.js';
import { backends } from './helpers.js';
import { meera } from './paymentSupport.js';
import { bookedAndPaid, useAppointmentsApp } from './appointmentsSupport.js';
import { jobsOver, type TestJobs } from './jobsSupport.js';

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
    expect(wednesday.text).toContain(`17:00  Video, Aundh  ${appointment.firstName} ${appointment.lastName}  (${appointment.appointmentId})`);
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
});
