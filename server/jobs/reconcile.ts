/**
 * Payment reconciliation: a payment left pending (the patient closed the checkout, the
 * webhook never came) is checked with its provider on PhonePe's documented schedule
 * (server/payment/checkSchedule.ts) and settled exactly as the webhook settles it
 * (`payments.settle`, the same path, the same idempotent conditions). One still pending long
 * after its checkout's expiry is given up on (`payments.failStale`): failed, its slot free.
 *
 * Three queues:
 * - `payments.reconcile.sweep`, every minute (cron) and woken sooner by `payments.reconcile.wake`:
 *   at the server's clock, every pending payment whose `next_check_at` has come is claimed (row
 *   lock, skip locked: another instance sweeping at once takes others) by moving its
 *   `next_check_at` to the following instant of the schedule, and a check job is queued in the
 *   same transaction: one check per payment and due instant, whatever the number of instances.
 * - `payments.reconcile.check`: asks the provider (server to server) and settles on its answer.
 *   A provider that cannot be reached fails nothing: the next scheduled check asks again.
 * - `payments.reconcile.wake` (at most one waiting: pg-boss's 'short' policy), sent for the
 *   earliest next check within the minute, so the 3-second phase of the schedule is kept between
 *   the minutely cron ticks. Its delay (at least a second: never a busy loop, whatever the two
 *   clocks say) is worked out on the server's clock and waited on the database's (the same
 *   clock in production; tests call `sweep` themselves).
 *
 * Only the configured provider's payments are checked (one made on the sandbox before a switch to
 * PhonePe is left for staff: docs/background-jobs.md).
 */
import type { Database } from '../db/database.js';
import { nextCheckAt, staleAt } from '../payment/checkSchedule.js';
import { earliestCheck, findPayment, lockDueChecks, moveCheckOn } from '../repositories/payments.js';
import type { PaymentService, SettleOutcome } from '../services/payments.js';
import type { JobEngine, QueueDefinition } from './engine.js';

export const reconcileSweepQueue = 'payments.reconcile.sweep';
export const reconcileCheckQueue = 'payments.reconcile.check';
export const reconcileWakeQueue = 'payments.reconcile.wake';

/** Payments claimed per sweep (a backlog after downtime is taken in several sweeps). */
const batch = 200;
/** Beyond this, the minutely cron tick is soon enough. */
const wakeHorizonMs = 60_000;

export interface ReconciliationOptions {
  db: Database;
  now: () => Date;
  payments: Pick<PaymentService, 'settle' | 'failStale' | 'provider'>;
  engine: () => JobEngine;
  /** A provider that could not say (logged as a warning; the next check asks again). */
  onCheckError: (error: unknown, merchantOrderId: string) => void;
}

/** Queues a wake-up of the sweep at `at` (server clock; kept only if none is waiting already). */
export async function wakeReconciliation(engine: JobEngine, now: () => Date, at: Date): Promise<void> {
  const seconds = Math.max(1, Math.ceil((at.getTime() - now().getTime()) / 1000));
  await engine.send(reconcileWakeQueue, {}, { startAfterSeconds: seconds });
}

export function createReconciliation(options: ReconciliationOptions) {
  const { db, now, payments } = options;
  const providerKind = payments.provider.kind;

  const wake = (at: Date) => wakeReconciliation(options.engine(), now, at);

  /** One sweep at the server's clock: due checks claimed and queued; the next wake-up asked for. */
  async function sweep(): Promise<{ queued: number; nextCheckAt: Date | null }> {
    await options.engine().prepare();
    const at = now();
    const queued = await db.transaction(async (tx) => {
      const due = await lockDueChecks(tx, providerKind, at, batch);
      for (const payment of due) {
        await moveCheckOn(tx, payment.merchantOrderId, nextCheckAt(payment.createdAt, payment.expiresAt, at), at);
        await options.engine().send(reconcileCheckQueue, { merchantOrderId: payment.merchantOrderId }, { tx });
      }
      return due.length;
    });
    const next = await earliestCheck(db, providerKind);
    if (next !== null && next.getTime() - at.getTime() <= wakeHorizonMs) await wake(next);
    return { queued, nextCheckAt: next };
  }

  /** The check job: the provider's word, settled as the webhook settles it; given up on once stale. */
  async function check(merchantOrderId: string): Promise<SettleOutcome> {
    const payment = await findPayment(db, merchantOrderId);
    if (!payment) return 'unknown';
    if (payment.status !== 'pending') return payment.status;
    let report: Awaited<ReturnType<typeof payments.provider.orderStatus>> | null = null;
    try {
      report = await payments.provider.orderStatus(merchantOrderId);
    } catch (error) {
      options.onCheckError(error, merchantOrderId);
    }
    if (report !== null && report.state !== 'PENDING') return payments.settle(report);
    if (now().getTime() >= staleAt(payment.createdAt, payment.expiresAt).getTime()) return payments.failStale(merchantOrderId);
    return 'pending';
  }

  const queues: QueueDefinition<any>[] = [
    {
      name: reconcileSweepQueue,
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 5 * 60,
      handler: async () => {
        await sweep();
      },
    },
    {
      name: reconcileWakeQueue,
      policy: 'short',
      retryLimit: 0,
      expireInSeconds: 5 * 60,
      handler: async () => {
        await sweep();
      },
    },
    {
      name: reconcileCheckQueue,
      // A check that failed (the database, not the provider) is not retried: the next one is due in seconds.
      retryLimit: 0,
      expireInSeconds: 2 * 60,
      handler: async (data: { merchantOrderId?: unknown }) => {
        if (typeof data?.merchantOrderId !== 'string') throw new Error('payments.reconcile.check without a merchantOrderId');
        await check(data.merchantOrderId);
      },
    },
  ];

  return { sweep, check, wake, queues };
}
export type Reconciliation = ReturnType<typeof createReconciliation>;
