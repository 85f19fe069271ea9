/**
 * A fee due at the clinic counts as expected for the reminders and the doctor's morning list, on
 * every backend; a patient the desk registered without an email gets no mail (their reminder is
 * dropped, saying why), one with an email gets it as any patient.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { reminderRows } from '../../server/jobs/reminders.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { asha, bookingOf, deskOk, deskStaff, registered, seedIds } from './deskSupport.js';
import { backends } from './helpers.js';
import { jobsOver, sweepAndSend, type TestJobs } from './jobsSupport.js';

describe.each(backends)('desk bookings and reminders on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const started: TestJobs[] = [];
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });

  it('reminds a due booking by mail when the patient has an email, and drops the mail of one without', async () => {
    const { reception } = await deskStaff(t);
    const ids = await seedIds(t.db());
    const withEmail = await registered(t.app(), reception, { ...asha, email: 'asha@example.com' });
    const without = await registered(t.app(), reception, { ...asha, firstName: 'Bharat' });
    // Tuesday 11 March, 17:00 and 17:15: Dr. Meera at Aundh (15:00-19:00).
    const a = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, withEmail._id, { startTime: '17:00' }));
    const b = await deskOk(t.app(), reception, 'POST', '/bookings', bookingOf(ids, without._id, { startTime: '17:15' }));
    await t.idle(); // the confirmation of the one with an email
    const jobs = jobsOver(t.db(), t.clock.now, { leads: '2h' });
    started.push(jobs);
    t.clock.advance(5 * 3_600_000 + 15 * 60_000); // 15:15
    expect((await sweepAndSend(jobs)).queued).toBe(2);
    expect(jobs.mailer.sent.map((m) => m.to)).toEqual(['asha@example.com']);
    expect((await reminderRows(t.db(), a._id)).map((r) => r.state)).toEqual(['sent']);
    expect(await reminderRows(t.db(), b._id)).toEqual([expect.objectContaining({ state: 'dropped', note: 'the patient has no email' })]);
  });
});
