/**
 * The message of an offer, sent once per channel (table `waitlist_messages`, migration 034): the
 * mail whenever the patient has an email (key `waitlist-offer:<offer id>`, also its idempotency key,
 * as the booking confirmation goes by mail whatever the reminder settings; a patient the desk
 * registered without one gets none, and the desk sees the offer), and a text on each of SMS and WhatsApp
 * that this server has an offer template for and the patient's reminder channels ask for
 * (`waitlist-offer:<offer id>:sms`...). The offer's transaction queues them (`queueOfferMessages`),
 * so they commit with the hold or not at all.
 *
 * The send job (`waitlist.message`) checks the offer again (taken, declined, lapsed or past its
 * hold: dropped, say why), claims the row, sends, records. A mail found `sending` (a crash mid-send)
 * goes again under the same key; a text found `sending` may have gone out and becomes `unknown`,
 * never a second text (server/jobs/reminders.ts does the same for reminders).
 */
import type { Database, Queryable } from '../db/database.js';
import type { JobEngine } from '../jobs/engine.js';
import type { OptOutLink } from '../jobs/reminders.js';
import type { Mailer } from '../mail/mailer.js';
import { clinicWhenIn } from '../mail/words.js';
import { clinicWhen } from '../calendar/appointment.js';
import { findStoredAppointment, type StoredAppointment } from '../repositories/appointmentRecords.js';
import { findLanguage } from '../repositories/users.js';
import { TextSendError, type TextChannel, type TextSender } from '../messaging/senders.js';
import { waitlistOfferMail } from './offerMail.js';

export const waitlistMessageQueue = 'waitlist.message';

/** The key of an offer's mail; its texts add `:sms`, `:whatsapp`. */
export const offerMessageKey = (offerId: string) => `waitlist-offer:${offerId}`;

export type MessageChannel = 'email' | TextChannel;
export type MessageState = 'queued' | 'sending' | 'sent' | 'dropped' | 'unknown';

/**
 * In the offer's transaction: its mail and the texts the patient wants among `channels` (those this
 * server can send an offer on), each a row and, when the engine runs here, a job; answers the keys.
 */
export async function queueOfferMessages(
  tx: Queryable,
  offer: { id: string; userId: string },
  channels: readonly TextChannel[],
  engine: JobEngine | null,
  at: Date,
): Promise<string[]> {
  const { rows: wants } = await tx.query<{ remind_sms: boolean; remind_whatsapp: boolean; has_email: boolean }>(
    `select remind_sms, remind_whatsapp, coalesce(email, '') <> '' as has_email from users where id = $1`,
    [offer.userId],
  );
  const texts = channels.filter((c) => wants[0]?.[`remind_${c}`]);
  // A patient the desk registered without an email gets no mail: the desk sees the offer, and a text goes when one can.
  const mail: MessageChannel[] = wants[0]?.has_email ? ['email'] : [];
  const base = offerMessageKey(offer.id);
  const { rows } = await tx.query<{ key: string }>(
    `insert into waitlist_messages (key, offer_id, channel, state, created_at, updated_at)
     select case when c = 'email' then $1 else $1 || ':' || c end, $2, c, 'queued', $4, $4 from unnest($3::text[]) as c
     on conflict (key) do nothing returning key`,
    [base, offer.id, [...mail, ...texts], at],
  );
  if (engine?.running()) for (const row of rows) await engine.send(waitlistMessageQueue, { key: row.key }, { tx });
  return rows.map((r) => r.key);
}

export interface NotifyOptions {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  publicUrl: string;
  /** The text senders configured here; only those with an offer template are used. */
  texts: Partial<Record<TextChannel, TextSender>>;
  optOutLink?: OptOutLink;
}

interface MessageRow {
  channel: MessageChannel;
  state: MessageState;
  offer_status: string;
  expires_at: Date;
  appointment_id: string;
}

const setState = (q: Queryable, key: string, state: MessageState, note: string, at: Date, providerId: string | null = null) =>
  q.query(
    `update waitlist_messages set state = $2, note = $3, updated_at = $4,
            sent_at = case when $2 = 'sent' then $4 else sent_at end,
            provider_id = coalesce($5, provider_id),
            attempts = attempts + case when $2 = 'sending' then 1 else 0 end
      where key = $1`,
    [key, state, note.slice(0, 500), at, providerId],
  );

/** Why the offer's message should not go out at `at`; null: it should. */
function whyNot(row: MessageRow, stored: StoredAppointment | null, at: Date): string | null {
  if (row.offer_status !== 'open') return `the offer was ${row.offer_status} before its message went out`;
  if (row.expires_at <= at) return 'the offer lapsed before its message went out';
  if (!stored || stored.record.appointmentStatus !== 'Booked' || !stored.holdsSlot) return 'the offered hold is gone';
  return null;
}

type Claim = { state: MessageState } | { state: 'sending'; row: MessageRow; stored: StoredAppointment };

/** In one transaction: the row locked and checked again, then `sending`; or the state it ends in. */
function claim({ db, now, texts }: NotifyOptions, key: string): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    const { rows } = await tx.query<MessageRow>(
      `select m.channel, m.state, o.status as offer_status, o.expires_at, o.appointment_id
         from waitlist_messages m join waitlist_offers o on o.id = m.offer_id where m.key = $1 for update of m`,
      [key],
    );
    const row = rows[0];
    const at = now();
    if (!row) return { state: 'dropped' };
    if (row.state === 'sending' && row.channel !== 'email') {
      await setState(tx, key, 'unknown', 'interrupted mid-send: it may have gone out, so it is not sent again', at);
      return { state: 'unknown' };
    }
    if (row.state !== 'queued' && row.state !== 'sending') return { state: row.state };
    const stored = await findStoredAppointment(tx, row.appointment_id);
    const why = whyNot(row, stored, at) ?? (row.channel !== 'email' && !texts[row.channel] ? `${row.channel} is not configured on this server` : null);
    if (why !== null) {
      await setState(tx, key, 'dropped', why, at);
      return { state: 'dropped' };
    }
    await setState(tx, key, 'sending', row.state === 'sending' ? 'sent again after an interrupted send' : '', at);
    return { state: 'sending', row, stored: stored! };
  });
}

/** The send job: one message of one offer, checked, claimed, sent, recorded. */
export async function sendOfferMessage(options: NotifyOptions, key: string): Promise<MessageState> {
  const claimed = await claim(options, key);
  if (!('row' in claimed)) return claimed.state;
  const { row, stored } = claimed;
  const { db, now, publicUrl } = options;
  const record = stored.record;
  const language = (await findLanguage(db, stored.userId)) ?? 'en';
  const appointmentsUrl = `${publicUrl}/#/myappointment`;
  try {
    if (row.channel === 'email') {
      const facts = { ...record, to: record.email, appointmentNumber: record.appointmentId, fee: record.consultationFee };
      await options.mailer.send(waitlistOfferMail({ ...facts, expiresAt: row.expires_at, appointmentsUrl, language }, key));
      await setState(db, key, 'sent', '', now());
      return 'sent';
    }
    const { providerId } = await options.texts[row.channel]!.send(
      {
        phoneNumber: record.phoneNumber,
        language,
        name: record.firstName,
        doctor: record.doctorName,
        whenIn: (l) => (l === 'en' ? clinicWhen(record.date, record.startTime) : clinicWhenIn(l, record.date, record.startTime)),
        link: appointmentsUrl,
        optOut: options.optOutLink ? await options.optOutLink(stored.userId, row.channel) : `${publicUrl}/#/account`,
      },
      'waitlistOffer',
    );
    await setState(db, key, 'sent', '', now(), providerId);
    return 'sent';
  } catch (error) {
    return failed(options, key, row.channel, error);
  }
}

/** A send that failed: a mail or a surely unsent text is queued again and the job retried; a text that may have gone out is `unknown`. */
async function failed({ db, now }: NotifyOptions, key: string, channel: MessageChannel, error: unknown): Promise<MessageState> {
  const message = `send failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 400)}`;
  if (channel !== 'email' && error instanceof TextSendError && !error.notSent) {
    await setState(db, key, 'unknown', `${message}; it may have gone out, so it is not sent again`, now());
    return 'unknown';
  }
  await setState(db, key, channel === 'email' ? 'sending' : 'queued', message, now());
  throw error;
}

/** An offer's message rows, for tests and the operator. */
export async function offerMessageRows(q: Queryable, offerId: string) {
  const { rows } = await q.query<{ key: string; channel: MessageChannel; state: MessageState; attempts: number; note: string }>(
    'select key, channel, state, attempts, note from waitlist_messages where offer_id = $1 order by key',
    [offerId],
  );
  return rows;
}
