/**
 * Appointment reminders: REMINDER_LEADS before each paid appointment (or one whose fee is due at
 * the clinic), by email when the patient has one, and by text where set up.
 *
 * Two queues of the job engine:
 * - `reminders.sweep`, every minute (pg-boss cron, one instance per tick): at the server's clock
 *   `now`, every (appointment, lead) that is due (Booked, paid, starting after now, start - lead
 *   at or before now) and has no row yet gets one in `reminder_sends` (migration 014) and, in the
 *   same transaction, a `reminders.send` job. The row's key (appointment, lead, start) is unique,
 *   so two instances sweeping together insert it once and queue one job.
 *   Per appointment only the smallest due lead is sent; the larger ones due at the same sweep are
 *   `skipped` (a server down for a day does not send a "24 hours" reminder 2 hours before). A
 *   lead whose due instant is before the appointment was booked is skipped too: the booking
 *   confirmation has just said it all.
 * - `reminders.send`: checks the appointment again (a cancelled, moved, unpaid or started one is
 *   `dropped`), marks the row `sending`, sends the mail with the row's key as its idempotency key
 *   (server/mail/mailer.ts), then `sent`. A crash mid-send leaves `sending` and a job that
 *   pg-boss takes back after its expiry and runs again: the retry sends with the same key (the
 *   outbox writes one file; SMTP sends the same Message-ID), never a second distinct reminder.
 *
 * Moves and cancels need no hook: a moved appointment's start differs from its rows' (new keys,
 * the old queued ones are dropped when their job runs); a cancelled one is not Booked.
 */
import type { Database, Queryable } from '../db/database.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { findLanguage } from '../repositories/users.js';
import { appointmentSummary, clinicWhen } from '../calendar/appointment.js';
import { clinicInstant } from '../../contract/clinicTime.js';
import type { Mailer } from '../mail/mailer.js';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { appointmentReminderMail, leadInWords } from '../mail/reminderTemplates.js';
import type { JobEngine, QueueDefinition } from './engine.js';
import { isExpected } from '../services/booking/status.js';
import { clinicWhenIn } from '../mail/words.js';
import { TextSendError, textChannels, type TextChannel, type TextSender } from '../messaging/senders.js';
import { queueReminderPush, reminderPushQueue, type ReminderPushOptions, sendReminderPush } from './reminderPushes.js';

export const sweepQueue = 'reminders.sweep';
export const sendQueue = 'reminders.send';
export const textQueue = 'reminders.text';

/** The no-login opt-out page's address for one account and channel (server/messaging/optOut.ts). */
export type OptOutLink = (userId: string, channel: 'email' | TextChannel) => Promise<string>;

export interface RemindersOptions extends Pick<ReminderPushOptions, 'vapid' | 'onPushFailure'> {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  publicUrl: string;
  /** REMINDER_LEADS in minutes; empty: no reminders. */
  leadsMinutes: readonly number[];
  /** The engine the sweep queues send jobs on (set once the engine exists). */
  engine: () => JobEngine;
  /** SMS and WhatsApp senders configured on this server (server/messaging); none: email only. */
  texts?: Partial<Record<TextChannel, TextSender>>;
  /** Each reminder carries its channel's opt-out link when given (the app gives it). */
  optOutLink?: OptOutLink;
  /** JOIN_OPENS_MINUTES_BEFORE: a Chat's or Video's reminder says from when it opens; the default's when absent. */
  joinOpensMinutesBefore?: number;
}

export type TextState = 'queued' | 'sending' | 'sent' | 'dropped' | 'unknown';

/** Why a reminder for `record` meant for `startsAt` should not go out at `at`; null: it should. */
function whyNot(record: AppointmentRecord | undefined, startsAt: number, at: Date): string | null {
  if (!record) return 'appointment gone';
  if (record.appointmentStatus === 'Cancelled') return 'cancelled';
  if (record.appointmentStatus !== 'Booked') return `appointment ${record.appointmentStatus.toLowerCase()}`;
  if (!isExpected(record.appointmentPaymentStatus)) return 'not paid';
  if (clinicInstant(record.date, record.startTime).getTime() !== startsAt) return 'moved';
  if (startsAt <= at.getTime()) return 'started before it went out';
  return null;
}

interface Choices {
  remind_email: boolean;
  remind_sms: boolean;
  remind_whatsapp: boolean;
}

async function channelChoices(q: Queryable, userId: string): Promise<Choices> {
  const { rows } = await q.query<Choices>('select remind_email, remind_sms, remind_whatsapp from users where id = $1', [userId]);
  return rows[0] ?? { remind_email: true, remind_sms: false, remind_whatsapp: false };
}

export type ReminderState = 'queued' | 'sending' | 'sent' | 'dropped' | 'skipped';

interface DueRow {
  key: string;
  state: ReminderState;
}

interface SendRow {
  key: string;
  appointment_id: string;
  lead_minutes: number;
  starts_at: Date | string;
  state: ReminderState;
}

const clinicStart = `((a.date + a.start_time) at time zone 'Asia/Kolkata')`;

/**
 * Inserts the reminders due at `at` (once: the key is unique) and answers the new ones. Only
 * appointments starting within 15 days are looked at (leads are at most 14 days).
 */
async function insertDue(q: Queryable, at: Date, leads: readonly number[]): Promise<DueRow[]> {
  const { rows } = await q.query<DueRow>(
    `with due as (
       select a.id, l.lead, ${clinicStart} as starts_at, ${clinicStart} - make_interval(mins => l.lead) as due_at,
              a.created_at,
              a.id::text || ':' || l.lead || ':' || to_char(a.date, 'YYYY-MM-DD') || 'T' || to_char(a.start_time, 'HH24:MI') as key,
              row_number() over (partition by a.id order by l.lead) as nearest
         from appointments a
         cross join unnest($2::int[]) as l(lead)
        where a.status = 'Booked' and a.payment_status in ('paid', 'due')
          and a.date between ($1::timestamptz at time zone 'Asia/Kolkata')::date - 1
                         and ($1::timestamptz at time zone 'Asia/Kolkata')::date + 15
          and ${clinicStart} > $1::timestamptz
          and ${clinicStart} - make_interval(mins => l.lead) <= $1::timestamptz
     )
     insert into reminder_sends (key, appointment_id, lead_minutes, starts_at, due_at, state, note, created_at, updated_at)
     select key, id, lead, starts_at, due_at,
            case when nearest = 1 and created_at <= due_at then 'queued' else 'skipped' end,
            case when nearest > 1 then 'a nearer reminder was due at the same time'
                 when created_at > due_at then 'booked after this reminder was due'
                 else '' end,
            $1, $1
       from due
     on conflict (key) do nothing
     returning key, state`,
    [at, [...leads]],
  );
  return rows;
}

export interface SweepResult {
  queued: number;
  skipped: number;
}

/** One sweep at the server's clock: due reminders recorded and queued, in one transaction. */
async function sweepReminders(options: RemindersOptions): Promise<SweepResult> {
  const { db, now } = options;
  if (options.leadsMinutes.length === 0) return { queued: 0, skipped: 0 };
  await options.engine().prepare();
  const at = now();
  return db.transaction(async (tx) => {
    const rows = await insertDue(tx, at, options.leadsMinutes);
    const queued = rows.filter((r) => r.state === 'queued');
    for (const row of queued) await options.engine().send(sendQueue, { key: row.key }, { tx });
    return { queued: queued.length, skipped: rows.length - queued.length };
  });
}

const setState = (q: Queryable, key: string, state: ReminderState, note: string, at: Date) =>
  q.query(
    `update reminder_sends set state = $2, note = $3, updated_at = $4${state === 'sent' ? ', sent_at = $4' : ''}${state === 'sending' ? ', attempts = attempts + 1' : ''} where key = $1`,
    [key, state, note, at],
  );

type ReminderClaim =
  | { state: ReminderState; record?: undefined }
  | { state: 'sending'; record: AppointmentRecord; lead: number; userId: string };

/**
 * The send job's claim, in one transaction: the appointment checked again, the texts queued on
 * the channels this server has and the patient wants, the row `sending`; or why not.
 */
function claimReminder(options: RemindersOptions, key: string): Promise<ReminderClaim> {
  const { db, now } = options;
  return db.transaction(async (tx): Promise<ReminderClaim> => {
    const { rows } = await tx.query<SendRow>(
      'select key, appointment_id, lead_minutes, starts_at, state from reminder_sends where key = $1 for update',
      [key],
    );
    const row = rows[0];
    if (!row || (row.state !== 'queued' && row.state !== 'sending')) return { state: row?.state ?? 'dropped' };
    const stored = await findStoredAppointment(tx, row.appointment_id);
    const at = now();
    const record = stored?.record;
    const startsAt = new Date(row.starts_at).getTime();
    const why = whyNot(record, startsAt, at);
    if (why !== null || !record) {
      await setState(tx, key, 'dropped', why ?? 'appointment gone', at);
      return { state: 'dropped' };
    }
    // The texts of this reminder, once (a claim again after a crash inserts nothing new),
    // on the channels this server has and the patient wants; each its own job, so a failing
    // SMS provider never holds back or repeats the mail.
    const choices = await channelChoices(tx, stored!.userId);
    const channels = textChannels.filter((c) => options.texts?.[c] && choices[`remind_${c}`]);
    if (channels.length > 0) {
      const { rows: texts } = await tx.query<{ key: string }>(
        `insert into reminder_texts (key, reminder_key, channel, state, created_at, updated_at)
         select $1 || ':' || c, $1, c, 'queued', $3, $3 from unnest($2::text[]) as c
         on conflict (key) do nothing returning key`,
        [key, channels, at],
      );
      for (const text of texts) await options.engine().send(textQueue, { key: text.key }, { tx });
    }
    // Web Push to the account's devices (VAPID_*), whatever the email and text choices.
    if (options.vapid) await queueReminderPush(tx, options.engine(), key, stored!.userId);
    if (!choices.remind_email) {
      await setState(tx, key, 'dropped', 'the patient turned email reminders off', at);
      return { state: 'dropped' };
    }
    // A patient the desk registered without an email is reminded by text only.
    if (record.email === '') {
      await setState(tx, key, 'dropped', 'the patient has no email', at);
      return { state: 'dropped' };
    }
    await setState(tx, key, 'sending', row.state === 'sending' ? 'sent again after an interrupted send' : '', at);
    return { state: 'sending', record, lead: row.lead_minutes, userId: stored!.userId };
  });
}

/** The send job: the appointment checked again, then the mail, keyed. */
async function sendReminder(options: RemindersOptions, key: string): Promise<ReminderState> {
  const { db, now, mailer, publicUrl } = options;
  const claimed = await claimReminder(options, key);
  if (claimed.record === undefined) return claimed.state;
  const { record, lead } = claimed;
  const appointmentsUrl = `${publicUrl}/#/myappointment`;
  // In the account's language (015), as the booking confirmation; names stay as written.
  const language = (await findLanguage(db, claimed.userId)) ?? 'en';
  try {
    await mailer.send(
      appointmentReminderMail(
        {
          to: record.email,
          firstName: record.firstName,
          appointmentNumber: record.appointmentId,
          summary: appointmentSummary(record),
          when: clinicWhen(record.date, record.startTime),
          leadInWords: leadInWords(lead),
          consultationType: record.consultationType,
          doctorName: record.doctorName,
          location: record.location,
          phoneNumber: record.phoneNumber,
          appointmentsUrl,
          language,
          date: record.date,
          startTime: record.startTime,
          leadMinutes: lead,
          ...(options.joinOpensMinutesBefore !== undefined ? { joinOpensMinutesBefore: options.joinOpensMinutesBefore } : {}),
          ...(options.optOutLink ? { optOutUrl: await options.optOutLink(claimed.userId, 'email') } : {}),
        },
        `reminder:${key}`,
      ),
    );
  } catch (error) {
    await db.query('update reminder_sends set note = $2, updated_at = $3 where key = $1', [
      key,
      `send failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 400)}`,
      now(),
    ]);
    throw error;
  }
  await setState(db, key, 'sent', '', now());
  return 'sent';
}

const setTextState = (q: Queryable, key: string, state: TextState, note: string, at: Date, providerId?: string) =>
  q.query(
    `update reminder_texts set state = $2, note = $3, updated_at = $4${state === 'sent' ? ', sent_at = $4, provider_id = $5' : ''}${state === 'sending' ? ', attempts = attempts + 1' : ''} where key = $1`,
    state === 'sent' ? [key, state, note.slice(0, 500), at, providerId ?? null] : [key, state, note.slice(0, 500), at],
  );

/**
 * The text job: one reminder on one channel. Checked again (appointment, the patient's choice,
 * the channel still configured), claimed, sent. No provider takes an idempotency key, so a row
 * found `sending` (the last run died mid-send) becomes `unknown` and is not sent again; a
 * provider that answered with an error surely did not send it: the row is queued again and the
 * job fails, so the engine retries it with backoff.
 */
async function sendReminderText(options: RemindersOptions, key: string): Promise<TextState> {
  const { db, now, publicUrl } = options;
  type TextRow = { channel: TextChannel; state: TextState; appointment_id: string; lead_minutes: number; starts_at: Date | string };
  const claimed = await db.transaction(async (tx) => {
    const { rows } = await tx.query<TextRow>(
      `select t.channel, t.state, r.appointment_id, r.lead_minutes, r.starts_at
         from reminder_texts t join reminder_sends r on r.key = t.reminder_key
        where t.key = $1 for update of t`,
      [key],
    );
    const row = rows[0];
    const at = now();
    if (!row) return { state: 'dropped' as const };
    if (row.state === 'sending') {
      await setTextState(tx, key, 'unknown', 'interrupted mid-send: it may have gone out, so it is not sent again', at);
      return { state: 'unknown' as const };
    }
    if (row.state !== 'queued') return { state: row.state };
    const stored = await findStoredAppointment(tx, row.appointment_id);
    const why =
      whyNot(stored?.record, new Date(row.starts_at).getTime(), at) ??
      (!(await channelChoices(tx, stored!.userId))[`remind_${row.channel}`]
        ? `the patient turned ${row.channel === 'sms' ? 'SMS' : 'WhatsApp'} reminders off`
        : !options.texts?.[row.channel]
          ? `${row.channel} is not configured on this server`
          : null);
    if (why !== null) {
      await setTextState(tx, key, 'dropped', why, at);
      return { state: 'dropped' as const };
    }
    await setTextState(tx, key, 'sending', '', at);
    return { state: 'sending' as const, row, record: stored!.record, userId: stored!.userId };
  });
  if (claimed.state !== 'sending' || !('record' in claimed)) return claimed.state;
  const { row, record, userId } = claimed;
  const language = (await findLanguage(db, userId)) ?? 'en';
  const sender = options.texts![row.channel]!;
  try {
    const { providerId } = await sender.send({
      phoneNumber: record.phoneNumber,
      language,
      name: record.firstName,
      doctor: record.doctorName,
      whenIn: (l) => (l === 'en' ? clinicWhen(record.date, record.startTime) : clinicWhenIn(l, record.date, record.startTime)),
      link: `${publicUrl}/#/myappointment`,
      optOut: options.optOutLink ? await options.optOutLink(userId, row.channel) : `${publicUrl}/#/account`,
    });
    await setTextState(db, key, 'sent', '', now(), providerId);
    return 'sent';
  } catch (error) {
    const message = `send failed: ${error instanceof Error ? error.message : String(error)}`;
    if (error instanceof TextSendError && !error.notSent) {
      await setTextState(db, key, 'unknown', `${message}; it may have gone out, so it is not sent again`, now());
      return 'unknown';
    }
    // Surely not sent: queued again for the engine's retry.
    await setTextState(db, key, 'queued', message, now());
    throw error;
  }
}

export function createReminders(options: RemindersOptions) {
  const reminders = {
    sweep: () => sweepReminders(options),
    send: (key: string) => sendReminder(options, key),
    sendText: (key: string) => sendReminderText(options, key),
    push: (key: string) => sendReminderPush({ ...options, whyNot: (record, startsAt) => whyNot(record, startsAt, options.now()) }, key),
  };

  const queues: QueueDefinition<any>[] = [
    {
      name: sweepQueue,
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 5 * 60,
      handler: async () => {
        await reminders.sweep();
      },
    },
    {
      name: sendQueue,
      // A mail server down for a while: 1, 2, 4, 8... minutes, then the job is failed and listed.
      retryLimit: 6,
      retryDelaySeconds: 60,
      // A send takes seconds; after 5 minutes the worker is presumed dead and the job runs again.
      expireInSeconds: 5 * 60,
      handler: async (data: { key?: unknown }) => {
        if (typeof data?.key !== 'string') throw new Error('reminders.send without a key');
        await reminders.send(data.key);
      },
    },
    {
      name: textQueue,
      // A provider down for a while: 1, 2, 4... minutes, as the mail; then failed and listed.
      retryLimit: 6,
      retryDelaySeconds: 60,
      expireInSeconds: 5 * 60,
      handler: async (data: { key?: unknown }) => {
        if (typeof data?.key !== 'string') throw new Error('reminders.text without a key');
        await reminders.sendText(data.key);
      },
    },
    reminderPushQueue(reminders.push),
  ];

  return { ...reminders, queues };
}
export type Reminders = ReturnType<typeof createReminders>;

/** The rows of one appointment, oldest first: what tests and the operator look at. */
export async function reminderRows(q: Queryable, appointmentId: string) {
  const { rows } = await q.query<{ key: string; lead_minutes: number; state: ReminderState; attempts: number; note: string }>(
    'select key, lead_minutes, state, attempts, note from reminder_sends where appointment_id = $1 order by created_at, lead_minutes desc',
    [appointmentId],
  );
  return rows;
}
