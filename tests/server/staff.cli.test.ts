/**
 * `npm run clinic -- create-admin <email>` / `make-doctor <email>` (server/cli.ts) on a real
 * DATA_DIR (PGlite) and on DATABASE_URL (PostgreSQL): the account must exist, a doctor account
 * needs a doctor of that email, every change is audited, and a PGlite data dir held by a running
 * server is refused with a clear message (checked by running the real npm script).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runClinicCommand } from '../../server/cli.js';
import type { Config, Env } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openDatabase, pgliteDir } from '../../server/db/open.js';
import { packageRoot } from '../../server/paths.js';
import { prepareDatabase } from '../../server/startup.js';
import { backends, seedFile, useTestDatabases } from './helpers.js';
import { meera } from './paymentSupport.js';

const clock = () => new Date('2025-03-11T04:30:00Z');

async function run(args: string[], env: Env) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runClinicCommand(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) }, clock);
  return { status, out: out.join('\n'), err: err.join('\n') };
}

async function addAccount(db: Database, email: string): Promise<void> {
  await db.query(
    `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
     values ($1, 'Staff', 'Member', 40, 'female', '9876543210', 'google')`,
    [email],
  );
}

const envOf = (storage: Config['storage']): Env =>
  storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl, DATA_DIR: storage.dataDir } : { DATA_DIR: storage.dataDir };

describe.each(backends)('npm run clinic on %s', (backend) => {
  const t = useTestDatabases(backend);

  it('create-admin and make-doctor change the role of an existing account, audited; refusals say why', async () => {
    const storage = await t.seededStorage();
    const env = envOf(storage);
    let db = await openDatabase(storage);
    await prepareDatabase(db, { seedFile });
    await addAccount(db, 'office@sahaj-clinic.example');
    await addAccount(db, meera.email);

    if (backend === 'pglite') {
      // A running server holds the embedded database: the command (a process of its own) refuses it.
      const held = spawnSync('npm', ['run', '--silent', 'clinic', '--', 'create-admin', 'office@sahaj-clinic.example'], {
        cwd: packageRoot,
        env: { ...process.env, ...env, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(held.status).toBe(1);
      expect(held.stderr).toContain(`${pgliteDir(storage.dataDir)} is in use by another server (pid ${process.pid}`);
      expect(held.stderr).toContain('Stop the server (Ctrl-C), run this command, then start the server again.');
      await db.close();
    }

    expect(await run(['create-admin', 'Office@Sahaj-Clinic.example'], env)).toEqual({
      status: 0,
      out: 'office@sahaj-clinic.example is now an admin (was patient). They sign in as usual; staff endpoints accept their token from their next request.',
      err: '',
    });
    expect((await run(['create-admin', 'office@sahaj-clinic.example'], env)).out).toBe(
      'office@sahaj-clinic.example is already an admin. Nothing changed.',
    );
    const missing = await run(['create-admin', 'nobody@example.com'], env);
    expect(missing.status).toBe(1);
    expect(missing.err).toBe(
      'There is no account with the email nobody@example.com. The person must register on the site (or sign in with Google) first, then run this again.',
    );
    const notListed = await run(['make-doctor', 'office@sahaj-clinic.example'], env);
    expect(notListed.status).toBe(1);
    expect(notListed.err).toMatch(/^No doctor in the clinic's doctor list has the email office@sahaj-clinic.example\./);
    expect((await run(['make-doctor', meera.email], env)).status).toBe(0);
    const listed = await run(['list-staff'], env);
    expect(listed.out).toBe(`admin   office@sahaj-clinic.example\ndoctor  ${meera.email}  (${meera.name})`);

    if (backend === 'pglite') db = await openDatabase(storage);
    try {
      const { rows } = await db.query<{ email: string; role: string }>(`select email, role from users where role <> 'patient' order by email`);
      expect(rows).toEqual([
        { email: meera.email, role: 'doctor' },
        { email: 'office@sahaj-clinic.example', role: 'admin' },
      ]);
      const audit = await db.query<{ actor: string; actor_role: string; action: string; details: unknown; at: Date }>(
        'select actor, actor_role, action, details, at from audit_log order by id',
      );
      expect(audit.rows).toEqual([
        {
          actor: 'command line',
          actor_role: 'operator',
          action: 'user.role',
          details: { email: 'office@sahaj-clinic.example', before: { role: 'patient' }, after: { role: 'admin' } },
          at: clock(),
        },
        {
          actor: 'command line',
          actor_role: 'operator',
          action: 'user.role',
          details: { email: meera.email, before: { role: 'patient' }, after: { role: 'doctor' } },
          at: clock(),
        },
      ]);
    } finally {
      await db.close();
    }
  }, 90_000); // several CLI processes, each opening PGlite: slow on a loaded 2-core machine

  it('make-reception makes an account the front desk\'s, audited; a patient the desk registered has no account to change', async () => {
    const storage = await t.seededStorage();
    const env = envOf(storage);
    let db = await openDatabase(storage);
    await prepareDatabase(db, { seedFile });
    await addAccount(db, 'desk@sahaj-clinic.example');
    await db.query(
      `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method) values ('walkin@example.com', 'Asha', 'Kale', 60, 'female', '9822012345', 'desk')`,
    );
    if (backend === 'pglite') await db.close();
    expect(await run(['make-reception', 'desk@sahaj-clinic.example'], env)).toEqual({
      status: 0,
      out: 'desk@sahaj-clinic.example is now reception (the front desk) (was patient). They sign in as usual; staff endpoints accept their token from their next request.',
      err: '',
    });
    expect((await run(['list-staff'], env)).out).toBe('reception  desk@sahaj-clinic.example');
    const desk = await run(['make-reception', 'walkin@example.com'], env);
    expect(desk.status).toBe(1);
    expect(desk.err).toMatch(/^There is no account with the email walkin@example\.com\./);
    if (backend === 'pglite') db = await openDatabase(storage);
    try {
      const { rows } = await db.query<{ email: string; role: string }>(`select email, role from users where email in ('desk@sahaj-clinic.example', 'walkin@example.com') order by email`);
      expect(rows).toEqual([
        { email: 'desk@sahaj-clinic.example', role: 'reception' },
        { email: 'walkin@example.com', role: 'patient' },
      ]);
    } finally {
      await db.close();
    }
  }, 90_000);

  it('usage, a bad address and a missing database are refused before anything is opened', async () => {
    const storage = await t.emptyStorage();
    const env = envOf(storage);
    expect((await run([], env)).status).toBe(2);
    expect((await run(['create-admin'], env)).status).toBe(2);
    const unknown = await run(['make-superuser', 'a@b.example'], env);
    expect(unknown.status).toBe(2);
    expect(unknown.err).toMatch(/^Unknown command "make-superuser"\.\n\nUsage: npm run clinic -- <command>/);
    expect(await run(['create-admin', 'not-an-email'], env)).toMatchObject({ status: 1, err: '"not-an-email" is not an email address.' });
    if (backend === 'pglite') {
      const none = await run(['list-staff'], env);
      expect(none.status).toBe(1);
      expect(none.err).toBe(
        `There is no database in ${pgliteDir(storage.dataDir)}. Start the server once (npm start) to create it, or set DATA_DIR (or DATABASE_URL) to the server's.`,
      );
    }
  });
});
