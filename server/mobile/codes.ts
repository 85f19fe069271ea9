/**
 * Texted one-time codes, as strict as the email's (server/services/otp.ts): 6 digits from the
 * CSPRNG, stored only as an HMAC (security/tokens.ts phoneCodeHash) bound to the number, the
 * purpose and (a phone change) the account; 10 minutes; single use; dead after 5 wrong tries.
 *
 * Sends are limited, in the database, per client address (RATE_LIMIT_PHONE_CODES_PER_CLIENT),
 * per number (RATE_LIMIT_CODES_PER_PHONE, sign-in and phone change together) and per clinic day
 * (MOBILE_CODES_PER_DAY, every number together: SMS pumping costs the clinic money). The day's
 * cap, once reached, refuses codes until midnight clinic time and queues one email to the admins
 * that day (the keyed mail 'code-cap:<date>', server/mobile/mails.ts).
 *
 * The code is committed first and sent after, never inside a transaction; a send the provider
 * surely did not take deletes it again (nobody got it) and answers 502. Rate-limit buckets name
 * the number by a keyed hash, and no log line or error message carries the number or the code.
 */
import { createHmac } from 'node:crypto';
import { addDays, clinicClock, clinicInstant } from '../../contract/clinicTime.js';
import type { TextChannel } from '../../contract/mobile.js';
import type { Database } from '../db/database.js';
import type { MailQueue } from '../jobs/keyedMails.js';
import { TextSendError } from '../messaging/senders.js';
import * as rateLimits from '../repositories/rateLimits.js';
import type { Secrets } from '../security/secrets.js';
import { newOneTimeCode, phoneCodeHash, sameDigest } from '../security/tokens.js';
import { BadRequestError, TextDeliveryError, TooManyRequestsError } from '../services/errors.js';
import { type AccountLimits, minutesUntil, secondsUntil } from '../services/limits.js';
import { type MobileConfig, offeredChannels } from './config.js';
import { mobileMessages } from './messages.js';
import * as codes from './repository.js';
import type { CodeSender } from './senders.js';

export type CodeOutcome = 'validated' | 'invalid' | 'noCode' | 'expired' | 'tooManyTries';

/** The mobile's 10 digits of a number the contract's MobileNumber let through (+91, 91, 0, spaces, hyphens dropped). */
export const tenDigits = (phoneNumber: string): string => phoneNumber.replace(/\D/g, '').slice(-10);

export interface CodeDeps {
  db: Database;
  now: () => Date;
  secrets: Secrets;
  limits: AccountLimits;
  config: MobileConfig;
  senders: Partial<Record<TextChannel, CodeSender>>;
  /** The admins' daily alert of the cap goes out as a keyed mail queued in a transaction. */
  mails: MailQueue;
}

export const codeCapKey = (date: string) => `code-cap:${date}`;

/** The number in a bucket's name: a keyed hash, so the rate_limits table holds no number. */
async function bucketOf({ secrets }: CodeDeps, phone: string): Promise<string> {
  return createHmac('sha256', await secrets.key('phone-code')).update(`bucket\n${phone}`).digest('hex').slice(0, 32);
}

/** The channel to send on: the one asked, or the first offered; 400 naming `channel` for one this clinic has not. */
function channelFor({ config, senders }: CodeDeps, asked: TextChannel | undefined): CodeSender {
  const offered = offeredChannels(config);
  if (offered.length === 0) throw new BadRequestError(mobileMessages.notOffered, [{ field: 'channel', message: 'no channel is set up for codes' }]);
  const channel = asked ?? offered[0]!;
  const sender = offered.includes(channel) ? senders[channel] : undefined;
  if (!sender) throw new BadRequestError(mobileMessages.channelNotOffered, [{ field: 'channel', message: `must be one of ${offered.join(', ')}` }]);
  return sender;
}

async function limit({ db, now }: CodeDeps, bucket: string, rate: { max: number; windowMs: number }, say: (wait: string) => string): Promise<void> {
  const at = now();
  const hit = await rateLimits.hit(db, bucket, at, rate.windowMs);
  if (hit.hits > rate.max) throw new TooManyRequestsError(say(minutesUntil(hit.windowEnds, at)), secondsUntil(hit.windowEnds, at));
}

/** The clinic day's count; past the cap, 429 until midnight and the admins' one alert of the day. */
async function dailyCap({ db, now, config, mails }: CodeDeps): Promise<void> {
  const at = now();
  const today = clinicClock(at).date;
  const midnight = clinicInstant(addDays(today, 1), '00:00');
  const hit = await rateLimits.hit(db, `phone-send:day:${today}`, at, Math.max(1000, midnight.getTime() - at.getTime()));
  if (hit.hits <= config.codesPerDay) return;
  // Queued in a transaction of its own: the key makes it one mail a day however many are refused.
  await mails.prepare();
  await db.transaction((tx) => mails.queue(tx, 'code-cap', codeCapKey(today), at));
  throw new TooManyRequestsError(mobileMessages.dailyCap, secondsUntil(midnight, at));
}

/**
 * A new code for `key` on the channel asked: the limits (client first, so a flooding client does
 * not use up the number's sends; the day's cap last, so refused requests do not count there), the
 * code committed, then sent.
 */
async function sendCode(deps: CodeDeps, key: codes.CodeKey, asked: TextChannel | undefined, client: string): Promise<void> {
  const { db, now, secrets, limits } = deps;
  const sender = channelFor(deps, asked);
  await limit(deps, `phone-send:client:${client}`, limits.phoneSendsPerClient, mobileMessages.tooManySendsForClient);
  await limit(deps, `phone-send:phone:${await bucketOf(deps, key.phone)}`, limits.sendsPerPhone, mobileMessages.tooManySendsForPhone);
  await dailyCap(deps);
  const code = newOneTimeCode();
  const codeHash = phoneCodeHash(await secrets.key('phone-code'), key.purpose, key.accountId, key.phone, code);
  const at = now();
  await codes.replacePhoneCode(db, key, { codeHash, createdAt: at, expiresAt: new Date(at.getTime() + limits.codeTtlMs) });
  try {
    await sender.send({ phone: key.phone, code, minutes: Math.round(limits.codeTtlMs / 60_000) });
  } catch (error) {
    // Surely not sent: nobody has the code, so nobody may use it. Maybe sent (a timeout): it may still arrive, and works.
    if (!(error instanceof TextSendError) || error.notSent) await codes.deletePhoneCode(db, key, codeHash);
    throw new TextDeliveryError(mobileMessages.sendFailed, error);
  }
}

/**
 * Checks `code` for `key`; a right one is used up. The outcome is decided and written in one
 * transaction, the refusal thrown after it commits, so a wrong try is counted. 400 naming `field`
 * otherwise.
 */
async function useCode({ db, now, secrets, limits }: CodeDeps, key: codes.CodeKey, code: string, field = 'code'): Promise<void> {
  const guess = phoneCodeHash(await secrets.key('phone-code'), key.purpose, key.accountId, key.phone, code);
  const at = now();
  const outcome = await db.transaction(async (tx): Promise<CodeOutcome> => {
    const stored = await codes.lockPhoneCode(tx, key);
    if (!stored) return 'noCode';
    if (stored.expiresAt.getTime() <= at.getTime()) return 'expired';
    if (stored.failedAttempts >= limits.maxWrongCodeTries) return 'tooManyTries';
    if (!sameDigest(stored.codeHash, guess)) {
      const failed = await codes.countFailedPhoneAttempt(tx, key);
      return failed >= limits.maxWrongCodeTries ? 'tooManyTries' : 'invalid';
    }
    await codes.usePhoneCode(tx, key);
    return 'validated';
  });
  if (outcome !== 'validated') {
    const message = mobileMessages[outcome];
    throw new BadRequestError(message, [{ field, message }]);
  }
}

export function createCodes(deps: CodeDeps) {
  return {
    send: (key: codes.CodeKey, asked: TextChannel | undefined, client: string) => sendCode(deps, key, asked, client),
    use: (key: codes.CodeKey, code: string, field?: string) => useCode(deps, key, code, field),
  };
}
export type Codes = ReturnType<typeof createCodes>;
