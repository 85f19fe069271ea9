/**
 * The payment service the routes, the webhook and the reconciliation job call (services/index.ts
 * builds it). Each method is one file of payments/: checkout.ts starts payments, settle.ts
 * settles them, reconcile.ts is what reconciliation asks for, status.ts what the pages read.
 */
import type { CreateAppointmentPaymentRequest, CreateOrderPaymentRequest } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import type { Database } from '../../db/database.js';
import type { MailQueue } from '../../jobs/keyedMails.js';
import { noObserver, type ServiceObserver } from '../../ops/metrics.js';
import type { PaymentProvider, ProviderReport } from '../../payment/provider.js';
import type { SettleOutcome } from '../payments.js';
import { createAppointmentPayment, createOrderPayment } from './checkout.js';
import { checkAndSettle, failStale } from './reconcile.js';
import { settle } from './settle.js';
import { describe, purposeOf, statusFor } from './status.js';
import { noRefundQueue, type RefundQueue } from '../../refunds/queue.js';

export interface PaymentServiceDeps {
  db: Database;
  now: () => Date;
  provider: PaymentProvider;
  holdMinutes: number;
  /** PUBLIC_URL: where the provider sends the browser back to. */
  publicUrl: string;
  /**
   * The transaction that makes an appointment paid queues its booking confirmation here
   * (server/jobs/commitMails.ts): once per appointment, committed with the payment or not at all.
   */
  mails: MailQueue;
  /** Counts checkouts and settle outcomes (server/ops/metrics.ts). */
  observer?: Pick<ServiceObserver, 'payment'>;
  /** A confirmed appointment payment that cannot be applied starts its refund here, in the settle's transaction (server/refunds). */
  refunds?: RefundQueue;
  /** JOIN_OPENS_MINUTES_BEFORE: a Chat's or Video's status answer says when it opens; the default's when absent. */
  joinOpensMinutesBefore?: number;
  /** A checkout opened: its first reconciliation check is due at `firstCheckAt` (server/jobs/reconcile.ts wakes for it). Must not throw. */
  onCheckoutOpened?: (firstCheckAt: Date) => void;
}

export function createPaymentService(options: PaymentServiceDeps) {
  const ctx = { ...options, observer: options.observer ?? noObserver, refunds: options.refunds ?? noRefundQueue };
  return {
    /** POST /payment/create-appointment (checkout.ts). */
    createAppointmentPayment: (user: User, request: CreateAppointmentPaymentRequest) => createAppointmentPayment(ctx, user, request),

    /** POST /payment/create-order: `amount` in paise (checkout.ts). */
    createOrderPayment: (user: User, request: CreateOrderPaymentRequest) => createOrderPayment(ctx, user, request),

    /** Settles a payment on the provider's word (a verified webhook or our status check). Idempotent (settle.ts). */
    settle: (report: ProviderReport): Promise<SettleOutcome> => settle(ctx, report),

    /**
     * Reconciliation gives up on a payment still pending long after its checkout expired
     * (server/jobs/reconcile.ts): failed, and its appointment's lapsed hold lets the slot go at
     * once. A confirmation arriving later reopens it (reconcile.ts).
     */
    failStale: (merchantOrderId: string): Promise<SettleOutcome> => failStale(ctx, merchantOrderId),

    /** Asks the provider (server to server) and settles on its answer (reconcile.ts). */
    checkAndSettle: (merchantOrderId: string): Promise<SettleOutcome> => checkAndSettle(ctx, merchantOrderId),

    /** GET /payment/status/{merchantOrderId}, for the result page (status.ts). */
    statusFor: (user: User, merchantOrderId: string, log?: (error: unknown) => void) => statusFor(ctx, user, merchantOrderId, log),

    /** What a payment was for (the result pages speak of a booking or of an order); null: no such payment. */
    purposeOf: (merchantOrderId: string) => purposeOf(ctx, merchantOrderId),

    /** What a checkout page shows: the amount and what it pays for. null: no such payment. */
    describe: (merchantOrderId: string) => describe(ctx, merchantOrderId),

    provider: options.provider,
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
