/**
 * Refunds through the payment provider's refund API, as durable jobs (docs/refunds.md):
 *
 * - `refunds.work` { id }: one run of one attempt. It takes the attempt's lease (one run at a
 *   time, whatever the number of instances), then asks the provider: the refund request the
 *   first time (its key marked requested before it leaves) and its status right after, the
 *   status check after that, or the request again when the provider has no refund by that key. The answer is recorded with the lease
 *   released: pending -> checked again later; completed -> the refund recorded as paid back
 *   (refund_resolutions, as an admin records a manual one) and the patient's mail queued, in one
 *   transaction; failed -> left for an admin to retry or pay back by hand. A provider that cannot
 *   be reached fails nothing: the next check asks again.
 * - `refunds.sweep`, every minute (cron): attempts whose request or check is due are claimed
 *   (row lock, skip locked), moved to their next check and a `refunds.work` job queued in the same
 *   transaction: an attempt whose cancel sent no job (no engine running) starts here, one whose
 *   run died (lease lapsed) is taken up again.
 *
 * The key (`RF<attempt>_<payment>`) is the same for every run of an attempt, and the provider
 * accepts a key once: never two refunds of one attempt; the database keeps one attempt live per
 * payment (provider_refunds_live_key): never two attempts at once.
 */
import type { Database, Queryable } from '../db/database.js';
import type { JobEngine, QueueDefinition } from '../jobs/engine.js';
import type { MailQueue } from '../jobs/keyedMails.js';
import type { PaymentProvider, RefundReport } from '../payment/provider.js';
import { insertResolution } from '../repositories/refunds.js';
import { insertAudit } from '../repositories/staff.js';
import { rupeesOf } from '../../contract/money.js';
import { refundWorkQueue } from './queue.js';
import {
  appointmentHolder,
  findProviderRefund,
  leaseProviderRefund,
  lockDueProviderRefunds,
  markRefundRequested,
  moveRefundCheckOn,
  type ProviderRefundRow,
  recordRefundRun,
} from './repository.js';

export const refundSweepQueue = 'refunds.sweep';

const minute = 60_000;
/** A run holds its attempt this long at most (two provider calls of 10 s each, with room). */
const leaseMs = 2 * minute;
const batch = 100;

/** When a pending refund is asked about next: every minute for its first hour, every 15 minutes that day, then hourly. */
export function nextRefundCheck(createdAt: Date, at: Date): Date {
  const age = at.getTime() - createdAt.getTime();
  const step = age < 60 * minute ? minute : age < 24 * 60 * minute ? 15 * minute : 60 * minute;
  return new Date(at.getTime() + step);
}

export const refundDoneKey = (refundId: string) => `refund-done:${refundId}`;

export interface RefundJobsOptions {
  db: Database;
  now: () => Date;
  provider: Pick<PaymentProvider, 'kind' | 'startRefund' | 'refundStatus'>;
  engine: () => JobEngine;
  mails: MailQueue;
  /** A provider that could not answer (a warning: the next check asks again). */
  onProviderError: (error: unknown, merchantRefundId: string) => void;
}

/** The money went back without anybody's hand: the audit says so as it does for a manual refund. */
async function auditCompleted(tx: Queryable, refund: ProviderRefundRow, report: RefundReport, by: string, at: Date): Promise<void> {
  await insertAudit(
    tx,
    {
      actorUserId: null,
      actor: by,
      actorRole: 'operator',
      action: 'refund.completed',
      appointmentId: refund.appointmentId,
      subjectUserId: await appointmentHolder(tx, refund.appointmentId),
      details: {
        refundId: refund.paymentId,
        purpose: 'appointment',
        amount: rupeesOf(refund.amountPaise),
        merchantOrderId: refund.merchantOrderId,
        merchantRefundId: refund.merchantRefundId,
        providerRefundId: report.providerRefundId,
      },
    },
    at,
  );
}

export type RefundRunOutcome = 'busy' | 'pending' | 'completed' | 'failed' | 'unknown';

export function createRefundJobs(options: RefundJobsOptions) {
  const { db, now, provider } = options;

  /**
   * The provider's word on the attempt: its status once requested (a lost answer), else the
   * request, and its status at once after it (PhonePe answers a request PENDING, whatever follows).
   */
  async function ask(refund: ProviderRefundRow): Promise<RefundReport> {
    const known = refund.requestedAt === null ? null : await provider.refundStatus(refund.merchantRefundId);
    if (known) return known;
    await markRefundRequested(db, refund.id, now());
    const taken = await provider.startRefund({ merchantRefundId: refund.merchantRefundId, merchantOrderId: refund.merchantOrderId, amountPaise: refund.amountPaise });
    if (taken.state !== 'PENDING') return taken;
    const status = await provider.refundStatus(refund.merchantRefundId).catch(() => null);
    return status ?? taken;
  }

  async function finish(refund: ProviderRefundRow, report: RefundReport): Promise<RefundRunOutcome> {
    const at = now();
    const state = report.state === 'COMPLETED' ? 'completed' : report.state === 'FAILED' ? 'failed' : 'pending';
    await options.mails.prepare();
    await db.transaction(async (tx) => {
      await recordRefundRun(tx, refund.id, { state, providerRefundId: report.providerRefundId, errorCode: report.errorCode }, state === 'pending' ? nextRefundCheck(refund.createdAt, at) : null, at);
      if (state !== 'completed') return;
      const by = `${refund.provider} refund`;
      await insertResolution(tx, 'payment', refund.paymentId, { userId: null, email: by }, `Refunded through ${refund.provider}: ${refund.merchantRefundId}${report.providerRefundId ? ` (${report.providerRefundId})` : ''}`, at);
      await auditCompleted(tx, refund, report, by, at);
      await options.mails.queue(tx, 'refund-done', refundDoneKey(refund.id), at);
    });
    return state;
  }

  /** One run of the attempt `id` (the `refunds.work` job). */
  async function work(id: string): Promise<RefundRunOutcome> {
    const at = now();
    const refund = await leaseProviderRefund(db, id, at, new Date(at.getTime() + leaseMs));
    if (!refund) return (await findProviderRefund(db, id)) ? 'busy' : 'unknown';
    let report: RefundReport;
    try {
      report = await ask(refund);
    } catch (error) {
      options.onProviderError(error, refund.merchantRefundId);
      await recordRefundRun(db, refund.id, null, nextRefundCheck(refund.createdAt, now()), now());
      return 'pending';
    }
    return finish(refund, report);
  }

  /** Claims the due attempts and queues their runs (the `refunds.sweep` job). */
  async function sweep(): Promise<number> {
    await options.engine().prepare();
    const at = now();
    return db.transaction(async (tx) => {
      const due = await lockDueProviderRefunds(tx, provider.kind, at, batch);
      for (const refund of due) {
        await moveRefundCheckOn(tx, refund.id, nextRefundCheck(refund.createdAt, at));
        await options.engine().send(refundWorkQueue, { id: refund.id }, { tx });
      }
      return due.length;
    });
  }

  const queues: QueueDefinition<any>[] = [
    { name: refundSweepQueue, cron: '* * * * *', retryLimit: 0, expireInSeconds: 5 * 60, handler: async () => void (await sweep()) },
    {
      name: refundWorkQueue,
      // A run that failed (the database) is taken up by the sweep once its lease lapses.
      retryLimit: 0,
      expireInSeconds: 2 * 60,
      handler: async (data: { id?: unknown }) => {
        if (typeof data?.id !== 'string') throw new Error('refunds.work without an id');
        await work(data.id);
      },
    },
  ];

  return { work, sweep, queues };
}
export type RefundJobs = ReturnType<typeof createRefundJobs>;
