/**
 * Two instances on one PostgreSQL, each with its own pool and its own LISTEN connection, as two
 * servers behind a load balancer: a queue change committed through instance A reaches a display's
 * stream and a patient's stream on instance B by the push, and a revocation on A ends B's
 * display stream. (PGlite has one process per database: the other suites' second instance shares it.)
 */
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { createServices } from '../../server/services/index.js';
import { cheapCost, MemoryMailer, TestClock } from './accountsSupport.js';
import { noClientDir, testDatabaseUrl, useTestDatabases, testDataDir } from './helpers.js';
import { type Patient, publicUrl } from './paymentSupport.js';
import { displayLink, displayStream, enqueue, moveEntry, officeEmail, placeStream, revokeLink, visit } from './queueSupport.js';

describe.skipIf(!testDatabaseUrl)('queue streams across two instances on postgres', () => {
  const databases = useTestDatabases('postgres');
  const clock = new TestClock();
  const opened: { app: FastifyInstance; db: Database }[] = [];
  const dataDir = testDataDir('clinic-portal-queue-instances-');
  afterEach(async () => {
    for (const { app, db } of opened.splice(0).reverse()) {
      await app.close();
      await db.close();
    }
  });

  async function instance(url: string) {
    const db = await openPostgres({ connectionString: url, max: 3 });
    const app = await buildApp({
      db,
      clientDir: noClientDir,
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl }),
      services: { now: clock.now, mailer: new MemoryMailer(), passwordCost: cheapCost },
    });
    opened.push({ app, db });
    return { app, db };
  }

  async function account(db: Database, email: string, role: 'patient' | 'admin'): Promise<Patient> {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role)
       values ($1, 'Asha', 'Patil', 30, 'female', '9876543210', 'google', $2) returning id`,
      [email, role],
    );
    const { token } = await createServices(db, { now: clock.now }).sessions.issue(rows[0]!.id);
    return { id: rows[0]!.id, email, token, headers: { authorization: `Bearer ${token}` } };
  }

  it("a change committed on A reaches B's display and patient streams by the push; a revocation on A ends B's display", async () => {
    clock.reset();
    const { databaseUrl } = await databases.seededStorage();
    const a = await instance(databaseUrl!);
    const b = await instance(databaseUrl!);
    const admin = await account(a.db, officeEmail, 'admin');
    const patient = await account(a.db, 'asha@example.com', 'patient');
    const first = await visit(a.app, a.db, patient, '11:00', 'Ravi');
    const mine = await visit(a.app, a.db, patient, '11:15', 'Asha');
    const link = await displayLink(a.app, a.db, admin);
    const ahead = await enqueue(a.db, first._id, { token: 1 });
    await enqueue(a.db, mine._id, { token: 2 });

    const display = await displayStream(b.app, link.key);
    const place = await placeStream(b.app, patient, mine._id);
    await display.waitFor(() => display.snapshots().length === 1);
    await place.waitFor(() => place.places().length === 1);
    expect(place.places()[0]).toEqual({ status: 'waiting', token: 'T2', before: 1, minutes: 15 });

    await moveEntry(a.db, ahead, 'called', 'Room 3');
    await display.waitFor(() => display.snapshots().at(-1)?.doctors[0]?.called?.token === 'T1');
    await place.waitFor(() => place.places().at(-1)?.before === 0);
    expect(display.snapshots().at(-1)!.doctors[0]).toMatchObject({ called: { token: 'T1', initial: 'R', room: 'Room 3' }, next: [{ token: 'T2', initial: 'A' }] });

    expect((await revokeLink(a.app, admin, link.id)).statusCode).toBe(200);
    await display.waitFor(() => display.ended);
    expect(display.events.at(-1)?.event).toBe('revoked');
    await place.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
