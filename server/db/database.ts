/**
 * The one database interface the server talks to. Two adapters implement it: embedded PGlite
 * (pglite.ts) and PostgreSQL through a `pg` pool (postgres.ts); the SQL is the same for both.
 *
 * Differences worth knowing when writing repositories:
 * - numeric comes back as a string on both: convert with Number() where the value is money;
 * - bigint (count(*)) is a number on PGlite but a string on pg: cast in SQL (`count(*)::int`);
 * - json/jsonb and arrays are parsed on both; pass JSON parameters as JSON.stringify(value).
 * - PGlite runs one query at a time: never await network or mail inside a transaction.
 */

export interface QueryResult<R> {
  rows: R[];
  /** Rows returned, or touched by an INSERT/UPDATE/DELETE. */
  rowCount: number;
}

export interface Queryable {
  /** One statement, with $1, $2... parameters. */
  query<R extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<R>>;
  /** A script of several statements and no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. Not nestable. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's figures, for the metrics. */
  poolStats?(): PoolStats;
  /**
   * PGlite only: a consistent gzipped tarball of the whole data directory (PGlite's
   * dumpDataDir), taken between two statements; what `npm run clinic -- backup` saves.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * A script of one or more statements without parameters, answering the last statement's rows
   * (PGlite's exec, pg's simple protocol). For the job engine (server/jobs), whose schema
   * scripts and maintenance run as one text; not for repositories.
   */
  script?(sql: string): Promise<QueryResult<Record<string, unknown>>>;
  /**
   * LISTEN on `channel` (a plain identifier): `onPayload` gets each NOTIFY's payload, from this
   * instance and every other on the same database. PostgreSQL: one dedicated client (not from the
   * pool) per call, reconnected after an error, and `onReconnect` called then (notifications sent
   * while it was away are lost: catch up from the tables), and `onLost` as soon as it is lost.
   * PGlite: its in-process listen. Answers the unlisten (which closes the dedicated client).
   */
  listen?(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Calls `listener` after each write through this object returns (every statement that is not a
   * plain `select`, every transaction and script, committed or not), before its caller goes on;
   * answers the unsubscribe. For in-process caches (services/dayPlanCache.ts): a NOTIFY from
   * PostgreSQL reaches this process a little later.
   */
  onWrite?(listener: () => void): () => void;
  /**
   * The same database without `onWrite`'s signal: for statements that never touch a table a
   * cache reads, so they need not empty it. The job engine's own statements (pg-boss polls its
   * `pgboss` schema every few seconds per queue) go through it; the jobs' handlers do not.
   */
  unsignalled?: Queryable & { script(sql: string): Promise<QueryResult<Record<string, unknown>>> };
}

/**
 * Whether a statement only reads: it begins with `select` (after comments), or with `with` and no
 * data-modifying word appears anywhere in it (the availability statements' recursive walks read
 * only; `with ... update` does not count).
 */
export function isReadOnly(sql: string): boolean {
  const text = sql.replace(/^(\s*--[^\n]*\n)+/, '');
  if (/^\s*select\b/i.test(text)) return true;
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge|truncate)\b/i.test(text);
}

/**
 * The adapters' `onWrite`: `watch(write)` runs a write and then tells every listener, whether it
 * succeeded or not (a failed statement may still have been part of a committed script).
 */
export function writeSignal() {
  const listeners = new Set<() => void>();
  const watch = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      for (const listener of listeners) listener();
    }
  };
  return {
    watch,
    /** `base` whose writes (not a plain select; any exec) tell the listeners. */
    queryable: (base: Queryable): Queryable => ({
      query: (sql, params) => (isReadOnly(sql) ? base.query(sql, params) : watch(() => base.query(sql, params))),
      exec: (sql) => watch(() => base.exec(sql)),
    }),
    onWrite(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export interface PoolStats {
  /** Open connections. */
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

/** The SQLSTATE code of a database error (e.g. '23505' unique violation), if it is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** The constraint a failed statement broke, as both drivers report it. */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** A unique violation (23505) of `constraint`, or of one of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string | readonly string[]): boolean {
  return sqlState(error) === '23505' && [constraint].flat().includes(violatedConstraint(error) ?? '');
}
