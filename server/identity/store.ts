/**
 * What a Google sign-in keeps between requests, in the database so that any instance can serve
 * the next step (server/db/migrations/003_google.sql):
 *
 * - a login attempt, from /start to /callback: the OIDC state, nonce and PKCE verifier. The
 *   browser holds only a random attempt id in an httpOnly cookie; the table keys its SHA-256.
 *   Ten minutes, used once.
 * - a handoff code, from /callback to /exchange: a random value the browser carries in the
 *   address of the app (`/#/auth/google?code=...`) and swaps once for a session. The table keys
 *   its SHA-256. Sixty seconds, used once. It is bound to the browser that finished the sign-in:
 *   with the code, the callback gives that browser a second secret (an httpOnly cookie), whose
 *   SHA-256 is kept with the code; the exchange must bring it, or the code dies unused. So a code
 *   pasted into another browser (login CSRF: `/#/auth/google?code=<the attacker's>`) is worthless.
 *
 * Both values are 256 random bits, so a plain SHA-256 is enough: a stolen table gives nothing
 * that could be replayed. Times come from the caller's clock (tests move it).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.js';

export const attemptTtlMs = 10 * 60 * 1000;
export const handoffTtlMs = 60 * 1000;

export type Clock = () => number;

/** 32 random bytes from the operating system's CSPRNG, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

const secretPattern = /^[A-Za-z0-9_-]{43}$/;

/** Our secrets all look alike; anything else is refused before a query. */
export function isWellFormedSecret(value: string): boolean {
  return secretPattern.test(value);
}

export function secretHash(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export interface LoginAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityStore {
  /** Records an attempt and answers the id for the browser's cookie. */
  saveAttempt(attempt: LoginAttempt): Promise<string>;
  /** The attempt of that id, deleted as it is read; null when unknown, used or expired. */
  takeAttempt(attemptId: string): Promise<LoginAttempt | null>;
  /** A new handoff code for that user, and the secret of the browser it is bound to. */
  issueHandoff(userId: string): Promise<{ code: string; browserSecret: string }>;
  /**
   * The user of that code, when `browserSecret` is the one it was issued with. The code is deleted
   * as it is read, whatever the secret: a wrong or missing one kills it. The reason for a refusal
   * is for the log only.
   */
  redeemHandoff(code: string, browserSecret: string | undefined): Promise<{ userId: string } | { refused: HandoffRefusal }>;
}

export type HandoffRefusal = 'unknown' | 'expired' | 'other browser';

const iso = (ms: number) => new Date(ms).toISOString();

export function createIdentityStore(db: Database, now: Clock = Date.now): IdentityStore {
  return {
    async saveAttempt({ state, nonce, codeVerifier }) {
      const id = newSecret();
      const at = now();
      // Expired rows go as new ones come: the table holds at most ten minutes of attempts.
      await db.query('delete from google_login_attempts where expires_at <= $1', [iso(at)]);
      await db.query(
        `insert into google_login_attempts (id_hash, state, nonce, code_verifier, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [secretHash(id), state, nonce, codeVerifier, iso(at), iso(at + attemptTtlMs)],
      );
      return id;
    },

    async takeAttempt(attemptId) {
      if (!isWellFormedSecret(attemptId)) return null;
      const { rows } = await db.query<{ state: string; nonce: string; code_verifier: string; live: boolean }>(
        `delete from google_login_attempts where id_hash = $1
         returning state, nonce, code_verifier, expires_at > $2 as live`,
        [secretHash(attemptId), iso(now())],
      );
      const row = rows[0];
      return row?.live ? { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier } : null;
    },

    async issueHandoff(userId) {
      const code = newSecret();
      const browserSecret = newSecret();
      const at = now();
      await db.query('delete from google_handoff_codes where expires_at <= $1', [iso(at)]);
      await db.query(
        'insert into google_handoff_codes (code_hash, user_id, browser_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)',
        [secretHash(code), userId, secretHash(browserSecret), iso(at), iso(at + handoffTtlMs)],
      );
      return { code, browserSecret };
    },

    async redeemHandoff(code, browserSecret) {
      if (!isWellFormedSecret(code)) return { refused: 'unknown' };
      // One statement: of two requests racing with the same code, only one gets the row; and the
      // row goes before the secret is compared, so a wrong guess cannot be followed by the right one.
      const { rows } = await db.query<{ user_id: string; browser_hash: string; live: boolean }>(
        'delete from google_handoff_codes where code_hash = $1 returning user_id, browser_hash, expires_at > $2 as live',
        [secretHash(code), iso(now())],
      );
      const row = rows[0];
      if (!row) return { refused: 'unknown' };
      if (!row.live) return { refused: 'expired' };
      const sameBrowser =
        browserSecret !== undefined &&
        isWellFormedSecret(browserSecret) &&
        timingSafeEqual(Buffer.from(secretHash(browserSecret)), Buffer.from(row.browser_hash));
      return sameBrowser ? { userId: row.user_id } : { refused: 'other browser' };
    },
  };
}
