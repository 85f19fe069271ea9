/** PostgreSQL through a `pg` connection pool, for production and for several instances. */
import type pg from 'pg';
import { writeSignal, type Database, type Queryable, type QueryResult } from './database.js';

type PgQueryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

function queryable(client: PgQueryable): Queryable {
  return {
    async query<R extends object>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await client.query<R & pg.QueryResultRow>(sql, [...params]);
      return { rows: result.rows, rowCount: Math.max(result.rows.length, result.rowCount ?? 0) };
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** Connections per instance; PostgreSQL's own limit is shared by every instance. */
  max?: number;
  /** An idle connection dropped by the server is reported here instead of crashing the process. */
  onIdleError?: (error: Error) => void;
}

/**
 * Deadlocks: PostgreSQL ends one of two transactions that wait on each other (40P01) and rolls it
 * back whole, so doing it again is as if it had not run. Two bookings' transactions can meet so
 * in the kept daily figures (migrations 053, 057: each statement takes them in key order, but a
 * transaction of several statements cannot), so a transaction or a statement ended that way runs
 * again, at most DEADLOCK_TRIES times in all, after a short pause that differs between the two.
 * A transaction's function therefore does nothing but its statements (as every one here does).
 */
export const DEADLOCK_TRIES = 4;
const isDeadlock = (error: unknown) => (error as { code?: unknown } | null)?.code === '40P01';

async function againOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * (2 + Math.random() * 10)));
    }
  }
}

/** One transaction on a connection of its own, again if it was ended as a deadlock. */
function transactionOn<T>(pool: pg.Pool, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return againOnDeadlock(() => transactionOnce(pool, fn));
}

/** One transaction on a connection of its own; a connection that cannot roll back is not reused. */
async function transactionOnce<T>(pool: pg.Pool, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const result = await fn(queryable(client));
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch {
      broken = true; // the connection is unusable; do not return it to the pool
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

async function scriptOn(pool: pg.Pool, sql: string): Promise<QueryResult<Record<string, unknown>>> {
  // No parameters: the simple protocol, one answer per statement. A script that fails inside
  // its own BEGIN leaves the session in an aborted transaction: roll it back before the
  // connection goes back to the pool.
  const client = await pool.connect();
  let broken = false;
  try {
    const answer = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
    const last = Array.isArray(answer) ? answer.at(-1) : answer;
    return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: Math.max(last?.rows.length ?? 0, last?.rowCount ?? 0) };
  } catch (error) {
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * LISTEN on a connection of its own, outside the pool; a lost connection is reported (`onLost`)
 * and made again every second until it answers (`onReconnect`). Answers the function that stops.
 */
async function listenOn(
  driver: typeof pg,
  options: PostgresOptions,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
  onLost?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const c = new driver.Client({ connectionString: options.connectionString, application_name: 'clinic-portal-listen' });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', (error) => {
      options.onIdleError?.(error);
      c.end().catch(() => undefined);
      if (client === c) {
        client = null;
        onLost?.();
      }
      if (!closed) setTimeout(() => void retry(), 1000).unref();
    });
    await c.connect();
    await c.query(`listen ${channel}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
  };
  const retry = async (): Promise<void> => {
    if (closed || client) return;
    try {
      await connect();
      onReconnect?.();
    } catch (error) {
      options.onIdleError?.(error as Error);
      if (!closed) setTimeout(() => void retry(), 1000).unref();
    }
  };
  await connect();
  return async () => {
    closed = true;
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  // Loaded here, not with the server: the embedded database never needs it.
  const { default: driver } = await import('pg');
  const pool = new driver.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    // A stuck query should fail the request, not hold a connection for ever.
    statement_timeout: 30_000,
    // No JIT: its compile (seconds, done per statement) is planned from cost estimates, which
    // generate_series and recursive CTEs inflate; our statements run in a millisecond or two
    // without it (docs/performance.md).
    options: '-c jit=off',
    application_name: 'clinic-portal',
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  // Fail at start, with the driver's reason, rather than on the first request.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  // A statement outside a transaction is its own transaction: ended as a deadlock, it runs again.
  const direct = queryable(pool);
  const base: Queryable = { ...direct, query: (sql, params) => againOnDeadlock(() => direct.query(sql, params)) };
  const writes = writeSignal();
  return {
    kind: 'postgres',
    ...writes.queryable(base),
    onWrite: writes.onWrite,
    unsignalled: { ...base, script: (sql) => scriptOn(pool, sql) },
    transaction: (fn) => writes.watch(() => transactionOn(pool, fn)),
    script: (sql) => writes.watch(() => scriptOn(pool, sql)),
    listen: (channel, onPayload, onReconnect, onLost) => listenOn(driver, options, channel, onPayload, onReconnect, onLost),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
