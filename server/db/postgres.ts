/** PostgreSQL through a `pg` connection pool, for production and for several instances. */
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.js';

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

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    // A stuck query should fail the request, not hold a connection for ever.
    statement_timeout: 30_000,
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

  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
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
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
