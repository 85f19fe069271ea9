/**
 * The end of a closed account's retention (server/jobs/purge.ts), on every backend: the
 * records of a closed account stay pseudonymised until both periods have ended (the clinical one
 * from the last consultation, the payment one from the last payment), then the daily job deletes
 * all of them, and nothing of any other account. The clock starts on Tuesday 11 March 2025 in the
 * clinic (tests/server/paymentSupport.ts); nothing sleeps: the test moves the clock and runs the
 * sweep as the job queue does (a queued `records.purge` job, drained in this process).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { purgeQueue } from '../../server/jobs/purge.js';
import type { Database } from '../../server/db/database.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { backends } from './helpers.js';
import { jobsOver, type TestJobs } from './jobsSupport.js';
import { closeAccountOf, completedConsultation } from './recordsSupport.js';
import { insertMessage, insertPhoto } from '../../server/repositories/chat.js';

const day = 86_400_000;

/** How many rows each table holds about these accounts (by account, appointment or payment). */
async function holdings(db: Database, userIds: string[]) {
  const count = async (sql: string) => Number((await db.query<{ n: string | number }>(`select count(*) as n from ${sql}`, [userIds])).rows[0]!.n);
  const appointmentsOf = 'select id from appointments where user_id = any($1::uuid[])';
  return {
    users: await count('users where id = any($1::uuid[])'),
    appointments: await count('appointments where user_id = any($1::uuid[])'),
    orders: await count(`orders where appointment_id in (${appointmentsOf})`),
    payments: await count('payments where user_id = any($1::uuid[])'),
    receipts: await count('receipts r join payments p on p.id = r.payment_id where p.user_id = any($1::uuid[])'),
    chat: await count(`chat_messages where appointment_id in (${appointmentsOf})`),
    photos: await count(`chat_photos where appointment_id in (${appointmentsOf})`),
    family: await count('family_members where user_id = any($1::uuid[])'),
    audit: await count(`audit_log where subject_user_id = any($1::uuid[]) or actor_user_id = any($1::uuid[]) or appointment_id in (${appointmentsOf})`),
  };
}

describe.each(backends)('purging closed accounts\' records on %s', (backend) => {
  const t = useAppointmentsApp(backend);
  const started: TestJobs[] = [];
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });
  const jobs = (retention?: { clinicalYears: number; paymentYears: number }) => {
    const j = jobsOver(t.db(), t.clock.now, retention ? { retention } : {});
    started.push(j);
    return j;
  };
  /** The daily job as pg-boss runs it: queued, then taken by a worker (here, this process). */
  const runDailyJob = async (j: TestJobs) => {
    await j.engine.send(purgeQueue, {});
    expect(await j.engine.drain([purgeQueue])).toBe(1);
  };
  const untilClinicDay = (date: string) => {
    const target = new Date(`${date}T03:00:00+05:30`).getTime();
    t.clock.advance(target - t.clock.now().getTime());
  };

  /** A closed account with a completed, paid consultation, a paid order, a chat with a photo, a family member and receipts. */
  async function closedAccount(name: string, startTime: string) {
    const { patient, appointment, orderId } = await completedConsultation(t, name, { startTime });
    const at = t.clock.now();
    const photoId = await insertPhoto(t.db(), { appointmentId: appointment._id, contentType: 'image/jpeg', width: 1, height: 1, data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) }, at);
    await insertMessage(t.db(), { appointmentId: appointment._id, senderUserId: patient.id, senderRole: 'patient', text: 'the rash', photoId }, at);
    await t.db().query(
      `insert into family_members (user_id, first_name, last_name, age, gender, relation, created_at, updated_at) values ($1, 'Aarav', 'K', 8, 'male', 'son', $2, $2)`,
      [patient.id, at],
    );
    const receipt = await t.app().inject({ method: 'GET', url: `/api/records/orders/${orderId}/receipt.pdf`, headers: patient.headers });
    expect(receipt.statusCode).toBe(200);
    await closeAccountOf(t, patient);
    return patient;
  }

  it('keeps a closed account\'s records until both periods have ended, then deletes all of them and nothing else', async () => {
    const closed = await closedAccount('sunita', '11:00');
    const live = (await completedConsultation(t, 'asha', { startTime: '11:30' })).patient;
    const before = await holdings(t.db(), [closed.id]);
    expect(before).toMatchObject({ users: 1, appointments: 1, orders: 1, payments: 2, receipts: 1, chat: 1, photos: 1, family: 1 });
    expect(before.audit).toBeGreaterThan(0);
    const liveBefore = await holdings(t.db(), [live.id]);
    const consented = await t.db().query(`select 1 from appointments where user_id = $1 and consent_text is not null and medicines->>'complain' <> ''`, [closed.id]);
    expect(consented.rows).toHaveLength(1);
    const j = jobs();

    // The clinical period (3 years from the consultation on 11 March 2025) has not ended.
    untilClinicDay('2028-03-10');
    await runDailyJob(j);
    expect(await holdings(t.db(), [closed.id])).toEqual(before);
    // It has, but not the payment period (8 years from the payments of 11 March 2025): the clinical
    // detail goes (prescription, consent, chat and photos, family members), the payment records and
    // what they name stay.
    untilClinicDay('2028-03-11');
    expect(await j.purge.sweep()).toEqual({ clinicalErased: 1, accounts: 0, appointments: 0, payments: 0 });
    const erased = { ...before, chat: 0, photos: 0, family: 0, audit: before.audit + 0 };
    expect(await holdings(t.db(), [closed.id])).toEqual(erased);
    const kept = (await t.db().query<{ medicines: { remedies: unknown[]; complain: string }; consent_text: string | null; consent_at: Date | null; date: string; consultation_type: string; consultation_fee: string | number; status: string; first_name: string }>(
      `select medicines, consent_text, consent_at, to_char(date, 'YYYY-MM-DD') as date, consultation_type, consultation_fee, status, first_name
         from appointments where user_id = $1`,
      [closed.id],
    )).rows[0]!;
    expect(kept).toMatchObject({ consent_text: null, consent_at: null, date: '2025-03-11', consultation_type: 'Video', status: 'Completed' });
    expect(kept.medicines).toMatchObject({ remedies: [], complain: '' });
    expect(Number(kept.consultation_fee)).toBeGreaterThan(0);
    expect(kept.first_name).not.toBe('सुनीता');
    // The receipts stay whole: the clinic's admin can still print them.
    const admin = await t.staff('admin', 'office-purge@sahaj-clinic.example');
    const { rows: [paid] } = await t.db().query<{ order_id: string }>(`select order_id from payments where user_id = $1 and purpose = 'order'`, [closed.id]);
    expect((await t.app().inject({ method: 'GET', url: `/api/records/orders/${paid!.order_id}/receipt.pdf`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.db().query(`select details from audit_log where action = 'records.clinical.erased'`)).rows).toEqual([
      { details: { accounts: 1, appointments: 1, retention: { clinicalYears: 3 } } },
    ]);
    // Once: the next days erase nothing more.
    const afterErasure = await holdings(t.db(), [closed.id]);
    untilClinicDay('2033-03-10');
    await runDailyJob(j);
    expect(await holdings(t.db(), [closed.id])).toEqual(afterErasure);

    // Both have: everything about the closed account goes, in one sweep; the live account keeps all.
    untilClinicDay('2033-03-11');
    t.clock.advance(8 * 3_600_000); // 11:00, past the payments' time of day (the order's at 10:50, once completed), 8 years on
    expect(await j.purge.sweep()).toEqual({ clinicalErased: 0, accounts: 1, appointments: 1, payments: 2 });
    expect(await holdings(t.db(), [closed.id])).toEqual({
      users: 0, appointments: 0, orders: 0, payments: 0, receipts: 0, chat: 0, photos: 0, family: 0, audit: 0,
    });
    expect(await holdings(t.db(), [live.id])).toEqual(liveBefore);
    // The audit log keeps that it happened, naming nobody.
    const purged = (await t.db().query<{ actor: string; actor_role: string; details: object; subject_user_id: string | null }>(
      `select actor, actor_role, details, subject_user_id from audit_log where action = 'records.purged'`,
    )).rows;
    expect(purged).toEqual([
      { actor: 'records purge', actor_role: 'operator', subject_user_id: null, details: { accounts: 1, appointments: 1, payments: 2, retention: { clinicalYears: 3, paymentYears: 8 } } },
    ]);
    // Nothing is left to do the next day.
    t.clock.advance(day);
    expect(await j.purge.sweep()).toEqual({ clinicalErased: 0, accounts: 0, appointments: 0, payments: 0 });
  });

  it('an account closed with nothing to keep goes at the next sweep; longer RETENTION_* periods keep the rest longer', async () => {
    const empty = await t.patient('nobody');
    await closeAccountOf(t, empty);
    const closed = await closedAccount('sunita', '11:00');
    const j = jobs({ clinicalYears: 5, paymentYears: 10 });
    expect(await j.purge.sweep()).toEqual({ clinicalErased: 0, accounts: 1, appointments: 0, payments: 0 });
    expect(await holdings(t.db(), [empty.id])).toMatchObject({ users: 0, audit: 0 });
    untilClinicDay('2030-03-10'); // 5 years on, less a day: the configured clinical period still runs
    expect(await j.purge.sweep()).toEqual({ clinicalErased: 0, accounts: 0, appointments: 0, payments: 0 });
    expect(await holdings(t.db(), [closed.id])).toMatchObject({ chat: 1, family: 1 });
    untilClinicDay('2033-03-12'); // 8 years on: the legal minimums have ended, the configured payment period has not
    expect(await j.purge.sweep()).toEqual({ clinicalErased: 1, accounts: 0, appointments: 0, payments: 0 });
    expect(await holdings(t.db(), [closed.id])).toMatchObject({ users: 1, payments: 2, chat: 0, family: 0 });
    untilClinicDay('2035-03-12');
    expect(await j.purge.sweep()).toEqual({ clinicalErased: 0, accounts: 1, appointments: 1, payments: 2 });
    expect(await holdings(t.db(), [closed.id])).toMatchObject({ users: 0, appointments: 0, payments: 0 });
  });

  it('the job is daily, at a quiet hour in the clinic (pg-boss cron in UTC)', () => {
    const queue = jobs().purge.queues.find((q) => q.name === purgeQueue);
    expect(queue?.cron).toBe('30 21 * * *'); // 21:30 UTC = 03:00 in Asia/Kolkata
  });
});
