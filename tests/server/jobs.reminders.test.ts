/**
 * Reminders on every backend: due at the right clinic-time instants (hours and
 * minutes), once; moved appointments' reminders follow them; cancelled and unpaid ones get none;
 * a failing mail server is retried with backoff, then listed as failed and retried by hand.
 *
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic (tests/server/paymentSupport.ts).
 * Nothing sleeps: the test moves the clock, sweeps (what the minutely cron job does) and drains
 * the queues in this process (what the workers do).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { reminderRows } from '../../server/jobs/reminders.js';
import { booked, meeraOnlineToo } from './paymentSupport.js';
import { bookedAndPaid, cancel, moveTo, useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { jobsOver, leads, sweepAndSend, type TestJobs } from './jobsSupport.js';

const hour = 3_600_000;
/** Wednesday 12 March 2025, 17:00: Dr. Meera Kulkarni at Aundh (Wednesdays 17:00-20:00). */
const wednesday = { date: '2025-03-12', startTime: '17:00' };
/** The same, as a Video consultation: online, with no clinic; see meeraOnlineToo. */
const videoWednesday = { ...wednesday, location: '', consultationType: 'Video' };

describe.each(backends)('reminders on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const started: TestJobs[] = [];
  // Registered last, so it runs first: the engines stop before the app and database close.
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });
  /** Sets the clock to a clinic date and time, e.g. '2025-03-11 16:59' (forward only). */
  const clinicTime = (at: string) => {
    const target = new Date(`${at.replace(' ', 'T')}:00+05:30`).getTime();
    if (target < t.clock.now().getTime()) throw new Error('the clock only moves forward');
    t.clock.advance(target - t.clock.now().getTime());
  };
  const jobs = (leadsValue = '24h,2h') => {
    const j = jobsOver(t.db(), t.clock.now, { leads: leadsValue });
    started.push(j);
    return j;
  };

  it('REMINDER_LEADS reads hours and minutes, largest first; refuses anything else', () => {
    expect(leads('24h,2h')).toEqual([1440, 120]);
    expect(leads('2m')).toEqual([2]);
    expect(leads(' 90m , 24h ,90m')).toEqual([1440, 90]);
    expect(leads('off')).toEqual([]);
    for (const bad of ['24', '2d', '0m', '-1h', '24h;2h', '15000h', '1m,2m,3m,4m,5m,6m']) expect(() => leads(bad)).toThrow(/REMINDER_LEADS/);
    // The server's configuration: JOBS and REMINDER_LEADS, a bad value stops the start naming it.
    expect(loadConfig({}).jobs).toEqual({
      enabled: true,
      reminderLeadsMinutes: [1440, 120],
      adminEmail: null,
      refundSummaryHour: 9,
      morningListHour: 7,
      texts: { sms: null, whatsapp: null },
    });
    expect(loadConfig({ JOBS: 'off', REMINDER_LEADS: '2m' }).jobs).toMatchObject({ enabled: false, reminderLeadsMinutes: [2] });
    expect(() => loadConfig({ REMINDER_LEADS: '2d' })).toThrow(/REMINDER_LEADS must be leads like "24h,2h"/);
    expect(() => loadConfig({ JOBS: 'maybe' })).toThrow(/JOBS must be "on" or "off"/);
  });

  it("is written in the account's language (हिन्दी, मराठी), as the booking confirmation", async () => {
    const hindi = await t.patient();
    const marathi = await t.patient();
    await t.db().query(`update users set language = 'hi' where id = $1`, [hindi.id]);
    await t.db().query(`update users set language = 'mr' where id = $1`, [marathi.id]);
    await meeraOnlineToo(t.db(), 3, '17:00', '20:00');
    const a = await bookedAndPaid(t.app(), hindi, videoWednesday);
    const b = await bookedAndPaid(t.app(), marathi, { ...wednesday, startTime: '17:15', consultationType: 'Clinic Visit' });
    const j = jobs('24h,30m');
    clinicTime('2025-03-11 17:15');
    expect(await sweepAndSend(j)).toEqual({ queued: 2, ran: 2 });
    const to = (email: string) => j.mailer.sent.find((m) => m.to === email)!;
    const hi = to(hindi.email);
    expect(hi.subject).toBe('याद दिला रहे हैं: Dr. Meera Kulkarni के साथ वीडियो कॉल पर कंसल्टेशन, बुधवार, 12 मार्च 2025, शाम 5:00');
    expect(hi.text).toContain('आपका अपॉइंटमेंट लगभग 24 घंटे बाद है।');
    expect(hi.text).toContain(`अपॉइंटमेंट नंबर: ${a.appointmentId}`);
    expect(hi.text).toContain('वीडियो कॉल पोर्टल में "मेरे अपॉइंटमेंट" पर शाम 5:00 से 10 मिनट पहले खुलेगी: http://localhost:3000/#/myappointment');
    expect(hi.html).toContain('<html lang="hi">');
    const mr = to(marathi.email);
    expect(mr.text).toContain('तुमची अपॉइंटमेंट साधारण 24 तासांनी आहे.');
    expect(mr.text).toContain('सहज होमिओपॅथी क्लिनिक, Aundh. कृपया 10 मिनिटे आधी या.');
    expect(mr.text).toContain(`अपॉइंटमेंट क्रमांक: ${b.appointmentId}`);
    clinicTime('2025-03-12 16:45');
    expect(await sweepAndSend(j)).toEqual({ queued: 2, ran: 2 });
    expect(j.mailer.sent.filter((m) => m.to === hindi.email).at(-1)!.text).toContain('आपका अपॉइंटमेंट लगभग 30 मिनट बाद है।');
    expect(j.mailer.sent.filter((m) => m.to === marathi.email).at(-1)!.text).toContain('तुमची अपॉइंटमेंट साधारण 30 मिनिटांनी आहे.');
  });

  it('sends the 24-hour and the 2-hour reminder at their clinic-time instants, each once', async () => {
    const patient = await t.patient();
    await meeraOnlineToo(t.db(), 3, '17:00', '20:00');
    const appointment = await bookedAndPaid(t.app(), patient, videoWednesday);
    const j = jobs();

    clinicTime('2025-03-11 16:59'); // 24 hours and 1 minute before
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    clinicTime('2025-03-11 17:00'); // exactly 24 hours before
    expect(await sweepAndSend(j)).toEqual({ queued: 1, ran: 1 });
    expect(j.mailer.sent).toHaveLength(1);
    const first = j.mailer.sent[0]!;
    expect(first.to).toBe(patient.email);
    expect(first.subject).toBe('Reminder: Video consultation with Dr. Meera Kulkarni, Wednesday, 12 March 2025 at 17:00');
    expect(first.text).toContain('in about 24 hours');
    expect(first.text).toContain(`Appointment id: ${appointment.appointmentId}`);
    expect(first.text).toContain('The video call opens on My Appointment in the portal, 10 minutes before 17:00: http://localhost:3000/#/myappointment');
    expect(first.idempotencyKey).toBe(`reminder:${appointment._id}:1440:2025-03-12T17:00`);

    // Sweeping again, on this or a later minute, sends nothing new.
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    clinicTime('2025-03-12 14:59');
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    clinicTime('2025-03-12 15:00'); // 2 hours before
    expect(await sweepAndSend(j)).toEqual({ queued: 1, ran: 1 });
    expect(j.mailer.sent).toHaveLength(2);
    expect(j.mailer.sent[1]!.text).toContain('in about 2 hours');
    t.clock.advance(hour);
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });

    expect((await reminderRows(t.db(), appointment._id)).map((r) => [r.lead_minutes, r.state, r.attempts])).toEqual([
      [1440, 'sent', 1],
      [120, 'sent', 1],
    ]);
  });

  it('takes leads in minutes (REMINDER_LEADS=30m) and says where a clinic visit is', async () => {
    const patient = await t.patient();
    await bookedAndPaid(t.app(), patient, { startTime: '11:00', consultationType: 'Clinic Visit' });
    const j = jobs('30m');
    clinicTime('2025-03-11 10:29');
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    clinicTime('2025-03-11 10:30'); // 30 minutes before 11:00
    expect(await sweepAndSend(j)).toEqual({ queued: 1, ran: 1 });
    expect(j.mailer.sent[0]!.text).toContain('in about 30 minutes');
    expect(j.mailer.sent[0]!.text).toContain('Where: At Sahaj Homeopathy Clinic, Aundh. Please come 10 minutes early.');
  });

  it('a reminder queued before a move is dropped; the moved appointment gets its own at its new time', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, wednesday);
    const j = jobs();
    clinicTime('2025-03-11 17:00'); // the 24-hour reminder is due and queued...
    expect((await j.reminders.sweep()).queued).toBe(1);
    // ...and before a worker takes it, the patient moves the appointment to 18:00.
    expect((await moveTo(t.app(), patient, appointment._id, { newDate: '2025-03-12', selectedTime: '18:00' })).statusCode).toBe(200);
    expect(await j.engine.drain()).toBe(1);
    expect(j.mailer.sent).toHaveLength(0);

    clinicTime('2025-03-11 18:00'); // 24 hours before the new time
    expect(await sweepAndSend(j)).toEqual({ queued: 1, ran: 1 });
    expect(j.mailer.sent).toHaveLength(1);
    expect(j.mailer.sent[0]!.subject).toContain('Wednesday, 12 March 2025 at 18:00');
    const rows = await reminderRows(t.db(), appointment._id);
    expect(rows.map((r) => [r.key.split(':').slice(1).join(':'), r.state, r.note])).toEqual([
      ['1440:2025-03-12T17:00', 'dropped', 'moved'],
      ['1440:2025-03-12T18:00', 'sent', ''],
    ]);
  });

  it('a cancelled appointment: its queued reminder is dropped and no later one is sent', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, wednesday);
    const j = jobs();
    clinicTime('2025-03-11 17:00');
    expect((await j.reminders.sweep()).queued).toBe(1);
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    expect(await j.engine.drain()).toBe(1);
    clinicTime('2025-03-12 15:00'); // 2 hours before: nothing for a cancelled appointment
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    expect(j.mailer.sent).toHaveLength(0);
    expect((await reminderRows(t.db(), appointment._id)).map((r) => [r.state, r.note])).toEqual([['dropped', 'cancelled']]);
  });

  it('an unpaid hold gets no reminder', async () => {
    const patient = await t.patient();
    const hold = await booked(t.app(), patient, wednesday);
    const j = jobs();
    clinicTime('2025-03-11 17:00');
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    clinicTime('2025-03-12 15:00');
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    expect(await reminderRows(t.db(), hold._id)).toEqual([]);
    expect(j.mailer.sent).toHaveLength(0);
  });

  it('booked inside the leads: no reminder on top of the confirmation; after a long outage only the nearest lead goes out', async () => {
    const patient = await t.patient();
    const soon = await bookedAndPaid(t.app(), patient, { startTime: '11:00' }); // booked at 10:00 for 11:00
    const later = await bookedAndPaid(t.app(), patient, wednesday);
    const j = jobs();
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    expect((await reminderRows(t.db(), soon._id)).map((r) => [r.lead_minutes, r.state])).toEqual([
      [1440, 'skipped'],
      [120, 'skipped'],
    ]);
    // No sweep ran from Tuesday 10:00 until Wednesday 15:30 (every server down): both leads of
    // the later appointment are due; only the 2-hour one is sent.
    clinicTime('2025-03-12 15:30');
    expect(await sweepAndSend(j)).toEqual({ queued: 1, ran: 1 });
    expect(j.mailer.sent.map((m) => m.text.includes('in about 2 hours'))).toEqual([true]);
    expect((await reminderRows(t.db(), later._id)).map((r) => [r.lead_minutes, r.state])).toEqual([
      [1440, 'skipped'],
      [120, 'sent'],
    ]);
  });

  it('a mail server that refuses: retried with growing delays, then failed, listed, and sent once when retried by hand', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient, wednesday);
    // Production tuning first: the retry waits (60 s doubling, pg-boss's backoff on the database's clock).
    const slow = jobsOver(t.db(), t.clock.now, { tuning: {} });
    started.push(slow);
    slow.mailer.failing = true;
    clinicTime('2025-03-11 17:00');
    expect(await sweepAndSend(slow)).toEqual({ queued: 1, ran: 1 });
    const [waiting] = await slow.engine.list({ states: ['retry'] });
    expect(waiting).toMatchObject({ queue: 'reminders.send', state: 'retry', retryCount: 0, retryLimit: 6 }); // pg-boss counts a retry when it starts
    expect(waiting!.startAfter.getTime() - Date.now()).toBeGreaterThan(30_000);
    expect(await slow.engine.drain()).toBe(0); // not yet due again
    await slow.stop();
    started.pop();

    // With retries available at once (the job keeps its own delay: made 0 here), it uses up its
    // retries and is failed.
    const j = jobs();
    j.mailer.failing = true;
    await t.db().query(`update pgboss.job set start_after = now(), retry_delay = 0, retry_backoff = false where id = $1`, [waiting!.id]);
    expect(await j.engine.drain()).toBe(6); // retries 1..6
    const [failed] = await j.engine.list({ states: ['failed'] });
    expect(failed).toMatchObject({ id: waiting!.id, state: 'failed', retryCount: 6, error: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect((await reminderRows(t.db(), appointment._id))[0]).toMatchObject({ state: 'sending', attempts: 7 });

    j.mailer.failing = false;
    expect(await j.engine.retry('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(await j.engine.retry(failed!.id)).toBe(true);
    expect(await j.engine.drain()).toBe(1);
    expect(j.mailer.sent).toHaveLength(1);
    expect(await j.engine.retry(failed!.id)).toBe(false); // completed now: nothing to retry
    expect((await reminderRows(t.db(), appointment._id))[0]).toMatchObject({ state: 'sent', attempts: 8 });
  });
});
