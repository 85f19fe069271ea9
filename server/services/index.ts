/** Every service, built once per app over one database. Routes receive this object. */
import { defaultPharmacyConfig, type PharmacyConfig } from '../pharmacy/config.js';
import { createVerifyService } from '../verify/service.js';
import type { PrescriptionsConfig } from '../verify/config.js';
import type { Database } from '../db/database.js';
import { type MailQueue, noMailQueue } from '../jobs/keyedMails.js';
import type { Mailer } from '../mail/mailer.js';
import { createPasswordHasher, owaspScryptCost, type ScryptCost } from '../security/passwords.js';
import { createSecrets } from '../security/secrets.js';
import { defaultBookingHorizonDays } from '../config.js';
import { defaultCancelFreeHours, defaultHoldMinutes } from '../payment/config.js';
import type { AnyPaymentProvider } from '../payment/providers.js';
import { createSandboxProvider } from '../payment/sandbox.js';
import { createAccountService } from './accounts.js';
import { createAppointmentService } from './booking/service.js';
import { createConsultationService } from './consultations.js';
import { createChatService } from './chat.js';
import { createVideoService } from './video.js';
import { createChatHub } from '../chat/hub.js';
import type { ConsultationConfig } from '../consultation/config.js';
import { createDoctorService } from './doctors.js';
import { createHousekeeping } from './housekeeping.js';
import { type AccountLimits, defaultLimits } from './limits.js';
import { createOtpService } from './otp.js';
import { createPeopleService } from './people.js';
import { createPaymentService } from './payments/service.js';
import { createScheduleService, type ScheduleService } from './schedule.js';
import { createDayPlanCache } from './dayPlanCache.js';
import { createSessionService, type SessionService } from './sessions.js';
import { createSiteService } from './site.js';
import { createStaffService } from './staff.js';
import { createSignatureService } from '../signatures/service.js';
import { defaultRecordsConfig, type RecordsConfig } from '../records/config.js';
import { createRecordService } from './records/service.js';
import { createStaffAdminService } from './staffAdmin.js';
import { createStaffScheduleService } from './staffSchedule/service.js';
import { noObserver, type ServiceObserver } from '../ops/metrics.js';
import { createDeskService } from '../desk/service.js';
import { createDispensaryService } from '../dispensary/service.js';
import { createInsightsService } from '../insights/service.js';
import { createWaitlistQueue, type WaitlistQueue } from '../waitlist/slots.js';
import { createRefundQueue, type RefundQueue } from '../refunds/queue.js';
import { createWaitlistService } from '../waitlist/service.js';
import { noPush, type PushConfig } from '../push/config.js';
import { createPushService } from '../push/service.js';
import { noPushQueue, type PushQueue } from '../push/eventJobs.js';
import { createFollowUpService } from '../followUp/service.js';
import { createAbhaService } from '../abdm/service.js';
import { type MobileConfig, noMobile } from '../mobile/config.js';
import type { CodeSender } from '../mobile/senders.js';
import { createMobileService } from '../mobile/service.js';
import type { TextChannel } from '../messaging/senders.js';

export interface ServiceOptions {
  /** VAPID_*: Web Push's keys (server/push/config.ts); none when absent. */
  push: PushConfig;
  /** Which reminder text channels are set up: /auth/reminders offers only those. */
  textChannels?: { sms: boolean; whatsapp: boolean };
  /** The clock every service reads (tests move it instead of sleeping). */
  now: () => Date;
  /** Where mail goes (server/mail). Without one, sending a code fails with 502. */
  mailer: Mailer;
  /** APP_SECRET; null: a secret kept in the database (security/secrets.ts). */
  appSecret: string | null;
  /** SESSION_DAYS. */
  sessionDays: number;
  /** scrypt parameters for new password hashes: OWASP's unless a test asks for a cheaper cost. */
  passwordCost: ScryptCost;
  limits: AccountLimits;
  /** HOLD_MINUTES: how long an unpaid appointment holds its slot. */
  holdMinutes: number;
  /** BOOKING_HORIZON_DAYS. */
  bookingHorizonDays: number;
  /** PUBLIC_URL: where payment providers send the browser back to. */
  publicUrl: string;
  /** PAYMENT_PROVIDER's provider (server/payment/providers.ts); the sandbox when absent. */
  paymentProvider: AnyPaymentProvider;
  /** Where a background task's failure is reported (the app's log); console.error when absent. */
  onBackgroundError: (error: unknown, task: string) => void;
  /** Tests: their own tracker of background tasks (the payment check's wake-up), to wait for with `idle()`. */
  background: BackgroundTasks;
  /**
   * Where a transaction queues the mail its commit owes, the booking confirmation and the
   * prescription (server/jobs/keyedMails.ts, over the app's job engine). Absent: queueing one
   * fails, and with it the transaction that owes it (only code that settles no payment and
   * completes no consultation builds the services without one).
   */
  mailQueue: MailQueue;
  /**
   * Where a doctor's chat message queues its Web Push to the patient's devices, in its transaction
   * (server/push/eventJobs.ts, over the app's job engine). Absent: none is pushed.
   */
  pushQueue: PushQueue;
  /**
   * Where a change that frees a slot tells the waitlist, in its transaction (server/waitlist/slots.ts,
   * over the app's job engine). Absent: the freed slot's row only, which the minutely sweep finds.
   */
  waitlistQueue: WaitlistQueue;
  /**
   * Where a cancel that refunds a paid fee starts the refund through the payment provider, in its
   * transaction (server/refunds/queue.ts, over the app's job engine). Absent: the attempt's row
   * only, which the minutely sweep finds.
   */
  refundQueue: RefundQueue;
  /** CANCEL_FREE_HOURS (server/refunds/policy.ts): 24 when absent. */
  cancelFreeHours: number;
  /** Where bookings, payments and mails are counted (the app's metrics); nowhere when absent. */
  observer: ServiceObserver;
  /** Mobile sign-in's channels and daily cap (server/mobile/config.ts); no mobile path when absent. */
  mobile: MobileConfig;
  /** The senders of texted codes by channel (server/mobile/senders.ts); the app makes them from `mobile`. */
  codeSenders: Partial<Record<TextChannel, CodeSender>>;
  /** JITSI_*, JOIN_*: video rooms and join windows (server/consultation/config.ts); the defaults when absent. */
  consultation: ConsultationConfig;
  /**
   * The clinic's name, address and tax details on prescriptions and receipts (CLINIC_ADDRESS,
   * CLINIC_TAX_DETAILS), and how long a closed account's records are kept (RETENTION_*):
   * server/records/config.ts; its defaults when absent.
   */
  records: RecordsConfig;
  /** PHARMACY_TAX_RATE, DELIVERY_FEE, CLINIC_GSTIN: how orders are priced and their receipts titled (server/pharmacy/config.ts); none when absent. */
  pharmacy: PharmacyConfig;
  /** PRESCRIPTION_SIGNING_* and VERIFY_RATE_LIMIT (server/verify/config.ts): a key in memory and 60/1m when absent. */
  prescriptions: PrescriptionsConfig;
  /** A checkout opened (server/jobs/reconcile.ts wakes its sweep for the first check); nothing when absent. */
  onCheckoutOpened: (firstCheckAt: Date) => Promise<void>;
}

/** The mailer, with every send counted as sent or failed where it is decided. */
function observedMailer(mailer: Mailer, observer: ServiceObserver): Mailer {
  return {
    kind: mailer.kind,
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (error) {
        observer.mail('failed');
        throw error;
      }
      observer.mail('sent');
    },
    close: () => mailer.close(),
  };
}

/**
 * Work a request starts but does not wait for (the payment check's wake-up once a checkout opens):
 * its failure is reported, never thrown at the request. `idle()` resolves once nothing is
 * running: the app waits for it when it closes. Mails never go this way: a mail after a commit is
 * a keyed durable job (server/jobs/keyedMails.ts), queued in that commit.
 */
export function createBackgroundTasks(onError: (error: unknown, task: string) => void) {
  const running = new Set<Promise<void>>();
  return {
    run(task: string, fn: () => Promise<void>): void {
      const done: Promise<void> = Promise.resolve()
        .then(fn)
        .catch((error: unknown) => onError(error, task))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;

const noMailer: Mailer = {
  kind: 'test',
  send: () => Promise.reject(new Error('No mailer is configured')),
  close() {},
};

/**
 * The accounts' services over one key source (APP_SECRET or the stored one) and one password
 * hasher: email codes, registration and logins, mobile sign-in and the account's phone and email.
 */
function accountParts(
  db: Database,
  options: Partial<ServiceOptions>,
  base: { now: () => Date; limits: AccountLimits; sessions: SessionService; publicUrl: string; mailer: Mailer; mails: MailQueue },
) {
  const { now, limits, sessions, publicUrl, mailer, mails } = base;
  const secrets = createSecrets(db, options.appSecret ?? null);
  const passwords = createPasswordHasher(options.passwordCost ?? owaspScryptCost);
  const otp = createOtpService({ db, now, mailer, secrets, limits });
  return {
    otp,
    accounts: createAccountService({
      db,
      now,
      passwords,
      sessions,
      limits,
      publicUrl,
      ...(options.textChannels ? { textChannels: options.textChannels } : {}),
    }),
    mobile: createMobileService({ db, now, secrets, limits, sessions, passwords, otp, mails, config: options.mobile ?? noMobile, senders: options.codeSenders ?? {} }),
  };
}

/** The clinic's own day: the admin's and the desk's consoles, the dispensary, doctors' signatures and the public check of a prescription. */
function clinicParts(
  db: Database,
  options: Partial<ServiceOptions>,
  { now, schedule, holdMinutes, mails, waitlist, refunds }: { now: () => Date; schedule: ScheduleService; holdMinutes: number; mails: MailQueue; waitlist: WaitlistQueue; refunds: RefundQueue },
) {
  return {
    /** Staff console, admins only: locations, fees, site content, accounts and roles, orders, refunds. */
    staffAdmin: createStaffAdminService({ db, now, refunds }),
    /** Staff console, admins only: doctors, weekly hours, leave (the orphan rule), moving and cancelling appointments. */
    staffSchedule: createStaffScheduleService({ db, now, schedule, holdMinutes, waitlist, refunds }),
    /** The front desk: patients without accounts, desk bookings and walk-ins, check-in, counter payments, queues, day lists. */
    desk: createDeskService({ db, now, schedule, mails, waitlist }),
    /** The dispensary: the catalogue, stock per location, dispensing paid orders (server/dispensary). */
    dispensary: createDispensaryService({ db, now }),
    /** The owner's view: the clinic's figures over a period (server/insights). */
    insights: createInsightsService({ db }),
    /** Doctors' signature images, drawn on their prescriptions (server/signatures). */
    signatures: createSignatureService({ db, now }),
    /** The public check of a printed prescription's code (server/verify). */
    verify: createVerifyService({ db, now, ...(options.prescriptions ? { rateLimit: options.prescriptions.verifyRateLimit } : {}) }),
  };
}

export function createServices(db: Database, options: Partial<ServiceOptions> = {}) {
  // gettimeslot's day plans; the app starts it (LISTEN, and the database's onWrite).
  const dayPlans = createDayPlanCache();
  const now = options.now ?? (() => new Date());
  const limits = options.limits ?? defaultLimits;
  const sessions = createSessionService({ db, now, sessionDays: options.sessionDays ?? 30 });
  const holdMinutes = options.holdMinutes ?? defaultHoldMinutes;
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const schedule = createScheduleService({ db, now, horizonDays: options.bookingHorizonDays ?? defaultBookingHorizonDays, dayPlans });
  const observer = options.observer ?? noObserver;
  const mailer = observedMailer(options.mailer ?? noMailer, observer);
  const background =
    options.background ?? createBackgroundTasks(options.onBackgroundError ?? ((error, task) => console.error(`${task} failed:`, error)));
  const consultations = createConsultationService({ db, now, ...(options.consultation ? { config: options.consultation } : {}) });
  const chatHub = createChatHub(db, options.onBackgroundError ?? ((error, task) => console.error(`${task} failed:`, error)));
  const people = createPeopleService({ db, now });
  const mails = options.mailQueue ?? noMailQueue;
  const { otp, accounts, mobile } = accountParts(db, options, { now, limits, sessions, publicUrl, mailer, mails });
  const waitlistQueue = options.waitlistQueue ?? createWaitlistQueue(null);
  const provider = options.paymentProvider ?? createSandboxProvider({ db, publicUrl, now });
  const refunds = options.refundQueue ?? createRefundQueue(null, provider.kind);
  const cancelFreeHours = options.cancelFreeHours ?? defaultCancelFreeHours;
  const appointments = createAppointmentService({
    db, now, schedule, holdMinutes, publicUrl, observer, people, mails, waitlist: waitlistQueue, refunds, cancelFreeHours,
  });
  const records = createRecordService({
    db,
    now,
    otp,
    accountCloseCode: mobile.useAccountCloseCode,
    clinic: (options.records ?? defaultRecordsConfig).clinic,
    retention: (options.records ?? defaultRecordsConfig).retention,
    publicUrl,
    pharmacy: options.pharmacy ?? defaultPharmacyConfig,
    ...(options.prescriptions ? { signing: options.prescriptions.signing } : {}),
  });
  return {
    site: createSiteService(db),
    doctors: createDoctorService(db, schedule.lastBookableDate),
    /** Email codes: send, validate (proofs for registration and reset). */
    otp,
    /** Registration, login, password reset; `findOrCreateFromIdentity` for Google sign-in. */
    accounts,
    /** Family members (the people a patient books for) and the patient's own profile. */
    people,
    /** Mobile sign-in, and the account's own phone and email (server/mobile). */
    mobile,
    /** Tokens: `issue` (a login's answer, also for Google sign-in), `authenticate`, `revoke`. */
    sessions,
    housekeeping: createHousekeeping(db, now),
    /** Clinic time, doctors' days and their slots (gettimeslot). */
    schedule,
    /** Booking (holds a slot for an unpaid appointment); a patient's list, moves, cancellations, calendar. */
    appointments,
    /** Staff: roles, completing consultations, pharmacy orders, the audit log. */
    staff: createStaffService({
      db,
      now,
      mails,
      pharmacy: options.pharmacy ?? defaultPharmacyConfig,
      ...(options.consultation ? { consultation: options.consultation } : {}),
    }),
    /** The patient's record: My Remedies, prescription and receipt PDFs, the data export, closing the account. */
    records,
    ...clinicParts(db, options, { now, schedule, holdMinutes, mails, waitlist: waitlistQueue, refunds }),
    /** Web Push: the public key, a device's subscription (server/push). */
    push: createPushService({ db, now, config: options.push ?? noPush }),
    /** The patient's waitlist: join, list, leave, decline an offered slot (server/waitlist). */
    waitlist: createWaitlistService({ db, now, schedule, queue: waitlistQueue }),
    /** The follow-up of a completed consultation: the offer, Book all, cancel all, the series' .ics (server/followUp). */
    followUps: createFollowUpService({ db, now, schedule, holdMinutes, waitlist: waitlistQueue, publicUrl }),
    /** The patient's ABHA, on the account and at the desk (server/abdm). */
    abha: createAbhaService({ db, now }),
    /** The consultation itself: join windows, Jitsi links, the call's no-answer notes. */
    consultations,
    /** The portal's own video: seats, the waiting room, signalling through `chatHub` (server/services/video.ts). */
    video: createVideoService({ db, now, hub: chatHub, consultation: consultations.get, ...(options.consultation ? { config: options.consultation } : {}) }),
    /** Chat consultations: messages, photos, read marks; `chatHub` delivers them in real time. */
    chat: createChatService({ db, now, hub: chatHub, push: options.pushQueue ?? noPushQueue, ...(options.consultation ? { config: options.consultation } : {}) }),
    chatHub,
    /** gettimeslot's cache of day plans; the app starts it (LISTEN) and closes it. */
    dayPlans,
    /** Work started by requests and not awaited by them (the payment check's wake-up). */
    background,
    /** The mailer, every send counted: background jobs (server/jobs) send through it too. */
    mailer,
    /** The payment service: checkouts with the provider, and settling on its word. */
    payments: createPaymentService({
      db, now, holdMinutes, publicUrl, provider, observer, mails, refunds,
      ...(options.consultation ? { joinOpensMinutesBefore: options.consultation.joinOpensMinutesBefore } : {}),
      onCheckoutOpened: (firstCheckAt) => {
        const wake = options.onCheckoutOpened;
        if (wake) background.run('payment check wake-up', () => wake(firstCheckAt));
      },
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
