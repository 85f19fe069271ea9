/**
 * `npm run clinic -- <command>`: the clinic's operator commands, on the database the server uses
 * (the same DATA_DIR or DATABASE_URL, docs/operations.md "Staff accounts").
 *
 *   create-admin <email>   the account becomes an admin (every staff endpoint, every appointment)
 *   make-doctor <email>    the account becomes a doctor: their own appointments only; a doctor of
 *                          the clinic's doctor list must have the same email
 *   make-reception <email> the account becomes the front desk's (reception): patients,
 *                          appointments, check-in, counter payments, queues; no prescription
 *                          content, no audit log, no admin screen
 *   make-patient <email>   back to an ordinary patient account (no staff endpoint)
 *   list-staff             every admin, doctor and reception account
 *   backup <file>          a consistent copy of the embedded database, taken by the running
 *                          server (asked over its loopback operations port, server/ops/server.ts)
 *                          or, when none runs, from DATA_DIR directly
 *   restore <file>         loads such a copy into DATA_DIR/db; the server must be stopped; an
 *                          existing database is replaced only with --force (and kept aside)
 *   jobs [state...]        the background jobs (server/jobs, pg-boss): due, scheduled, running
 *                          and failed ones (or only the states named: created retry active
 *                          failed cancelled completed), newest first, with a failed one's error
 *   jobs retry <id>        runs a failed job again (the workers of a running server take it)
 *
 * The account must exist (registered on the site, or signed in with Google once). A role change
 * takes effect at the caller's next request, on every instance, and is written to the audit log
 * (actor 'command line'). Pending migrations are applied first; nothing is seeded.
 *
 * The embedded database (PGlite, no DATABASE_URL) belongs to one process: while a server holds it,
 * the role commands and restore refuse to open it and say so. Stop the server, run the command,
 * start it again. On PostgreSQL, backup and restore point to pg_dump and pg_restore.
 *
 * Exit status: 0 done, 1 refused or failed (the reason on standard error), 2 usage.
 */
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { isLeft } from 'fp-ts/lib/Either.js';
import { Email } from '../contract/primitives.js';
import { ConfigError, type Env, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { DataDirError, keepNewFilesPrivate, prepareDataDir } from './db/dataDir.js';
import { DirLockedError, isRunning } from './db/dir-lock.js';
import { migrate, MigrationError } from './db/migrate.js';
import { openDatabase, pgliteDir } from './db/open.js';
import { openPGliteDir, RestoreRefused, restorePGliteDir } from './db/pglite.js';
import { type OpsFile, opsFile } from './ops/opsFile.js';
import { changeAccountRole, listStaffAccounts, RoleChangeRefused, type Role } from './repositories/staff.js';
import type { JobEngine, JobRow, JobState } from './jobs/engine.js';
import { createJobs } from './jobs/index.js';
import type { Mailer } from './mail/mailer.js';

export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const usage = `Usage: npm run clinic -- <command>

  create-admin <email>   make the account an admin of the clinic
  make-doctor <email>    make the account a doctor (a doctor with that email must be in the doctor list)
  make-reception <email> make the account the front desk's (reception)
  make-patient <email>   make the account an ordinary patient again
  list-staff             list admin, doctor and reception accounts
  backup <file>          copy the embedded database to <file> (.tar.gz), also while the server runs
  restore <file>         load such a copy into DATA_DIR (server stopped; --force replaces a database)
  jobs [state...]        list background jobs: due, scheduled, running, failed (or the states named)
  jobs retry <id>        run a failed background job again

The account must exist: register on the site (or sign in with Google) first.
Runs on the server's database: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).`;

/** A refusal the operator can act on: printed as is, exit 1. */
class CommandError extends Error {}

/**
 * The embedded database's DATA_DIR, as the server keeps it (db/dataDir.ts): refused when others
 * may write in it, its modes put right; never made here (a command on a missing one says so).
 */
function privateDataDir(config: { storage: { databaseUrl: string | null; dataDir: string } }): void {
  if (config.storage.databaseUrl === null) prepareDataDir(config.storage.dataDir, { create: false });
}

const roleCommands: Record<string, Role> = { 'create-admin': 'admin', 'make-doctor': 'doctor', 'make-reception': 'reception', 'make-patient': 'patient' };

const articles: Record<Role, string> = { admin: 'an admin', doctor: 'a doctor', reception: 'reception (the front desk)', patient: 'a patient (no staff rights)' };
const article = (role: Role) => articles[role];

function emailOf(raw: string): string {
  const decoded = Email.decode(raw.trim());
  if (isLeft(decoded)) throw new CommandError(`"${raw}" is not an email address.`);
  return decoded.right.toLowerCase();
}

async function changeRole(db: Database, email: string, role: Role, now: Date): Promise<string> {
  try {
    // The staff console's role change (repositories/staff.ts): same checks, same audit row. The
    // operator may take the last admin's role away (keepAnAdmin: false): the command line is how
    // a clinic recovers when its only admin leaves.
    const { before, changed } = await db.transaction((tx) =>
      changeAccountRole(tx, { email, role, keepAnAdmin: false }, { actorUserId: null, actor: 'command line', actorRole: 'operator' }, now),
    );
    if (!changed) return `${email} is already ${article(role)}. Nothing changed.`;
    const effect =
      role === 'patient'
        ? 'Staff endpoints refuse their token from their next request.'
        : 'They sign in as usual; staff endpoints accept their token from their next request.';
    return `${email} is now ${article(role)} (was ${before.role}). ${effect}`;
  } catch (error) {
    if (!(error instanceof RoleChangeRefused)) throw error;
    if (error.reason === 'noAccount') {
      throw new CommandError(
        `There is no account with the email ${email}. The person must register on the site (or sign in with Google) first, then run this again.`,
      );
    }
    throw new CommandError(
      `No doctor in the clinic's doctor list has the email ${email}. A doctor account acts on that doctor's appointments, so the doctor must be listed with this email first (the seed file, or an admin in the staff console).`,
    );
  }
}

async function listStaff(db: Database): Promise<string> {
  const staff = await listStaffAccounts(db);
  if (staff.length === 0) return 'No staff accounts yet. Make the first admin with: npm run clinic -- create-admin <email>';
  return staff.map((s) => `${s.role.padEnd(6)}  ${s.email}${s.doctorName ? `  (${s.doctorName})` : ''}`).join('\n');
}

const usePgTools = (what: 'backup' | 'restore') =>
  what === 'backup'
    ? 'This server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g.\n  pg_dump --format=custom --file=clinic-$(date +%F).dump "$DATABASE_URL"'
    : 'This server runs on PostgreSQL (DATABASE_URL): restore with pg_restore, servers stopped, e.g.\n  pg_restore --clean --if-exists --dbname="$DATABASE_URL" clinic-2025-03-11.dump';

/** The running server's operations port, if a live one wrote DATA_DIR/ops.json. */
function runningServer(dataDir: string): OpsFile | null {
  let ops: OpsFile;
  try {
    ops = JSON.parse(readFileSync(opsFile(dataDir), 'utf8')) as OpsFile;
  } catch {
    return null;
  }
  return Number.isInteger(ops.pid) && isRunning(ops.pid) ? ops : null;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(dataDir: string, file: string, force: boolean): Promise<string> {
  if (existsSync(file) && !force) throw new CommandError(`${file} already exists. Choose another name, or add --force to overwrite it.`);
  // Written aside and renamed: a failed backup never leaves a file that looks whole.
  const draft = `${file}.partial-${process.pid}`;
  let source: string;
  try {
    const server = runningServer(dataDir);
    if (server) {
      const host = server.host.includes(':') ? `[${server.host}]` : server.host;
      let res: Response;
      try {
        res = await fetch(`http://${host}:${server.port}/backup`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` } });
      } catch (error) {
        throw new CommandError(`The running server (pid ${server.pid}) did not answer on its operations port ${server.port}: ${(error as Error).message}`);
      }
      if (!res.ok || !res.body) throw new CommandError(`The running server (pid ${server.pid}) refused the backup: ${res.status} ${await res.text()}`);
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(draft, { mode: 0o600 }));
      source = `the running server (pid ${server.pid})`;
    } else {
      if (!existsSync(pgliteDir(dataDir))) throw new CommandError(`There is no database in ${pgliteDir(dataDir)} to back up. Set DATA_DIR to the server's.`);
      let db;
      try {
        db = await openPGliteDir(pgliteDir(dataDir));
      } catch (error) {
        if (!(error instanceof DirLockedError)) throw error;
        throw new CommandError(
          `${error.message}\nThat server has no operations port (METRICS_PORT=off), so it cannot be asked for a copy. ` +
            'Restart it without METRICS_PORT=off and run this again, or stop it and run this again.',
        );
      }
      try {
        writeFileSync(draft, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()), { mode: 0o600 });
      } finally {
        await db.close();
      }
      source = `${pgliteDir(dataDir)} (no server running)`;
    }
    renameSync(draft, file);
  } finally {
    rmSync(draft, { force: true });
  }
  return `Backup of the embedded database written to ${file} (${megabytes(statSync(file).size)}), taken by ${source}.\nRestore it with: npm run clinic -- restore ${file}  (server stopped)`;
}

async function restore(dataDir: string, file: string, force: boolean): Promise<string> {
  if (!existsSync(file)) throw new CommandError(`There is no file ${file}.`);
  const dir = pgliteDir(dataDir);
  const { keptAside } = await restorePGliteDir(dir, new Blob([readFileSync(file)]), force);
  return (
    `Restored ${file} into ${dir}.` +
    (keptAside ? ` The database that was there is kept in ${keptAside}; delete it once the restored one is right.` : '') +
    '\nStart the server (npm start); it applies any newer migrations.'
  );
}

function explain(error: unknown): string | null {
  if (error instanceof RestoreRefused) return error.message;
  if (error instanceof CommandError || error instanceof ConfigError || error instanceof MigrationError || error instanceof DataDirError) return error.message;
  if (error instanceof DirLockedError) {
    return (
      `${error.message}\nThe embedded database can be open in one process only, and a running server holds it. ` +
      'Stop the server (Ctrl-C), run this command, then start the server again.'
    );
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `Cannot connect to PostgreSQL (DATABASE_URL): ${(error as Error).message}`;
  }
  return null;
}

/** Runs one command; answers the exit status. `now` for tests. */
export async function runClinicCommand(
  args: readonly string[],
  env: Env,
  io: CliOutput,
  now: () => Date = () => new Date(),
): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.out(usage);
    return command === undefined ? 2 : 0;
  }
  if (command === 'backup' || command === 'restore') return runFileCommand(command, rest, env, io);
  if (command === 'jobs') return runJobsCommand(rest, env, io, now);
  const role = roleCommands[command];
  if ((role === undefined && command !== 'list-staff') || rest.length !== (role === undefined ? 0 : 1)) {
    io.err(role === undefined && command !== 'list-staff' ? `Unknown command "${command}".\n\n${usage}` : usage);
    return 2;
  }

  let db: Database | undefined;
  try {
    const email = role === undefined ? null : emailOf(rest[0]!);
    const config = loadConfig(env);
    privateDataDir(config);
    if (config.storage.databaseUrl === null && !existsSync(pgliteDir(config.storage.dataDir))) {
      throw new CommandError(
        `There is no database in ${pgliteDir(config.storage.dataDir)}. Start the server once (npm start) to create it, or set DATA_DIR (or DATABASE_URL) to the server's.`,
      );
    }
    db = await openDatabase(config.storage);
    await migrate(db);
    io.out(role === undefined || email === null ? await listStaff(db) : await changeRole(db, email, role, now()));
    return 0;
  } catch (error) {
    const reason = explain(error);
    io.err(reason ?? `The command failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}

async function runFileCommand(command: 'backup' | 'restore', rest: readonly string[], env: Env, io: CliOutput): Promise<number> {
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    io.err(usage);
    return 2;
  }
  try {
    const config = loadConfig(env);
    if (config.storage.databaseUrl !== null) throw new CommandError(usePgTools(command));
    privateDataDir(config);
    const file = path.resolve(files[0]!);
    io.out(command === 'backup' ? await backup(config.storage.dataDir, file, force) : await restore(config.storage.dataDir, file, force));
    return 0;
  } catch (error) {
    const reason = explain(error);
    io.err(reason ?? `The command failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}

const jobStates: readonly JobState[] = ['created', 'retry', 'active', 'failed', 'cancelled', 'completed'];

/** One job on one line: state (due or scheduled for created/retry), queue, id, times, attempts, error. */
export function describeJob(job: JobRow, dbNow: Date): string {
  const when = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const waiting = job.state === 'created' || job.state === 'retry';
  const label = waiting ? (job.startAfter.getTime() <= dbNow.getTime() ? 'due' : 'scheduled') : job.state === 'active' ? 'running' : job.state;
  const detail =
    waiting
      ? `${job.startAfter.getTime() <= dbNow.getTime() ? 'due since' : 'runs at'} ${when(job.startAfter)}`
      : job.state === 'active'
        ? `started ${when(job.startedOn ?? job.createdOn)}`
        : `ended ${job.completedOn ? when(job.completedOn) : '-'}`;
  const attempts = `attempts ${job.retryCount + (job.state === 'created' ? 0 : 1)}/${job.retryLimit + 1}`;
  return `${label.padEnd(9)}  ${job.queue.padEnd(16)}  ${job.id}  ${detail}  ${attempts}${job.error ? `  error: ${job.error}` : ''}`;
}

async function runJobsCommand(rest: readonly string[], env: Env, io: CliOutput, now: () => Date): Promise<number> {
  const retryId = rest[0] === 'retry' ? rest[1] : undefined;
  const states = rest[0] === 'retry' ? [] : rest;
  if ((rest[0] === 'retry' && (rest.length !== 2 || !retryId)) || states.some((s) => !jobStates.includes(s as JobState))) {
    io.err(`${usage}\n\nJob states: ${jobStates.join(', ')}.`);
    return 2;
  }
  let db: Database | undefined;
  let engine: JobEngine | undefined;
  try {
    const config = loadConfig(env);
    privateDataDir(config);
    if (config.storage.databaseUrl === null && !existsSync(pgliteDir(config.storage.dataDir))) {
      throw new CommandError(`There is no database in ${pgliteDir(config.storage.dataDir)}. Set DATA_DIR (or DATABASE_URL) to the server's.`);
    }
    db = await openDatabase(config.storage);
    await migrate(db);
    const opened = db;
    // The server's queues over this database; this process starts no worker and runs no job.
    engine = createJobs({
      db: opened,
      now,
      mailer: noMail,
      publicUrl: config.http.publicUrl,
      config: config.jobs,
      onError: (error) => io.err(`job engine: ${error.message}`),
    }).engine;
    if (retryId !== undefined) {
      if (!(await engine.retry(retryId))) throw new CommandError(`No failed job has the id ${retryId}. List them with: npm run clinic -- jobs failed`);
      io.out(`Job ${retryId} will run again: a running server's workers take it within seconds.`);
      return 0;
    }
    const jobs = await engine.list(states.length > 0 ? { states: states as JobState[] } : {});
    const { rows } = await opened.query<{ now: Date | string }>('select now() as now');
    const dbNow = new Date(rows[0]!.now);
    io.out(
      jobs.length === 0
        ? states.length > 0
          ? `No jobs in state ${states.join(', ')}.`
          : 'No jobs waiting, running or failed.'
        : jobs.map((job) => describeJob(job, dbNow)).join('\n'),
    );
    return 0;
  } catch (error) {
    const reason = explain(error);
    io.err(reason ?? `The command failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await engine?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
  }
}

const noMail: Mailer = { kind: 'test', send: () => Promise.reject(new Error('the command line sends no mail')), close() {} };

// Run as a program (npm run clinic, or node dist/node/server/cli.js), not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // What the commands write (a backup, a restored database) is the user's only, as the server's.
  keepNewFilesPrivate();
  const status = await runClinicCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exitCode = status;
}
