/**
 * The job engine: pg-boss (https://github.com/timgit/pg-boss, v10: the last line that runs on
 * Node 20) over the server's own Database, on PostgreSQL and on the embedded PGlite alike.
 *
 * pg-boss keeps its jobs in its own schema (`pgboss`, created and upgraded by pg-boss itself at
 * start, under an advisory lock, so several instances starting together create it once). It
 * hands each job to one worker (`FOR UPDATE SKIP LOCKED`), retries a failed one with exponential
 * backoff, and takes back a job whose worker died (kill -9) once its `expireInSeconds` passed:
 * it becomes `retry` and runs again. Those three are the engine's, timed by the database's clock.
 *
 * Why it also runs on PGlite: pg-boss accepts any object with `executeSql(text, values)` instead
 * of its own pool (the `db` option). Its statements with parameters go through our `query`; its
 * schema scripts and maintenance (several statements, no parameters, `BEGIN ... COMMIT` inside)
 * through `Database.script` (PGlite's exec; pg's simple protocol). PGlite serialises them with
 * the app's own statements and never runs one inside an open app transaction (its transaction
 * lock), so the same engine, with the same tests, serves both backends: no second runner.
 *
 * What is *due* is never left to pg-boss's clock: each kind of work (server/jobs/reminders.ts)
 * keeps its own due instants in our tables, computed from the server's injectable clock (`now`),
 * and a periodic sweep job (pg-boss's cron, every minute) enqueues what is due at `now()`. Tests
 * move the clock and call `drain()`: no sleeping.
 */
import type PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database.js';

// Shared with nothing else (migrations and the seed have their own): instances take turns
// starting the job engine.
const jobsStartLockKey = 424_242_014;

export interface JobContext {
  id: string;
  /** 0 on the first run; how many times it ran before. */
  retryCount: number;
}

export interface QueueDefinition<D = unknown> {
  name: string;
  /** Runs the job; a throw fails this attempt (retried with backoff until retryLimit). */
  handler: (data: D, job: JobContext) => Promise<void>;
  retryLimit?: number;
  /** First retry's delay; doubled each time (pg-boss's retryBackoff, with jitter). */
  retryDelaySeconds?: number;
  /** A job running longer than this is taken back and retried (its worker is presumed dead). */
  expireInSeconds?: number;
  /** A cron expression (database time): pg-boss enqueues one job per tick, on one instance. */
  cron?: string;
  /** pg-boss's queue policy: 'short' keeps at most one job waiting (a second send is dropped). Default 'standard'. */
  policy?: 'standard' | 'short';
}

export interface EngineTuning {
  /** How often an idle worker asks for work (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** Overrides every queue's first retry delay (tests: 0, so a retry is available at once). */
  retryDelaySeconds?: number;
  /** Overrides every queue's expiry (tests: 1, the minimum, for the kill -9 test). */
  expireInSeconds?: number;
  /** pg-boss's maintenance (expiry, archiving) interval. */
  maintenanceIntervalSeconds: number;
}

export const defaultTuning: EngineTuning = { pollingIntervalSeconds: 2, maintenanceIntervalSeconds: 60 };

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRow {
  id: string;
  queue: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** A failed job's error message (pg-boss keeps the thrown error as `output`). */
  error: string | null;
  data: unknown;
}

export interface JobEngine {
  readonly engine: 'pg-boss';
  /** Creates or upgrades pg-boss's schema and the queues; with `workers`, polls and runs jobs; with `timers`, cron and maintenance. */
  start(options?: { workers?: boolean; timers?: boolean }): Promise<void>;
  stop(): Promise<void>;
  /**
   * pg-boss's schema and the queues, without workers or timers (what `send` inside a transaction
   * needs first: on PGlite, starting from inside an open transaction would wait for it for ever).
   */
  prepare(): Promise<void>;
  /** Started, not stopped: what /readyz reports. */
  running(): boolean;
  /** Adds queues (each kind of work brings its own); only before the engine first starts. */
  define(queues: readonly QueueDefinition<any>[]): void;
  /** Enqueues a job; inside `tx` when given (it exists only if that transaction commits). */
  send(queue: string, data: object, options?: { tx?: Queryable; singletonKey?: string; startAfterSeconds?: number }): Promise<string | null>;
  /** Runs, in this process, every job of these queues (all when absent) that is available now, until none is left; answers how many ran. */
  drain(queues?: readonly string[]): Promise<number>;
  /** pg-boss's maintenance now: expired active jobs become retry (or failed), old ones archived. */
  maintain(): Promise<void>;
  /** Jobs in these states (default: everything not completed), newest first. */
  list(options?: { states?: readonly JobState[]; limit?: number }): Promise<JobRow[]>;
  /** A failed job runs again (its retries counted afresh are pg-boss's); false when no failed job has this id. */
  retry(id: string): Promise<boolean>;
}

export const pgBossSchema = 'pgboss';

/** pg-boss's database seam over ours: parameters through `query`, scripts through `script`. */
function bossDb(q: Queryable, script?: Database['script']): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return q.query(text, values);
      if (script) return script(text);
      return q.query(text);
    },
  };
}

interface JobRowSql {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  output: unknown;
  data: unknown;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  return null;
}

const jobRowOf = (r: JobRowSql): JobRow => ({
  id: r.id,
  queue: r.name,
  state: r.state,
  retryCount: r.retry_count,
  retryLimit: r.retry_limit,
  createdOn: asDate(r.created_on),
  startAfter: asDate(r.start_after),
  startedOn: r.started_on === null ? null : asDate(r.started_on),
  completedOn: r.completed_on === null ? null : asDate(r.completed_on),
  error: errorOf(r.output),
  data: r.data,
});

/**
 * Embedded starts, one at a time in this process: two pg-boss instances installing their schema
 * at once on one PGlite would both run its install script, and the loser's error inside that
 * script's BEGIN leaves the database's only session in an aborted transaction.
 */
let embeddedStarts: Promise<unknown> = Promise.resolve();
function oneStartAtATime<T>(start: () => Promise<T>): Promise<T> {
  const next = embeddedStarts.then(start);
  embeddedStarts = next.catch(() => undefined);
  return next;
}

export interface EngineOptions {
  db: Database;
  /** The queues known from the start; more by `define` before it starts. */
  queues?: readonly QueueDefinition<any>[];
  tuning?: Partial<EngineTuning>;
  /** pg-boss's own errors (a failed poll, a lost connection): the app's log. */
  onError: (error: Error) => void;
}

/** pg-boss's side of the engine: its statements, their scripts, the tuning, the queues. */
interface BossSetup {
  // pg-boss's own statements (polling, maintenance: its `pgboss` schema only) do not signal
  // writes, so they do not empty the day-plan cache every few seconds (services/dayPlanCache.ts).
  queries: Queryable;
  script: Database['script'];
  tuning: EngineTuning;
  queues: readonly QueueDefinition[];
  onError: (error: Error) => void;
}

/** Each queue's retry and expiry settings, given on every send too: pg-boss 10 fills a job's from its own defaults otherwise. */
function queueSettings(tuning: EngineTuning, q: QueueDefinition) {
  const retryDelay = tuning.retryDelaySeconds ?? q.retryDelaySeconds ?? 60;
  return {
    retryLimit: q.retryLimit ?? 5,
    retryDelay,
    // pg-boss makes a backoff's first delay at least 1 s: a delay of 0 (tests) means no backoff.
    retryBackoff: retryDelay > 0,
    expireInSeconds: tuning.expireInSeconds ?? q.expireInSeconds ?? 15 * 60,
  };
}

async function runJob(queue: QueueDefinition, job: PgBoss.Job<object> & { retryCount?: number }): Promise<void> {
  await queue.handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0 });
}

/** A started pg-boss, its schema installed or upgraded (with `timers`: it supervises and schedules). */
async function startBoss(setup: BossSetup, timers: boolean): Promise<PgBoss> {
  const { script } = setup;
  if (!script) throw new Error('The job engine needs Database.script (server/db/pglite.ts, postgres.ts)');
  // Loaded when the jobs start (after the first answer), not with the server.
  const { default: PgBoss } = await import('pg-boss');
  const makeBoss = () => {
    const boss = new PgBoss({
      db: bossDb(setup.queries, script),
      schema: pgBossSchema,
      migrate: true,
      supervise: timers,
      schedule: timers,
      maintenanceIntervalSeconds: setup.tuning.maintenanceIntervalSeconds,
    });
    boss.on('error', (error: Error) => setup.onError(error));
    return boss;
  };
  let instance = makeBoss();
  try {
    await instance.start();
  } catch (error) {
    // Two instances installing pg-boss's schema at once on an empty PostgreSQL: the loser's
    // CREATE SCHEMA IF NOT EXISTS can still fail with a unique violation on pg_namespace (a
    // catalog race the advisory lock does not cover). The winner has installed it by then,
    // so a fresh start finds it installed.
    if ((error as { code?: string }).code !== '23505') throw error;
    instance = makeBoss();
    await instance.start();
  }
  await installQueues(instance, setup, timers);
  return instance;
}

/** Creates or updates every queue (and, with `timers`, its cron schedule). */
async function installQueues(instance: PgBoss, setup: BossSetup, timers: boolean): Promise<void> {
  for (const q of setup.queues) {
    const settings = queueSettings(setup.tuning, q);
    // Several instances start at once: creating a queue that another just made is no error.
    if (await instance.getQueue(q.name)) await instance.updateQueue(q.name, { name: q.name, ...settings });
    else {
      try {
        await instance.createQueue(q.name, { name: q.name, policy: q.policy ?? 'standard', ...settings });
      } catch (error) {
        if (!(await instance.getQueue(q.name))) throw error;
      }
    }
    if (q.cron && timers) await instance.schedule(q.name, q.cron, {}, { tz: 'UTC', ...settings });
  }
}

/**
 * pg-boss started once its turn comes. Instances starting at once on one empty PostgreSQL would
 * race installing pg-boss's schema and its queues (a unique violation on pg_namespace, deadlocks
 * in createQueue): they take turns under an advisory lock held by a transaction on its own
 * connection while pg-boss works on others. PGlite runs one query at a time, so a transaction
 * there would block pg-boss itself; one process owns an embedded database (the directory lock),
 * and its engines (two apps over one database in tests) start one after the other.
 */
function startTakingTurns(db: Database, setup: BossSetup, timers: boolean): Promise<PgBoss> {
  if (db.kind !== 'postgres') return oneStartAtATime(() => startBoss(setup, timers));
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [jobsStartLockKey]);
    return startBoss(setup, timers);
  });
}

/** Polls each queue and runs its jobs in this process. */
async function startWorkers(instance: PgBoss, queues: readonly QueueDefinition[], tuning: EngineTuning): Promise<void> {
  for (const q of queues) {
    await instance.work(q.name, { pollingIntervalSeconds: tuning.pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) await runJob(q, job as PgBoss.JobWithMetadata<object>);
    });
  }
}

/** Runs every available job of `names` in this process until none is left; how many ran. */
async function drainQueues(instance: PgBoss, byName: ReadonlyMap<string, QueueDefinition>, names: readonly string[]): Promise<number> {
  let ran = 0;
  for (;;) {
    let any = false;
    for (const name of names) {
      const q = byName.get(name);
      if (!q) throw new Error(`No queue ${name}`);
      const jobs = await instance.fetch<object>(name, { batchSize: 1, includeMetadata: true });
      for (const job of jobs ?? []) {
        any = true;
        ran += 1;
        try {
          await runJob(q, job);
          await instance.complete(name, job.id);
        } catch (error) {
          await instance.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    if (!any) return ran;
  }
}

async function listJobs(db: Queryable, states: readonly JobState[], limit: number): Promise<JobRow[]> {
  const { rows } = await db.query<JobRowSql>(
    `select id, name, state::text as state, retry_count, retry_limit, created_on, start_after, started_on, completed_on, output, data
       from ${pgBossSchema}.job
      where state::text = any($1::text[]) and name not like '\\_\\_pgboss%'
      order by created_on desc
      limit $2`,
    [[...states], limit],
  );
  return rows.map(jobRowOf);
}

async function retryJob(instance: PgBoss, db: Queryable, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const { rows } = await db.query<{ name: string }>(`select name from ${pgBossSchema}.job where id = $1 and state = 'failed'`, [id]);
  const name = rows[0]?.name;
  if (!name) return false;
  await instance.retry(name, id);
  return true;
}

export function createJobEngine(options: EngineOptions): JobEngine {
  const { db } = options;
  const queues = [...(options.queues ?? [])];
  // Checked when the engine starts, not here: an app built over a database stand-in (tests of
  // static files) never starts it.
  const setup: BossSetup = {
    queries: db.unsignalled ?? db,
    script: db.unsignalled?.script ?? db.script?.bind(db),
    tuning: { ...defaultTuning, ...options.tuning },
    queues,
    onError: options.onError,
  };
  const { tuning } = setup;
  let started: Promise<PgBoss> | undefined;
  let isRunning = false;
  const byName = new Map(queues.map((q) => [q.name, q]));

  const ensureStarted = (startOptions: { workers?: boolean; timers?: boolean } = {}): Promise<PgBoss> =>
    (started ??= startTakingTurns(db, setup, startOptions.timers ?? false));

  return {
    engine: 'pg-boss',
    async start(startOptions = {}) {
      const instance = await ensureStarted(startOptions);
      if (startOptions.workers) await startWorkers(instance, queues, tuning);
      isRunning = true;
    },
    async stop() {
      isRunning = false;
      if (!started) return;
      const instance = await started.catch(() => undefined);
      started = undefined;
      // close: false, the database is the app's; wait for jobs in hand to finish.
      await instance?.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
    async prepare() {
      await ensureStarted();
    },
    running: () => isRunning,
    define(more) {
      if (started) throw new Error('Queues are defined before the job engine starts');
      for (const q of more) {
        queues.push(q);
        byName.set(q.name, q);
      }
    },
    async send(queue, data, sendOptions = {}) {
      const instance = await ensureStarted();
      const q = byName.get(queue);
      if (!q) throw new Error(`No queue ${queue}`);
      return instance.send(queue, data, {
        ...queueSettings(tuning, q),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        // A delay from the database's now (its clock, not ours, decides when it has come).
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.tx ? { db: bossDb(sendOptions.tx) } : {}),
      });
    },
    drain: async (names) => drainQueues(await ensureStarted(), byName, names ?? [...byName.keys()]),
    async maintain() {
      await (await ensureStarted()).maintain();
    },
    async list(listOptions = {}) {
      await ensureStarted();
      return listJobs(db, listOptions.states ?? ['created', 'retry', 'active', 'failed', 'cancelled'], listOptions.limit ?? 100);
    },
    retry: async (id) => retryJob(await ensureStarted(), db, id),
  };
}

/** Exported for tests that read the live pg-boss instance's absence. */
export type { PgBoss };
