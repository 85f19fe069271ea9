/**
 * The server's secret, from which the keys of keyed hashes (one-time codes) are derived.
 *
 * `APP_SECRET` when it is set (production: keep it out of the database and its backups). Unset,
 * a random 32-byte secret is made once and kept in the database's `meta` table, so every instance
 * on that database shares it and a restart keeps codes valid. It is read on first use, never at
 * build time, and never logged.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';

const metaKey = 'app_secret';

/** Reads the stored secret, making it first if there is none (two instances at once agree on one). */
export async function storedAppSecret(db: Queryable): Promise<Buffer> {
  const candidate = randomBytes(32).toString('base64url');
  await db.query(
    "insert into meta (key, value) values ($1, to_jsonb($2::text)) on conflict (key) do nothing",
    [metaKey, candidate],
  );
  const { rows } = await db.query<{ secret: string | null }>("select value #>> '{}' as secret from meta where key = $1", [
    metaKey,
  ]);
  const secret = rows[0]?.secret;
  if (!secret || secret.length < 32) throw new Error('The stored app secret is missing or too short');
  return Buffer.from(secret, 'utf8');
}

export type KeyPurpose = 'one-time-code' | 'phone-code' | 'opt-out';

export interface Secrets {
  /** A 32-byte key for one purpose, derived from the secret (HKDF-SHA256). */
  key(purpose: KeyPurpose): Promise<Buffer>;
}

export function createSecrets(db: Queryable, configured: string | null): Secrets {
  let secret: Promise<Buffer> | undefined;
  const load = (): Promise<Buffer> => {
    secret ??= configured !== null ? Promise.resolve(Buffer.from(configured, 'utf8')) : storedAppSecret(db);
    // A failed read (database down) is tried again by the next request.
    secret.catch(() => {
      secret = undefined;
    });
    return secret;
  };
  const keys = new Map<KeyPurpose, Promise<Buffer>>();
  return {
    key(purpose) {
      let key = keys.get(purpose);
      if (!key) {
        key = load().then((s) => Buffer.from(hkdfSync('sha256', s, Buffer.alloc(0), `clinic-portal ${purpose} v1`, 32)));
        keys.set(purpose, key);
        key.catch(() => keys.delete(purpose));
      }
      return key;
    },
  };
}
