/**
 * Rate-limit counters in the database, so every instance counts the same requests. A bucket is a
 * fixed window: the first hit opens it for `windowMs`, later hits in it add one, and the first hit
 * after it ended opens a new one. One statement per hit, so concurrent hits never lose a count.
 */
import type { Queryable } from '../db/database.js';

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  windowEnds: Date;
}

export async function hit(db: Queryable, bucket: string, now: Date, windowMs: number): Promise<Hit> {
  const { rows } = await db.query<{ hits: number; window_ends: Date }>(
    `insert into rate_limits as r (bucket, hits, window_ends) values ($1, 1, $3)
     on conflict (bucket) do update set
       hits = case when r.window_ends <= $2 then 1 else r.hits + 1 end,
       window_ends = case when r.window_ends <= $2 then excluded.window_ends else r.window_ends end
     returning hits, window_ends`,
    [bucket, now, new Date(now.getTime() + windowMs)],
  );
  const row = rows[0]!;
  return { hits: row.hits, windowEnds: new Date(row.window_ends) };
}

/** Takes one hit back (a request that turned out fine), within the current window only. */
export async function refund(db: Queryable, bucket: string, now: Date): Promise<void> {
  await db.query('update rate_limits set hits = greatest(hits - 1, 0) where bucket = $1 and window_ends > $2', [
    bucket,
    now,
  ]);
}

export async function forget(db: Queryable, bucket: string): Promise<void> {
  await db.query('delete from rate_limits where bucket = $1', [bucket]);
}

/** Forgets every bucket whose name starts with `prefix` (matched literally, not as a pattern). */
export async function forgetByPrefix(db: Queryable, prefix: string): Promise<void> {
  await db.query('delete from rate_limits where left(bucket, $2) = $1', [prefix, prefix.length]);
}

export async function deleteEndedWindows(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from rate_limits where window_ends < $1', [before]);
}
