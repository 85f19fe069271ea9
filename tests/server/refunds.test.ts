/**
 * Refunds by the cancellation policy, on every backend (docs/refunds.md):
 *
 * - the policy (CANCEL_FREE_HOURS): a patient's cancel at least N hours before the start refunds
 *   a paid fee, a moment later none; the clinic's cancel always refunds;
 * - the refund job against the local fake of PhonePe (paymentPhonePeFake.ts): completed at once;
 *   pending, checked until completed; failed, then an admin's retry with a new key; an answer
 *   lost after the request (asked by status, never sent twice);
 * - never two refunds of one payment, with two instances on PostgreSQL.
 *
 * The clock starts on Tuesday 11 March 2025, 10:00 in the clinic; the appointment is at 11:00.
 * Nothing sleeps: the test moves the clock, sweeps and drains the jobs itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { refundWorkQueue } from '../../server/refunds/queue.js';
import { backends } from './helpers.js';
import { type FakePhonePe, fakePhonePeEnv, startFakePhonePe } from './paymentPhonePeFake.js';
import { appointmentRow, booked, checkout, type Patient } from './paymentSupport.js';
import { bookedAndPaid, cancel, listOf, staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { sendQueuedMails } from './jobsSupport.js';
import { pdfText } from './pdfSupport.js';

const minute = 60_000;
const hour = 60 * minute;

describe('CANCEL_FREE_HOURS', () => {
  it('is 24 by default, a whole number of hours up to 720, and a bad value stops the start naming it', () => {
    expect(loadConfig({}).payments.cancelFreeHours).toBe(24);
    expect(loadConfig({ CANCEL_FREE_HOURS: '0' }).payments.cancelFreeHours).toBe(0);
    expect(loadConfig({ CANCEL_FREE_HOURS: '48' }).payments.cancelFreeHours).toBe(48);
    for (const bad of ['-1', '1.5', '721', 'a day']) expect(() => loadConfig({ CANCEL_FREE_HOURS: bad })).toThrow(/CANCEL_FREE_HOURS must be a whole number/);
  });
});

async function refundRows(t: { db(): import('../../server/db/database.js').Database }, appointmentId: string) {
  const { rows } = await t.db().query<{ id: string; attempt: number; state: string; merchant_refund_id: string; error_code: string | null; requested_at: Date | null }>(
    'select id, attempt, state, merchant_refund_id, error_code, requested_at from provider_refunds where appointment_id = $1 order by attempt',
    [appointmentId],
  );
  return rows;
}

describe.each(backends)('the cancellation policy on %s (sandbox provider)', (backend) => {
  const t = useAppointmentsApp(backend, { env: { CANCEL_FREE_HOURS: '1' } });
  const listed = async (patient: Patient, id: string) => ((await listOf(t.app(), patient, patient.email)).json() as any[]).find((a) => a._id === id);

  it('a patient who cancels exactly N hours before the start has the fee refunded, mailed once it completed', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient);
    // 10:00, the appointment at 11:00, CANCEL_FREE_HOURS 1: the last instant of free cancellation.
    expect((await listed(patient, appointment._id)).freeCancelUntil).toBe(t.clock.now().toISOString());
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Cancelled', payment_status: 'refund' });
    expect(await refundRows(t, appointment._id)).toMatchObject([{ attempt: 1, state: 'new' }]);
    expect((await listed(patient, appointment._id)).refundState).toBe('pending');
    // The sweep queues its run; the sandbox completes it at once.
    expect(await t.app().jobs.refunds!.sweep()).toBe(1);
    expect(await t.app().jobs.engine.drain([refundWorkQueue])).toBe(1);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'completed' }]);
    expect((await listed(patient, appointment._id)).refundState).toBe('refunded');
    await sendQueuedMails(t.app().jobs);
    const done = t.mailer().sent.filter((m) => m.to === patient.email && /has been refunded/.test(m.subject));
    expect(done).toHaveLength(1);
    expect(done[0]!.text).toContain(`₹${appointment.consultationFee}`);
    // Nothing more to do.
    expect(await t.app().jobs.refunds!.sweep()).toBe(0);
  });

  it('the console shows admins the setting, read-only (GET /staff/me), and nobody else', async () => {
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const doctor = await t.staff('doctor', 'meera.kulkarni@sahaj-clinic.example');
    expect((await staffCall(t.app(), admin, 'GET', '/me')).json()).toMatchObject({ role: 'admin', cancelFreeHours: 1 });
    expect((await staffCall(t.app(), doctor, 'GET', '/me')).json()).not.toHaveProperty('cancelFreeHours');
  });

  it('a moment later, no refund: the fee stays paid, not refundable', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient);
    t.clock.advance(1);
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Cancelled', payment_status: 'paid' });
    expect(await refundRows(t, appointment._id)).toEqual([]);
    expect((await listed(patient, appointment._id)).refundState).toBe('notRefundable');
  });

  it('a cancel told the fee is refunded is refused once free cancellation has ended, and not cancelled', async () => {
    const patient = await t.patient();
    const appointment = await bookedAndPaid(t.app(), patient);
    const url = `/api/appointment/delete/${patient.id}/${appointment._id}?refund=expected`;
    t.clock.advance(1);
    const late = await t.app().inject({ method: 'DELETE', url, headers: patient.headers });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'appointment.refundWindowClosed' });
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Booked', payment_status: 'paid' });
    // In time, the same request cancels and refunds.
    t.clock.advance(-1);
    expect((await t.app().inject({ method: 'DELETE', url, headers: patient.headers })).statusCode).toBe(200);
    expect(await appointmentRow(t.db(), appointment._id)).toMatchObject({ status: 'Cancelled', payment_status: 'refund' });
  });

  it('an unpaid hold cancelled in time refunds nothing (there is nothing to refund)', async () => {
    const patient = await t.patient();
    const appointment = await booked(t.app(), patient);
    expect((await listed(patient, appointment._id)).freeCancelUntil).toBeUndefined();
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    expect(await refundRows(t, appointment._id)).toEqual([]);
  });

  it("the clinic's cancel always refunds, even inside the last N hours", async () => {
    const patient = await t.patient();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    const appointment = await bookedAndPaid(t.app(), patient);
    t.clock.advance(30 * minute);
    const res = await staffCall(t.app(), admin, 'POST', `/appointments/${appointment._id}/cancel`, { reason: 'Doctor unavailable' });
    expect(res.statusCode).toBe(200);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ attempt: 1, state: 'new' }]);
    await t.app().jobs.refunds!.sweep();
    await t.app().jobs.engine.drain([refundWorkQueue]);
    const list = (await staffCall(t.app(), admin, 'GET', '/refunds?state=resolved')).json() as any[];
    expect(list.find((r) => r.appointmentId === appointment._id)).toMatchObject({
      automatic: { state: 'completed', attempt: 1 },
      resolved: { by: 'sandbox refund', note: expect.stringMatching(/^Refunded through sandbox: RF1_/) },
    });
  });
});

describe.each(backends)('refunds through PhonePe on %s', (backend) => {
  let fake: FakePhonePe;
  const env: Record<string, string> = {};
  const t = useAppointmentsApp(backend, { env });
  beforeAll(async () => {
    fake = await startFakePhonePe(t.clock.now);
    Object.assign(env, fakePhonePeEnv(fake));
  });
  afterAll(() => fake.close());

  const jobs = () => t.app().jobs;
  const calls = (kind: string) => fake.calls.filter((c) => c === kind).length;
  /** A paid appointment next Tuesday (a week ahead: well inside free cancellation), cancelled by its patient. */
  async function cancelledPaid() {
    fake.refundOutcome = 'COMPLETED';
    fake.refundsDown = false;
    const patient = await t.patient();
    const appointment = await booked(t.app(), patient, { date: '2025-03-18' });
    const { merchantOrderId } = await checkout(t.app(), patient, appointment);
    fake.complete(merchantOrderId);
    expect((await t.app().inject(`/api/payment/return/${merchantOrderId}`)).statusCode).toBe(303);
    expect((await cancel(t.app(), patient, patient.id, appointment._id)).statusCode).toBe(200);
    const [refund] = await refundRows(t, appointment._id);
    return { patient, appointment, merchantOrderId, refund: refund! };
  }
  async function sweepAndWork(): Promise<number> {
    const queued = await jobs().refunds!.sweep();
    expect(await jobs().engine.drain([refundWorkQueue])).toBe(queued);
    return queued;
  }

  it('completed at once: one refund of the whole fee under the keyed id, recorded as paid back', async () => {
    const { patient, appointment, merchantOrderId, refund } = await cancelledPaid();
    expect(await sweepAndWork()).toBe(1);
    expect([...fake.refunds.values()]).toEqual([
      expect.objectContaining({ merchantRefundId: refund.merchant_refund_id, merchantOrderId, amount: appointment.consultationFee * 100, state: 'COMPLETED' }),
    ]);
    expect(refund.merchant_refund_id).toMatch(/^RF1_[0-9a-f]{32}$/);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'completed' }]);
    expect(await sweepAndWork()).toBe(0);
    // Nobody's hand moved the money: the audit names the provider, the patient and the amount, once.
    const audit = await t.db().query<{ actor: string; actor_role: string; subject_user_id: string; details: Record<string, unknown> }>(
      `select actor, actor_role, subject_user_id, details from audit_log where action = 'refund.completed' and appointment_id = $1`,
      [appointment._id],
    );
    expect(audit.rows).toEqual([
      {
        actor: 'phonepe refund',
        actor_role: 'operator',
        subject_user_id: patient.id,
        details: expect.objectContaining({ amount: appointment.consultationFee, merchantOrderId, merchantRefundId: refund.merchant_refund_id }),
      },
    ]);
    // The receipt gives the refund its own number of the one sequence, and the day it went back.
    const receipt = await t.app().inject({ method: 'GET', url: `/api/records/appointments/${appointment._id}/receipt.pdf`, headers: patient.headers });
    expect(receipt.statusCode).toBe(200);
    const text = pdfText(receipt.rawPayload);
    expect(text).toMatch(/Refund receipt\s+RCT-\d{6}/);
    expect(text).toMatch(/-₹[0-9.]+ refunded on 11 March 2025/);
  });

  it('a payment that cannot be applied goes back by itself: the appointment cancelled while its checkout was open, a second payment of a paid one', async () => {
    fake.refundOutcome = 'COMPLETED';
    fake.refundsDown = false;
    const patient = await t.patient();
    // Cancelled (unpaid: nothing to refund yet) while the checkout was open; the money arrives after.
    const cancelled = await booked(t.app(), patient, { date: '2025-03-18' });
    const late = await checkout(t.app(), patient, cancelled);
    expect((await cancel(t.app(), patient, patient.id, cancelled._id)).statusCode).toBe(200);
    expect(await refundRows(t, cancelled._id)).toEqual([]);
    fake.complete(late.merchantOrderId);
    expect((await t.app().inject(`/api/payment/return/${late.merchantOrderId}`)).statusCode).toBe(303);
    expect(await appointmentRow(t.db(), cancelled._id)).toMatchObject({ status: 'Cancelled', payment_status: 'refund' });
    expect(await refundRows(t, cancelled._id)).toMatchObject([{ attempt: 1, state: 'new' }]);

    // Paid twice from two checkouts: the first pays it, the second goes back.
    const twice = await booked(t.app(), patient, { date: '2025-03-18', startTime: '12:00' });
    const first = await checkout(t.app(), patient, twice);
    const second = await checkout(t.app(), patient, twice);
    for (const { merchantOrderId } of [first, second]) {
      fake.complete(merchantOrderId);
      expect((await t.app().inject(`/api/payment/return/${merchantOrderId}`)).statusCode).toBe(303);
    }
    expect(await appointmentRow(t.db(), twice._id)).toMatchObject({ payment_status: 'paid' });
    expect(await refundRows(t, twice._id)).toMatchObject([{ attempt: 1, state: 'new' }]);

    expect(await sweepAndWork()).toBe(2);
    expect(await refundRows(t, cancelled._id)).toMatchObject([{ state: 'completed' }]);
    expect(await refundRows(t, twice._id)).toMatchObject([{ state: 'completed' }]);
    const refunded = [...fake.refunds.values()].map((r) => r.merchantOrderId).sort();
    expect(refunded).toEqual(expect.arrayContaining([late.merchantOrderId, second.merchantOrderId]));
    expect(refunded).not.toContain(first.merchantOrderId);
  });

  it('pending, then checked by status until PhonePe completes it', async () => {
    const { appointment, refund } = await cancelledPaid();
    fake.refundOutcome = 'PENDING';
    expect(await sweepAndWork()).toBe(1);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'pending' }]);
    // The next check is a minute away.
    expect(await sweepAndWork()).toBe(0);
    const statusBefore = calls('refundStatus');
    t.clock.advance(minute);
    expect(await sweepAndWork()).toBe(1);
    expect(calls('refundStatus')).toBe(statusBefore + 1);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'pending' }]);
    fake.finishRefund(refund.merchant_refund_id, 'COMPLETED');
    t.clock.advance(minute);
    expect(await sweepAndWork()).toBe(1);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'completed' }]);
    expect(calls('refund')).toBeGreaterThan(0);
    expect([...fake.refunds.values()].filter((r) => r.merchantOrderId === fake.refunds.get(refund.merchant_refund_id)!.merchantOrderId)).toHaveLength(1);
  });

  it('failed: left for an admin, who retries it with a new key; a second retry is refused', async () => {
    const { appointment, refund } = await cancelledPaid();
    const admin = await t.staff('admin', 'office@sahaj-clinic.example');
    fake.refundOutcome = 'FAILED';
    await sweepAndWork();
    fake.refundOutcome = 'COMPLETED';
    t.clock.advance(hour);
    // A failed refund is final: nothing is asked again by itself.
    expect(await sweepAndWork()).toBe(0);
    const [failed] = await refundRows(t, appointment._id);
    expect(failed).toMatchObject({ state: 'failed', error_code: 'BANK_DECLINED' });
    const open = ((await staffCall(t.app(), admin, 'GET', '/refunds')).json() as any[]).find((r) => r.appointmentId === appointment._id);
    expect(open).toMatchObject({ resolved: null, automatic: { state: 'failed', attempt: 1, errorCode: 'BANK_DECLINED' } });
    const retried = await staffCall(t.app(), admin, 'POST', `/refunds/${open._id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ message: 'Refund asked of the payment provider again.', refund: { automatic: { state: 'new', attempt: 2 } } });
    // While it runs, it can be neither retried nor recorded by hand.
    const again = await staffCall(t.app(), admin, 'POST', `/refunds/${open._id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('admin.refundNotRetryable');
    const byHand = await staffCall(t.app(), admin, 'POST', `/refunds/${open._id}/resolve`, { note: 'Paid in cash' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().code).toBe('admin.refundInProgress');
    expect(await sweepAndWork()).toBe(1);
    const rows = await refundRows(t, appointment._id);
    expect(rows).toMatchObject([{ attempt: 1, state: 'failed' }, { attempt: 2, state: 'completed' }]);
    expect(rows[1]!.merchant_refund_id).not.toBe(refund.merchant_refund_id);
    const done = await staffCall(t.app(), admin, 'POST', `/refunds/${open._id}/retry`);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('admin.refundAlreadyResolved');
  });

  it('PhonePe unreachable: nothing fails, the next check asks again; an answer lost after the request is asked by status, never sent twice', async () => {
    const { appointment, refund } = await cancelledPaid();
    fake.refundsDown = true;
    expect(await sweepAndWork()).toBe(1);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'new', requested_at: expect.any(Date) }]);
    fake.refundsDown = false;
    t.clock.advance(minute);
    const sent = calls('refund');
    // Asked by status first (PhonePe has none: the request never arrived), then requested, under the same key.
    expect(await sweepAndWork()).toBe(1);
    expect(calls('refund')).toBe(sent + 1);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'completed' }]);
    expect(fake.refunds.has(refund.merchant_refund_id)).toBe(true);
    // The run dies after PhonePe took the request (its row back to new, as before the answer): asked by status, not sent again.
    await t.db().query("update provider_refunds set state = 'new', next_check_at = $2, finished_at = null where id = $1", [refund.id, t.clock.now()]);
    await t.db().query('delete from refund_resolutions where payment_id = (select payment_id from provider_refunds where id = $1)', [refund.id]);
    const before = calls('refund');
    expect(await sweepAndWork()).toBe(1);
    expect(calls('refund')).toBe(before);
    expect(await refundRows(t, appointment._id)).toMatchObject([{ state: 'completed' }]);
  });

  // Two instances over one database: PostgreSQL only (PGlite lets one process in), so these are
  // collected on that backend alone rather than skipped on the other.
  if (backend === 'postgres') {
    it('two instances sweeping and working at once make one refund', async () => {
      const { appointment, merchantOrderId } = await cancelledPaid();
      const second = await t.anotherInstance();
      await jobs().engine.prepare();
      await second.jobs.engine.prepare();
      const sent = calls('refund');
      const [a, b] = await Promise.all([jobs().refunds!.sweep(), second.jobs.refunds!.sweep()]);
      expect(a + b).toBe(1);
      const [refund] = await refundRows(t, appointment._id);
      // Both run the attempt at once as well (a job and a sweep's job), twice each.
      await Promise.all([
        jobs().refunds!.work(refund!.id),
        second.jobs.refunds!.work(refund!.id),
        jobs().engine.drain([refundWorkQueue]),
        second.jobs.engine.drain([refundWorkQueue]),
        jobs().refunds!.work(refund!.id),
        second.jobs.refunds!.work(refund!.id),
      ]);
      expect(calls('refund') - sent).toBe(1);
      expect([...fake.refunds.values()].filter((r) => r.merchantOrderId === merchantOrderId)).toHaveLength(1);
      expect(await refundRows(t, appointment._id)).toMatchObject([{ attempt: 1, state: 'completed' }]);
    });

    it("the patient's cancel and an admin's at once on two instances start one refund", async () => {
      fake.refundOutcome = 'COMPLETED';
      const patient = await t.patient();
      const admin = await t.staff('admin', 'office@sahaj-clinic.example');
      const appointment = await booked(t.app(), patient, { date: '2025-03-18' });
      const { merchantOrderId } = await checkout(t.app(), patient, appointment);
      fake.complete(merchantOrderId);
      await t.app().inject(`/api/payment/return/${merchantOrderId}`);
      const second = await t.anotherInstance();
      const answers = await Promise.all([
        cancel(t.app(), patient, patient.id, appointment._id),
        staffCall(second, admin, 'POST', `/appointments/${appointment._id}/cancel`, { reason: 'Doctor unavailable' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await refundRows(t, appointment._id)).toMatchObject([{ attempt: 1, state: 'new' }]);
      await Promise.all([jobs().refunds!.sweep(), second.jobs.refunds!.sweep()]);
      await Promise.all([jobs().engine.drain([refundWorkQueue]), second.jobs.engine.drain([refundWorkQueue])]);
      expect([...fake.refunds.values()].filter((r) => r.merchantOrderId === merchantOrderId)).toHaveLength(1);
    });
  }
});
