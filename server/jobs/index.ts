/**
 * The server's background work, built once per app (server/app.ts) over the app's
 * database, clock and mailer: the job engine (server/jobs/engine.ts, pg-boss) and the queues
 * of each kind of work. `app.jobs` is this object; main.ts starts it (JOBS=on) once the database
 * is migrated, and the app's close stops it before the mailer closes.
 */
import type { SigningSource } from '../documents/signing.js';
import type { Database } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { JobsConfig } from './config.js';
import { createJobEngine, type EngineTuning, type JobEngine } from './engine.js';
import { createReconciliation, type Reconciliation, type ReconciliationOptions } from './reconcile.js';
import { createReminders, type OptOutLink, type Reminders } from './reminders.js';
import type { VapidConfig } from '../push/config.js';
import { createTextSenders, type TextChannel, type TextSender } from '../messaging/senders.js';
import { createPurge, type Purge } from './purge.js';
import type { Retention } from '../records/config.js';
import { createKeyedMails, createMailQueue, type KeyedMails } from './keyedMails.js';
import { createPushQueue, eventPushQueueDefinition } from '../push/eventJobs.js';
import { refundDoneKind, refundNoticeKind, refundSummaryKind } from './refundMails.js';
import { createRefundJobs, type RefundJobs } from '../refunds/jobs.js';
import { morningListKind } from './morningList.js';
import { confirmationKind, prescriptionKind } from './commitMails.js';
import type { ClinicDetails } from '../documents/prescription.js';
import type { PrescriptionDeps } from '../services/records/documents.js';
import { defaultRecordsConfig } from '../records/config.js';
import { defaultWaitlistOfferMinutes } from '../config/site.js';
import { createWaitlistJobs, type WaitlistJobs } from '../waitlist/jobs.js';
import { defaultCodesPerDay } from '../mobile/config.js';
import { codeCapKind, phoneChangedKind } from '../mobile/mails.js';
import { followUpReminderKind } from '../followUp/mail.js';

export interface JobsOptions {
  db: Database;
  /**
   * The engine the queues are defined on: the app makes it first, so the services can queue
   * keyed mails in their transactions (createMailQueue); a new one when absent (the CLI, tests).
   */
  engine?: JobEngine;
  /** The clinic's details on the prescription a mailed prescription carries; the defaults when absent. */
  clinic?: ClinicDetails;
  /** The key that signs a mailed prescription (PRESCRIPTION_SIGNING_*); one in memory when absent. */
  signing?: SigningSource;
  now: () => Date;
  mailer: Mailer;
  publicUrl: string;
  config: JobsConfig;
  /** RETENTION_*: when a closed account's records are purged (server/jobs/purge.ts); the legal minimums when absent. */
  retention?: Retention;
  /** The new engine's own errors (a given engine reports its own). */
  onError?: (error: Error) => void;
  /** The payment service: reconciliation of pending payments runs when given (server/app.ts gives it). */
  payments?: ReconciliationOptions['payments'];
  /** A provider that could not answer a reconciliation check or a refund's request (a warning: the next check asks again). */
  onCheckError?: ReconciliationOptions['onCheckError'];
  /** Tests: shorter polling, retry delays and expiry (of a new engine; a given one has its own). */
  tuning?: Partial<EngineTuning>;
  /** Reminders' opt-out links (server/messaging/optOut.ts); the app gives it. */
  optOutLink?: OptOutLink;
  /** Tests: text senders instead of the configured ones (config.texts). */
  texts?: Partial<Record<TextChannel, TextSender>>;
  /** JOIN_OPENS_MINUTES_BEFORE: the confirmations and reminders of a Chat or Video say from when it opens; the default's when absent. */
  joinOpensMinutesBefore?: number;
  /** VAPID_*: reminders (server/jobs/reminderPushes.ts) and events (server/push/eventJobs.ts) also by Web Push; none when absent. */
  vapid?: VapidConfig | null;
  /** A push that failed other than a gone device (host and status only). */
  onPushFailure?: (words: string) => void;
  /** WAITLIST_OFFER_MINUTES: how long a freed slot is held for the waitlisted patient it is offered to; 30 when absent. */
  waitlistOfferMinutes?: number;
  /**
   * The follow-ups (the app's services.followUps): the completion mail lists a dated follow-up's
   * soonest free slots and the link to book it; absent (the payment worker, the CLI), it names
   * the follow-up and its due date only.
   */
  followUps?: PrescriptionDeps['followUps'];
  /** MOBILE_CODES_PER_DAY, which the admins' alert of the reached cap names (server/mobile/mails.ts). */
  mobileCodesPerDay?: number;
}

export interface Jobs {
  engine: JobEngine;
  reminders: Reminders;
  purge: Purge;
  /** Absent when no payment service was given. */
  reconciliation: Reconciliation | null;
  /** Refunds through the payment provider (server/refunds/jobs.ts); absent when no payment service was given. */
  refunds: RefundJobs | null;
  /** Refund notices, the admin's refund summary, the doctors' morning lists, booking confirmations, prescriptions. */
  mails: KeyedMails;
  /** Freed slots passed on to the waitlist, and the offers' messages (server/waitlist/jobs.ts). */
  waitlist: WaitlistJobs;
  /** Starts the engine with its workers and timers (cron, maintenance): what main.ts does. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The `push.event` queue: payments, refunds, chat messages and the queue's next but one on the patients' devices. */
function eventPushes(options: JobsOptions) {
  return eventPushQueueDefinition({
    db: options.db,
    publicUrl: options.publicUrl,
    clinicName: (options.clinic ?? defaultRecordsConfig.clinic).name,
    ...(options.vapid ? { vapid: options.vapid } : {}),
    ...(options.onPushFailure ? { onPushFailure: options.onPushFailure } : {}),
  });
}

export function createJobs(options: JobsOptions): Jobs {
  const engine =
    options.engine ?? createJobEngine({ db: options.db, onError: options.onError ?? (() => undefined), ...(options.tuning ? { tuning: options.tuning } : {}) });
  const texts = options.texts ?? createTextSenders(options.config.texts ?? { sms: null, whatsapp: null });
  const reminders = createReminders({
    db: options.db,
    now: options.now,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    leadsMinutes: options.config.reminderLeadsMinutes,
    engine: () => engine,
    texts,
    ...(options.optOutLink ? { optOutLink: options.optOutLink } : {}),
    ...(options.joinOpensMinutesBefore !== undefined ? { joinOpensMinutesBefore: options.joinOpensMinutesBefore } : {}),
    ...(options.vapid ? { vapid: options.vapid } : {}),
    ...(options.onPushFailure ? { onPushFailure: options.onPushFailure } : {}),
  });
  const waitlist = createWaitlistJobs({
    db: options.db,
    now: options.now,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    texts,
    offerMinutes: options.waitlistOfferMinutes ?? defaultWaitlistOfferMinutes,
    engine: () => engine,
    ...(options.optOutLink ? { optOutLink: options.optOutLink } : {}),
  });
  const purge = createPurge({ db: options.db, now: options.now, ...(options.retention ? { retention: options.retention } : {}) });
  const reconciliation = options.payments
    ? createReconciliation({
        db: options.db,
        now: options.now,
        payments: options.payments,
        engine: () => engine,
        onCheckError: options.onCheckError ?? (() => undefined),
      })
    : null;
  const refunds = options.payments
    ? createRefundJobs({
        db: options.db,
        now: options.now,
        provider: options.payments.provider,
        engine: () => engine,
        mails: createMailQueue(engine, createPushQueue(engine, options.vapid)),
        onProviderError: options.onCheckError ?? (() => undefined),
      })
    : null;
  const mails = createKeyedMails({
    db: options.db,
    now: options.now,
    mailer: options.mailer,
    engine: () => engine,
    kinds: [
      refundNoticeKind(options.db),
      refundDoneKind(options.db),
      refundSummaryKind(options.db, { adminEmail: options.config.adminEmail, hour: options.config.refundSummaryHour, publicUrl: options.publicUrl }),
      morningListKind(options.db, { hour: options.config.morningListHour, publicUrl: options.publicUrl }),
      confirmationKind(options.db, options.publicUrl, options.joinOpensMinutesBefore),
      prescriptionKind(options.db, {
        clinic: options.clinic ?? defaultRecordsConfig.clinic, publicUrl: options.publicUrl, ...(options.signing ? { signing: options.signing } : {}),
        ...(options.followUps ? { followUps: options.followUps } : {}),
      }),
      codeCapKind(options.db, { adminEmail: options.config.adminEmail, codesPerDay: options.mobileCodesPerDay ?? defaultCodesPerDay, publicUrl: options.publicUrl }),
      phoneChangedKind(options.db),
      followUpReminderKind(options.db, options.publicUrl),
    ],
  });
  engine.define([...reminders.queues, ...purge.queues, ...(reconciliation?.queues ?? []), ...(refunds?.queues ?? []), ...mails.queues, ...waitlist.queues, eventPushes(options)]);
  return {
    engine,
    reminders,
    purge,
    reconciliation,
    refunds,
    mails,
    waitlist,
    start: () => engine.start({ workers: true, timers: true }),
    stop: () => engine.stop(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work: the job engine and its queues (server/jobs). */
    jobs: Jobs;
  }
}
