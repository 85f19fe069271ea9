/** SQL for login sessions. Only the SHA-256 of a token is ever stored or looked up. */
import type { User } from '../../contract/auth.js';
import type { Queryable } from '../db/database.js';
import { toUser, userColumns } from './users.js';

export async function insertSession(
  db: Queryable,
  session: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4) returning id',
    [session.userId, session.tokenHash, session.createdAt, session.expiresAt],
  );
  return rows[0]!.id;
}

/** The live session with this token hash and its user; null when unknown, expired or revoked. */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ sessionId: string; user: User } | null> {
  const { rows } = await db.query<Parameters<typeof toUser>[0] & { session_id: string }>(
    `select s.id as session_id, ${userColumns}
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2`,
    [tokenHash, now],
  );
  const row = rows[0];
  return row ? { sessionId: row.session_id, user: toUser(row) } : null;
}

/** True while the session is neither revoked nor expired (an open chat stream asks again). */
export async function isSessionLive(db: Queryable, sessionId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query('select 1 from sessions where id = $1 and revoked_at is null and expires_at > $2', [sessionId, now]);
  return rows.length > 0;
}

export async function revokeSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, now]);
  // The device logged out gets no more Web Push (migration 054).
  await db.query('delete from push_subscriptions where session_id = $1', [sessionId]);
}

/** Ends every session of a user; answers how many were live. */
export async function revokeUserSessions(db: Queryable, userId: string, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    'update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and expires_at > $2',
    [userId, now],
  );
  // No login left on any device: none of them gets Web Push (migration 054).
  await db.query('delete from push_subscriptions where user_id = $1', [userId]);
  return rowCount;
}

/** Sessions that cannot work any more, kept a day for the record, then removed. */
export async function deleteDeadSessions(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from sessions where expires_at < $1 or revoked_at < $1', [before]);
}
