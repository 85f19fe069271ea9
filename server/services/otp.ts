/**
 * Email one-time codes (POST /otp/send-otp, /otp/validate-otp) and the proof a right code leaves.
 *
 * - A code is 6 digits from the CSPRNG, stored only as an HMAC under the server's secret, valid
 *   10 minutes, single use, dead after 5 wrong tries. A new send replaces the address's code.
 * - Sends are rate-limited per client and per address, in the database. Nothing depends on
 *   whether the address has an account: the answer, the mail and the work are the same.
 * - The code is committed first and mailed after, never inside a transaction. When the mail
 *   cannot be sent the code is deleted again (nobody got it, so nobody may use it) and the
 *   answer is 502 'Failed to send OTP. Please try again.'. A send that failed still counts
 *   towards the limits.
 * - A right code deletes it and records the address as proven for 30 minutes; registration and
 *   password reset use that proof up (accounts.ts).
 */
import type { Language, MessageAnswer } from '../../contract/auth.js';
import type { Database } from '../db/database.js';
import { oneTimeCodeMail } from '../mail/templates.js';
import type { Mailer } from '../mail/mailer.js';
import * as codes from '../repositories/otp.js';
import * as rateLimits from '../repositories/rateLimits.js';
import type { Secrets } from '../security/secrets.js';
import { newOneTimeCode, oneTimeCodeHash, sameDigest } from '../security/tokens.js';
import { BadRequestError, MailDeliveryError, TooManyRequestsError } from './errors.js';
import { defineMessages, minutesOf, withParams } from './messageCodes.js';
import { type AccountLimits, minutesUntil, secondsUntil } from './limits.js';

export const otpMessages = defineMessages('otp', {
  sent: 'OTP sent to your email.',
  sendFailed: 'Failed to send OTP. Please try again.',
  validated: 'Email OTP validated successfully.',
  invalid: 'Invalid email OTP. Please try again.',
  noCode: 'There is no valid code for this email. Please request a new OTP.',
  expired: 'This OTP has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new OTP.',
  tooManySendsForAddress: withParams(
    (wait: string) => `Too many codes were sent to this email. Please try again in ${wait}.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
  tooManySendsForClient: withParams(
    (wait: string) => `Too many codes were requested from your network. Please try again in ${wait}.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
} as const);

export interface OtpServiceDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  secrets: Secrets;
  limits: AccountLimits;
}

type Outcome = 'validated' | 'invalid' | 'noCode' | 'expired' | 'tooManyTries';

export function createOtpService({ db, now, mailer, secrets, limits }: OtpServiceDeps) {
  const normalize = (email: string) => email.trim().toLowerCase();

  async function checkSendLimits(email: string, client: string): Promise<void> {
    const at = now();
    // The client first: a client over its limit does not use up the address's sends.
    const byClient = await rateLimits.hit(db, `otp-send:client:${client}`, at, limits.sendsPerClient.windowMs);
    if (byClient.hits > limits.sendsPerClient.max) {
      throw new TooManyRequestsError(
        otpMessages.tooManySendsForClient(minutesUntil(byClient.windowEnds, at)),
        secondsUntil(byClient.windowEnds, at),
      );
    }
    const byAddress = await rateLimits.hit(db, `otp-send:email:${email}`, at, limits.sendsPerAddress.windowMs);
    if (byAddress.hits > limits.sendsPerAddress.max) {
      throw new TooManyRequestsError(
        otpMessages.tooManySendsForAddress(minutesUntil(byAddress.windowEnds, at)),
        secondsUntil(byAddress.windowEnds, at),
      );
    }
  }

  return {
    /** Emails a new code to the address; `client` is the caller's IP address. */
    async send(rawEmail: string, client: string, language: Language = 'en'): Promise<MessageAnswer> {
      const email = normalize(rawEmail);
      await checkSendLimits(email, client);

      const code = newOneTimeCode();
      const codeHash = oneTimeCodeHash(await secrets.key('one-time-code'), email, code);
      const at = now();
      await codes.replaceCode(db, { email, codeHash, createdAt: at, expiresAt: new Date(at.getTime() + limits.codeTtlMs) });

      // Committed above; the mail goes out with no transaction open.
      try {
        await mailer.send(oneTimeCodeMail(email, code, Math.round(limits.codeTtlMs / 60_000), language));
      } catch (error) {
        await codes.deleteCode(db, email, codeHash);
        throw new MailDeliveryError(otpMessages.sendFailed, error);
      }
      return { message: otpMessages.sent };
    },

    /** Checks a code; a right one proves the address for 30 minutes. 400 with a message otherwise. */
    async validate(rawEmail: string, code: string): Promise<MessageAnswer> {
      const email = normalize(rawEmail);
      const key = await secrets.key('one-time-code');
      const guess = oneTimeCodeHash(key, email, code);
      const at = now();
      // The outcome is decided and written in one transaction; the refusal is thrown after it
      // commits, so a wrong try is counted.
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const stored = await codes.lockCode(tx, email);
        if (!stored) return 'noCode';
        if (stored.expiresAt.getTime() <= at.getTime()) return 'expired';
        if (stored.failedAttempts >= limits.maxWrongCodeTries) return 'tooManyTries';
        if (!sameDigest(stored.codeHash, guess)) {
          const failed = await codes.countFailedAttempt(tx, email);
          return failed >= limits.maxWrongCodeTries ? 'tooManyTries' : 'invalid';
        }
        await codes.deleteCodeOf(tx, email);
        await codes.recordProof(tx, email, at, new Date(at.getTime() + limits.proofTtlMs));
        return 'validated';
      });
      if (outcome !== 'validated') throw new BadRequestError(otpMessages[outcome], [{ field: 'otp', message: otpMessages[outcome] }]);
      return { message: otpMessages.validated };
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
