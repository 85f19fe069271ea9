/**
 * Refund mails on every backend: a refund flagged mails the patient what happens next,
 * once, in the account's language; one resolved first is dropped; ADMIN_EMAIL gets the day's
 * summary of open refunds from REFUND_SUMMARY_HOUR (clinic time), once a day, none when none open.
 *
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic. Nothing sleeps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { jobMailRow } from '../../server/jobs/keyedMails.js';
import { backends } from './helpers.js';
import { booked, checkout, type Patient } from './paymentSupport.js';
import { cancel, pressPay, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { jobsOver, type TestJobs } from './jobsSupport.js';
import { closeAccountOf } from './recordsSupport.js';

const hour = 3_600_000;
const admin = 'admin@sahaj-clinic.example';

describe('refund settings', () => {
  it('ADMIN_EMAIL and REFUND_SUMMARY_HOUR are read, and a bad value stops the start naming it', () => {
    expect(loadConfig({ ADMIN_EMAIL: admin, REFUND_SUMMARY_HOUR: '18' }).jobs).toMatchObject({ adminEmail: admin, refundSummaryHour: 18 });
    expect(() => loadConfig({ ADMIN_EMAIL: 'not an address' })).toThrow(/ADMIN_EMAIL must be one email address/);
    for (const bad of ['24', '-1', '9am', '7.5']) expect(() => loadConfig({ REFUND_SUMMARY_HOUR: bad })).toThrow(/REFUND_SUMMARY_HOUR must be an hour/);
    expect(() => loadConfig({ MORNING_LIST_HOUR: '25' })).toThrow(/MORNING_LIST_HOUR must be an hour/);
  });
});

describe.each(backends)('refund mails on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const started: TestJobs[] = [];
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });
  const jobs = (adminEmail: string | null = admin) => {
    const j = jobsOver(t.db(), t.clock.now, { config: { adminEmail } });
    started.push(j);
    return j;
  };
  const sweepAndSend = async (j: TestJobs) => {
    const queued = await j.mails.sweep();
    const ran = await j.engine.drain();
    return { queued, ran };
  };
  /** A patient's appointment cancelled while its checkout was open, then paid: the fee is owed back. */
  async function flagged(patient: Patient, startTime = '11:00') {
    const appointment = await booked(t.app(), patient, { startTime });
    const { checkoutPageUrl } = await checkout(t.app(), patient, appointment);
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    await pressPay(t.app(), checkoutPageUrl);
    await t.idle();
    return appointment;
  }

  it('tells the patient once what happens next; the admin gets the open refunds from 9:00, once a day', async () => {
    const patient = await t.patient();
    const appointment = await flagged(patient);
    const j = jobs();
    // 10:00: the patient's notice, and Tuesday's summary (due since 9:00).
    expect(await sweepAndSend(j)).toEqual({ queued: 2, ran: 2 });
    const notice = j.mailer.sent.find((m) => m.to === patient.email)!;
    expect(notice.subject).toBe(`Your fee will be refunded (${appointment.appointmentId})`);
    expect(notice.text).toContain(`Appointment ${appointment.appointmentId} was cancelled after its fee was paid.`);
    expect(notice.text).toContain('The clinic will refund ₹600.00 to you.');
    expect(notice.idempotencyKey).toMatch(/^refund:payment:[0-9a-f-]{36}$/);
    const summaries = () => j.mailer.sent.filter((m) => m.to === admin);
    expect(summaries()).toHaveLength(1);
    // Again, on this or a later minute of the day: nothing new.
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    t.clock.advance(23 * hour - 1); // Wednesday 08:59:59
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    t.clock.advance(1); // Wednesday 09:00
    expect(await sweepAndSend(j)).toEqual({ queued: 1, ran: 1 });
    expect(await sweepAndSend(j)).toEqual({ queued: 0, ran: 0 });
    const [tuesday, wednesday] = summaries();
    expect(tuesday!.subject).toBe('Open refunds: 1 (2025-03-11)');
    expect(wednesday!.subject).toBe('Open refunds: 1 (2025-03-12)');
    expect(wednesday!.text).toContain(`${appointment.appointmentId}  ${appointment.firstName} ${appointment.lastName}  ₹600.00  flagged 2025-03-11  (cancelled after paying)`);
    expect(wednesday!.text).toContain('http://localhost:3000/#/staff/admin/refunds');
    // The patient's notice went once.
    expect(j.mailer.sent.filter((m) => m.to === patient.email)).toHaveLength(1);
  });

  it("in the patient's language", async () => {
    const patient = await t.patient();
    await t.db().query(`update users set language = 'mr' where id = $1`, [patient.id]);
    const appointment = await flagged(patient);
    const j = jobs(null);
    await sweepAndSend(j);
    const notice = j.mailer.sent[0]!;
    expect(notice.subject).toBe(`तुमची फी परत केली जाईल (${appointment.appointmentId})`);
    expect(notice.text).toContain(`अपॉइंटमेंट ${appointment.appointmentId} रद्द झाली आहे, पण तिची फी भरलेली होती.`);
    expect(notice.html).toContain('<html lang="mr">');
  });

  it('a refund resolved before its mail went out is dropped; no summary without ADMIN_EMAIL or with none open', async () => {
    const patient = await t.patient();
    await flagged(patient);
    const j = jobs(null);
    expect(await j.mails.sweep()).toBe(1);
    const adminUser = await t.staff('admin', 'owner@sahaj-clinic.example');
    const list = await staffCall(t.app(), adminUser, 'GET', '/refunds?state=open');
    expect(list.statusCode).toBe(200);
    const refund = (list.json() as { _id: string }[])[0]!;
    // The payment's refund through the provider started by itself; while it is under way an
    // admin cannot record one by hand too. Say it failed (the sandbox never does), and the admin
    // pays it back at the desk.
    expect((await staffCall(t.app(), adminUser, 'POST', `/refunds/${refund._id}/resolve`, { note: 'paid back at the desk' })).statusCode).toBe(409);
    await t.db().query(`update provider_refunds set state = 'failed', next_check_at = null where payment_id = $1`, [refund._id]);
    expect((await staffCall(t.app(), adminUser, 'POST', `/refunds/${refund._id}/resolve`, { note: 'paid back at the desk' })).statusCode).toBe(200);
    expect(await j.engine.drain()).toBe(1);
    expect(j.mailer.sent).toHaveLength(0);
    expect(await jobMailRow(t.db(), `refund:payment:${refund._id}`)).toMatchObject({ state: 'dropped', note: 'refund resolved before its mail went out' });
    // With ADMIN_EMAIL but nothing open: the day's summary is recorded as dropped, nothing sent.
    const withAdmin = jobs();
    expect(await sweepAndSend(withAdmin)).toEqual({ queued: 1, ran: 1 });
    expect(withAdmin.mailer.sent).toHaveLength(0);
    expect(await jobMailRow(t.db(), 'refund-summary:2025-03-11')).toMatchObject({ state: 'dropped', note: 'no refunds open' });
  });

  it("no notice to a closed account's pseudonymous address, whether it closed before the sweep or after it", async () => {
    const closedFirst = await t.patient('closed-first');
    const closedLater = await t.patient('closed-later');
    await flagged(closedFirst, '11:00');
    await flagged(closedLater, '11:15');
    await closeAccountOf(t, closedFirst);
    const j = jobs(null);
    // Only the live account's notice is due.
    expect(await j.mails.sweep()).toBe(1);
    await closeAccountOf(t, closedLater);
    expect(await j.engine.drain()).toBe(1);
    expect(await j.mails.sweep()).toBe(0);
    expect(j.mailer.sent).toEqual([]);
    const [row] = (await t.db().query<{ key: string }>(`select key from job_mails where key like 'refund:%'`)).rows;
    expect(await jobMailRow(t.db(), row!.key)).toMatchObject({ state: 'dropped', note: 'account closed: nobody receives its mail' });
  });
});
