/**
 * No double booking under real concurrency: two server processes on one PostgreSQL
 * database, 100 patients pressing Book for the same slot at once. Exactly one gets it, the other
 * 99 get 409 'This slot is already booked', nobody gets a 500. PostgreSQL only (TEST_DATABASE_URL):
 * PGlite runs one query at a time in one process and would hide the race.
 *
 * The servers run from source through tsx (no build needed) with their real clock, so the slot is
 * on a Tuesday at least a day ahead in clinic time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../../server/paths.js';
import { newSessionToken, sessionTokenHash } from '../../server/security/tokens.js';
import { clinicClock, weekdayOf } from '../../contract/clinicTime.js';
import { testDatabaseUrl, useTestDatabases } from './helpers.js';
import { bookingBody, meera } from './paymentSupport.js';

const clients = 100;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A server process from source; resolves once it logs that it is ready. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(packageRoot, 'server', 'main.ts')], {
    cwd: packageRoot,
    env: { ...process.env, ...env, TZ: 'UTC' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.includes('Clinic portal ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  lines.on('line', () => undefined); // keep draining stdout
  return child;
}

/** The next Tuesday at least one day after today in the clinic. */
function nextTuesday(): string {
  const today = clinicClock(new Date()).date;
  let day = new Date(`${today}T00:00:00Z`).getTime() + 86_400_000;
  while (weekdayOf(new Date(day).toISOString().slice(0, 10)) !== 2) day += 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

describe.skipIf(!testDatabaseUrl)('two server processes on one PostgreSQL', () => {
  // Collected (not run) without TEST_DATABASE_URL too: only ask for PostgreSQL when there is one.
  const databases = testDatabaseUrl ? useTestDatabases('postgres') : null;
  const children: ChildProcess[] = [];

  afterEach(async () => {
    await Promise.all(
      children.splice(0).map(async (child) => {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        await once(child, 'exit');
      }),
    );
  });

  it(`${clients} patients race for one slot: exactly one booking, the rest 409, no 500`, async () => {
    const storage = await databases!.emptyStorage();
    const ports = [await freePort(), await freePort()];
    // Both start at once on the empty database: migrations and the seed run once between them.
    children.push(
      ...(await Promise.all(
        ports.map((port) =>
          startServer({
            DATABASE_URL: storage.databaseUrl!,
            DATA_DIR: storage.dataDir,
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: `http://localhost:${port}`,
            CLIENT_DIR: path.join(storage.dataDir, 'no-client'),
            LOG_LEVEL: 'info',
          }),
        ),
      )),
    );

    // The patients and their sessions, straight into the database.
    const db = new pg.Client({ connectionString: storage.databaseUrl! });
    await db.connect();
    const tokens: string[] = [];
    try {
      const { rows } = await db.query<{ id: string }>(
        `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
         select 'racer' || n || '@example.com', 'Racer', 'Number' || n, 30, 'male', '9876543210', 'google'
           from generate_series(1, $1::int) as n
         returning id`,
        [clients],
      );
      const values: unknown[] = [];
      for (const { id } of rows) {
        const token = newSessionToken();
        tokens.push(token);
        values.push(id, sessionTokenHash(token));
      }
      await db.query(
        `insert into sessions (user_id, token_hash, created_at, expires_at)
         select u, h, now(), now() + interval '1 day'
           from unnest($1::uuid[], $2::text[]) as t(u, h)`,
        [values.filter((_, i) => i % 2 === 0), values.filter((_, i) => i % 2 === 1)],
      );

      const date = nextTuesday();
      const body = JSON.stringify(bookingBody({ doctorEmail: meera.email, location: 'Aundh', date, startTime: '11:00' }));
      const statuses = await Promise.all(
        tokens.map(async (token, i) => {
          const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/appointment/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body,
          });
          const answer = (await res.json()) as { message?: string };
          return res.status === 409 ? `409 ${answer.message}` : String(res.status);
        }),
      );
      const counts = statuses.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
      expect(counts).toEqual({ '200': 1, '409 This slot is already booked': clients - 1 });

      const held = await db.query('select 1 from appointments where holds_slot');
      const all = await db.query('select 1 from appointments');
      expect(held.rowCount).toBe(1);
      expect(all.rowCount).toBe(1);
    } finally {
      await db.end();
    }
  });
});
