/**
 * The mails a commit owes (server/jobs/commitMails.ts): the booking confirmation and the
 * prescription are keyed mails queued in the transaction that settles the payment or completes
 * the consultation, so they survive a crash after that commit, go out once per key, and are built
 * from the data as it is when they are sent.
 */
import type { FastifyInstance } from 'fastify';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { confirmationKey, jobMailRow, mailSendQueue, prescriptionKey } from '../../server/jobs/keyedMails.js';
import { cheapCost, MemoryMailer } from './accountsSupport.js';
import { cancel, pressPay, prescription, staffCall, toCompletable, useAppointmentsApp } from './appointmentsSupport.js';
import { backends, noClientDir } from './helpers.js';
import { sendQueuedMails } from './jobsSupport.js';
import { booked, checkout, post, publicUrl } from './paymentSupport.js';

/** The `mails.send` jobs waiting for `key` (not yet run). */
async function waitingSends(app: FastifyInstance, key: string): Promise<number> {
  const jobs = await app.jobs.engine.list({ states: ['created', 'retry'] });
  return jobs.filter((j) => j.queue === mailSendQueue && (j.data as { key?: string }).key === key).length;
}

describe.each(backends)('mails a commit owes on %s', (backend) => {
  const t = useAppointmentsApp(backend);

  it('a confirmation survives a crash after the settling commit, and a second settle queues no second mail', async () => {
    const patient = await t.patient('asha');
    const appointment = await booked(t.app(), patient, { startTime: '11:00' });
    const { checkoutPageUrl, merchantOrderId } = await checkout(t.app(), patient, appointment);
    expect(await pressPay(t.app(), checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess`);
    const key = confirmationKey(appointment._id);
    // Committed with the payment: the row and its send job exist, nothing was sent yet.
    expect(await jobMailRow(t.db(), key)).toMatchObject({ kind: 'confirmation', state: 'queued', attempts: 0 });
    expect(await waitingSends(t.app(), key)).toBe(1);
    expect(t.mailer().sent).toEqual([]);
    // The provider's word again (the browser's return, a second instance's press): no second mail queued.
    await t.app().inject(`/api/payment/return/${merchantOrderId}`);
    await post(await t.anotherInstance(), `${new URL(checkoutPageUrl).pathname}/pay`);
    expect(await waitingSends(t.app(), key)).toBe(1);

    // The process dies before its worker sent it (nothing ran); a restarted server sends it, once.
    const mailer = new MemoryMailer();
    const restarted = await buildApp({
      db: t.db(),
      clientDir: noClientDir,
      logger: false,
      config: loadConfig({ DATA_DIR: os.tmpdir(), PUBLIC_URL: publicUrl }),
      services: { now: t.clock.now, mailer, passwordCost: cheapCost },
    });
    try {
      expect(await sendQueuedMails(restarted.jobs)).toBe(1);
      expect(await sendQueuedMails(restarted.jobs)).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(mailer.sent.map((m) => [m.to, m.subject, m.idempotencyKey])).toEqual([
      ['asha@example.com', `Appointment confirmed: Tuesday, 11 March 2025 at 11:00 (${appointment.appointmentId})`, key],
    ]);
    expect(await jobMailRow(t.db(), key)).toMatchObject({ state: 'sent', attempts: 1, note: '' });
    await t.idle();
    expect(t.mailer().sent).toEqual([]);
  });

  it("a confirmation whose appointment was cancelled before it went out is dropped, and says why", async () => {
    const patient = await t.patient();
    const appointment = await booked(t.app(), patient, { startTime: '11:00' });
    const { checkoutPageUrl } = await checkout(t.app(), patient, appointment);
    await pressPay(t.app(), checkoutPageUrl);
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    await t.idle();
    expect(t.mailer().sent.filter((m) => m.subject.startsWith('Appointment confirmed'))).toEqual([]);
    expect(await jobMailRow(t.db(), confirmationKey(appointment._id))).toMatchObject({
      state: 'dropped',
      note: 'appointment cancelled before its confirmation went out',
    });
  });

  it('the prescription is queued by the completion that first shows it, once', async () => {
    const patient = await t.patient();
    const appointment = await booked(t.app(), patient, { startTime: '11:00' });
    await pressPay(t.app(), (await checkout(t.app(), patient, appointment)).checkoutPageUrl);
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    toCompletable(t.clock, '11:00');
    const complete = (body: object) => staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, body);
    expect((await complete(prescription)).statusCode).toBe(200);
    const key = prescriptionKey(appointment._id);
    expect(await jobMailRow(t.db(), key)).toMatchObject({ kind: 'prescription', state: 'queued' });
    expect(await waitingSends(t.app(), key)).toBe(1);
    // Hidden and shown again: the key is the appointment's, so no second mail is queued.
    expect((await complete({ ...prescription, showMedicine: false })).statusCode).toBe(200);
    expect((await complete(prescription)).statusCode).toBe(200);
    expect(await waitingSends(t.app(), key)).toBe(1);
    await t.idle();
    expect(t.mailer().sent.filter((m) => m.subject.startsWith('Your prescription')).map((m) => m.idempotencyKey)).toEqual([key]);
    expect(await jobMailRow(t.db(), key)).toMatchObject({ state: 'sent', attempts: 1 });
  });
});
