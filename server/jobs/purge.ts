/**
 * The end of a closed account's retention (docs/records.md "Retention after closing").
 *
 * Closing an account (repositories/records.ts closeAccount) keeps its clinical and payment records
 * pseudonymised. Once both periods have ended, at the server's clock `now`:
 * - the clinical one (RETENTION_CLINICAL_YEARS, 3) from its last consultation (the latest
 *   appointment date, clinic time), and
 * - the payment one (RETENTION_PAYMENT_YEARS, 8) from its last payment (settled, else created),
 * (an account without appointments or payments has nothing to keep: it goes at the next sweep)
 * everything left of the account is deleted in one transaction per account: its chat messages and
 * photos, consultation rooms and reminders (with their appointments), receipts, refund records,
 * payments, orders, appointments, family members, the audit rows about them, and the account row.
 * The audit log then holds one `records.purged` row with the counts, naming nobody.
 *
 * Both periods, not each on its own: a payment record names what it paid for (the appointment's
 * date, type and fee), so the appointments stay as long as their payments. What a payment record
 * does not need goes earlier: once the clinical period alone has ended, the account's clinical
 * detail is erased (`eraseClinicalDetail`: prescriptions, consent, chat and photos, consultation
 * rooms and events, the doctor's no-answer notes, family members), once, marked by
 * `users.clinical_erased_at` (023), with one `records.clinical.erased` audit row naming nobody.
 * The appointment rows keep what the payments name (number, date, time, doctor, type, fee,
 * status) and the pseudonymised person with age and gender (the record's shape needs them; without
 * a name they identify nobody; they go at the purge).
 *
 * Queue `records.purge`: a pg-boss cron job once a day (21:30 UTC, 03:00 in the clinic), on one
 * instance per tick; it sweeps accounts in batches, each locked (`for update skip locked`), so two
 * sweeps at once never purge one account twice. Tests call `sweep()` after moving the clock.
 */
import { eraseVersions } from '../verify/repository.js';
import type { Database, Queryable } from '../db/database.js';
import { insertAudit } from '../repositories/staff.js';
import { legalRetention, type Retention } from '../records/config.js';
import type { QueueDefinition } from './engine.js';

export const purgeQueue = 'records.purge';

export interface PurgeOptions {
  db: Database;
  now: () => Date;
  /** RETENTION_*; the legal minimums when absent. */
  retention?: Retention;
}

export interface PurgeResult {
  /** Accounts whose clinical detail this sweep erased (their payment period still runs). */
  clinicalErased: number;
  accounts: number;
  appointments: number;
  payments: number;
}

const batchSize = 50;

/**
 * Closed patient accounts whose periods have both ended at `at`, locked for this transaction.
 * Dates are compared in clinic time: a period ends on the same calendar day N years later.
 */
async function dueAccounts(q: Queryable, at: Date, retention: Retention): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select u.id from users u
      where u.deleted_at is not null and u.role = 'patient'
        and coalesce((select max(a.date) from appointments a where a.user_id = u.id)
                       + make_interval(years => $2) <= ($1::timestamptz at time zone 'Asia/Kolkata')::date, true)
        and coalesce((select max(coalesce(p.settled_at, p.created_at)) from payments p where p.user_id = u.id)
                       + make_interval(years => $3) <= $1::timestamptz, true)
      order by u.deleted_at, u.id
      limit $4
      for update of u skip locked`,
    [at, retention.clinicalYears, retention.paymentYears, batchSize],
  );
  return rows.map((r) => r.id);
}

/** Closed patient accounts whose clinical period has ended at `at` and whose clinical detail is still there, locked. */
async function dueForClinicalErasure(q: Queryable, at: Date, retention: Retention): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select u.id from users u
      where u.deleted_at is not null and u.role = 'patient' and u.clinical_erased_at is null
        -- null (no appointment: nothing clinical) is not due
        and (select max(a.date) from appointments a where a.user_id = u.id)
              + make_interval(years => $2) <= ($1::timestamptz at time zone 'Asia/Kolkata')::date
      order by u.deleted_at, u.id
      limit $3
      for update of u skip locked`,
    [at, retention.clinicalYears, batchSize],
  );
  return rows.map((r) => r.id);
}

/** Erases one closed account's clinical detail, keeping what its payment records name; answers how many appointments it touched. */
async function eraseClinicalDetail(tx: Queryable, userId: string, at: Date): Promise<number> {
  const appointments = (await tx.query<{ id: string }>('select id from appointments where user_id = $1', [userId])).rows.map((r) => r.id);
  // Messages before photos (a message names its photo); read marks with them.
  await tx.query('delete from chat_messages where appointment_id = any($1::uuid[])', [appointments]);
  await tx.query('delete from chat_photos where appointment_id = any($1::uuid[])', [appointments]);
  await tx.query('delete from chat_reads where appointment_id = any($1::uuid[])', [appointments]);
  await tx.query('delete from consultation_rooms where appointment_id = any($1::uuid[])', [appointments]);
  await tx.query('delete from consultation_events where appointment_id = any($1::uuid[])', [appointments]);
  // The audit rows that carry a doctor's note about the consultation.
  await tx.query(`delete from audit_log where action = 'call.noanswer' and appointment_id = any($1::uuid[])`, [appointments]);
  await tx.query(
    `update appointments set medicines = default, consent_text = null, consent_at = null, family_member_id = null, updated_at = $2
      where id = any($1::uuid[])`,
    [appointments, at],
  );
  // The prescription's earlier versions go with it; their printed codes verify as revoked.
  await eraseVersions(tx, appointments, at);
  await tx.query('delete from family_members where user_id = $1', [userId]);
  await tx.query('update users set clinical_erased_at = $2 where id = $1', [userId, at]);
  return appointments.length;
}

/** Deletes what is left of one closed account; answers the counts. */
async function purgeAccount(tx: Queryable, userId: string): Promise<{ appointments: number; payments: number }> {
  const ids = async (sql: string) => (await tx.query<{ id: string }>(sql, [userId])).rows.map((r) => r.id);
  const appointments = await ids('select id from appointments where user_id = $1');
  const orders = await ids('select o.id from orders o join appointments a on a.id = o.appointment_id where a.user_id = $1');
  const paymentRows = (
    await tx.query<{ id: string; merchant_order_id: string }>(
      `select id, merchant_order_id from payments
        where user_id = $1 or appointment_id = any($2::uuid[]) or order_id = any($3::uuid[])`,
      [userId, appointments, orders],
    )
  ).rows;
  const payments = paymentRows.map((p) => p.id);
  await tx.query('delete from receipts where payment_id = any($1::uuid[])', [payments]);
  await tx.query(
    'delete from refund_resolutions where payment_id = any($1::uuid[]) or appointment_id = any($2::uuid[]) or order_id = any($3::uuid[])',
    [payments, appointments, orders],
  );
  await tx.query('delete from sandbox_checkouts where merchant_order_id = any($1::text[])', [paymentRows.map((p) => p.merchant_order_id)]);
  await tx.query('delete from payments where id = any($1::uuid[])', [payments]);
  await tx.query(
    'delete from audit_log where appointment_id = any($2::uuid[]) or actor_user_id = $1 or subject_user_id = $1',
    [userId, appointments],
  );
  await tx.query('delete from orders where id = any($1::uuid[])', [orders]);
  // Chat messages and photos, consultation rooms and events, reminders: on delete cascade.
  await tx.query('delete from appointments where id = any($1::uuid[])', [appointments]);
  // Family members, sessions, read marks: on delete cascade.
  await tx.query('delete from users where id = $1', [userId]);
  return { appointments: appointments.length, payments: payments.length };
}

/** The purge's audit row: what one batch erased or purged, by the records purge itself. */
const purgeAudit = (tx: Queryable, action: string, details: Record<string, unknown>, at: Date) =>
  insertAudit(tx, { actorUserId: null, actor: 'records purge', actorRole: 'operator', action, details }, at);

/** The clinical detail of every account due, a batch per transaction; answers how many accounts. */
async function eraseClinical(db: Database, now: () => Date, retention: Retention): Promise<number> {
  let erased = 0;
  for (;;) {
    const at = now();
    const due = await db.transaction(async (tx) => {
      const accounts = await dueForClinicalErasure(tx, at, retention);
      let appointments = 0;
      for (const userId of accounts) appointments += await eraseClinicalDetail(tx, userId, at);
      if (accounts.length > 0) {
        await purgeAudit(tx, 'records.clinical.erased', { accounts: accounts.length, appointments, retention: { clinicalYears: retention.clinicalYears } }, at);
      }
      return accounts.length;
    });
    erased += due;
    if (due < batchSize) return erased;
  }
}

/** Every account past its period purged whole, a batch per transaction. */
async function purgeAccounts(db: Database, now: () => Date, retention: Retention): Promise<Omit<PurgeResult, 'clinicalErased'>> {
  const total = { accounts: 0, appointments: 0, payments: 0 };
  for (;;) {
    const at = now();
    const batch = await db.transaction(async (tx) => {
      const due = await dueAccounts(tx, at, retention);
      const counts = { accounts: 0, appointments: 0, payments: 0 };
      for (const userId of due) {
        const purged = await purgeAccount(tx, userId);
        counts.accounts += 1;
        counts.appointments += purged.appointments;
        counts.payments += purged.payments;
      }
      if (due.length > 0) {
        const period = { clinicalYears: retention.clinicalYears, paymentYears: retention.paymentYears };
        await purgeAudit(tx, 'records.purged', { ...counts, retention: period }, at);
      }
      return { due: due.length, counts };
    });
    total.accounts += batch.counts.accounts;
    total.appointments += batch.counts.appointments;
    total.payments += batch.counts.payments;
    if (batch.due < batchSize) return total;
  }
}

export function createPurge(options: PurgeOptions) {
  const { db, now } = options;
  const retention = options.retention ?? legalRetention;

  /** One sweep at the server's clock: clinical detail past its period, then every account due, a batch per transaction. */
  async function sweep(): Promise<PurgeResult> {
    const clinicalErased = await eraseClinical(db, now, retention);
    return { clinicalErased, ...(await purgeAccounts(db, now, retention)) };
  }

  const queues: QueueDefinition<any>[] = [
    {
      name: purgeQueue,
      // Once a day at 03:00 in the clinic (pg-boss's cron is UTC): a quiet hour.
      cron: '30 21 * * *',
      retryLimit: 3,
      retryDelaySeconds: 15 * 60,
      expireInSeconds: 30 * 60,
      handler: async () => {
        await sweep();
      },
    },
  ];

  return { sweep, queues, retention };
}
export type Purge = ReturnType<typeof createPurge>;
