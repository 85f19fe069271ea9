/**
 * DATA_DIR is the server's user's only (server/db/dataDir.ts; docs/operations.md "Security"):
 * started with a permissive umask (000), every folder under DATA_DIR is 0700 and every file 0600
 * (the embedded database, its lock, ops.json, the mail outbox, a backup kept there), also after an
 * older server left them readable by all; a DATA_DIR that its group or everybody may write is
 * refused with a message saying how to fix it.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runClinicCommand } from '../../server/cli.js';
import { DataDirError, prepareDataDir } from '../../server/db/dataDir.js';
import { type ServerProcess, signUp, startServer } from './processSupport.js';

const temp = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-modes-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
});

/** Every entry under `root` (and `root`) whose mode is not 0700 (folders) or 0600 (files): "mode path". */
function notPrivate(root: string): string[] {
  const wrong: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    const mode = stats.mode & 0o777;
    if (mode !== (stats.isDirectory() ? 0o700 : 0o600)) wrong.push(`${mode.toString(8)} ${path.relative(root, entry) || '.'}`);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return wrong;
}

/** Every entry under `root`, counted (so a test knows it looked at something). */
function entries(root: string): { files: number; folders: number } {
  const count = { files: 0, folders: 0 };
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isDirectory()) {
      count.folders++;
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else count.files++;
  };
  visit(root);
  return count;
}

/** Every folder 0755 and every file 0666 under `root`: what the issue found an older server leave. */
function openToAll(root: string): void {
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    chmodSync(entry, stats.isDirectory() ? 0o755 : 0o666);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
}

describe('the modes of DATA_DIR', () => {
  it('with umask 000, everything the server writes under DATA_DIR is 0600 and every folder 0700; an older, open DATA_DIR is made private at start', { timeout: 240_000 }, async () => {
    const dataDir = path.join(temp, 'data');
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '20' }, 90_000, { umask: '000' });
    running.push(server);
    // A sign-up writes rows and puts its code's mail in the outbox.
    await signUp(server.url, [server], 'modes.patient@example.com');
    // A backup kept in DATA_DIR, taken by the running server.
    const said: string[] = [];
    expect(await runClinicCommand(['backup', path.join(dataDir, 'backup.tar.gz')], { DATA_DIR: dataDir }, { out: (l) => said.push(l), err: (l) => said.push(l) })).toBe(0);

    const seen = entries(dataDir);
    expect(seen.files).toBeGreaterThan(500);
    expect(readdirSync(dataDir).sort()).toEqual(['backup.tar.gz', 'db', 'db.lock', 'ops.json', 'outbox', 'prescription-signing.pem']);
    expect(notPrivate(dataDir)).toEqual([]);
    expect(await server.stop()).toBe(0);

    // An older server's DATA_DIR: files 0666, folders 0755. The next start makes it all private.
    openToAll(dataDir);
    const again = await startServer({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '20' }, 90_000, { umask: '000' });
    running.push(again);
    await signUp(again.url, [again], 'modes.second@example.com');
    expect(notPrivate(dataDir)).toEqual([]);
    expect(await again.stop()).toBe(0);

    // `npm run clinic -- restore` (here in this process, with umask 000 for the moment): the
    // restored database and the one kept aside are private too.
    const was = process.umask(0o000);
    try {
      expect(await runClinicCommand(['restore', path.join(dataDir, 'backup.tar.gz'), '--force'], { DATA_DIR: dataDir }, { out: (l) => said.push(l), err: (l) => said.push(l) })).toBe(0);
    } finally {
      process.umask(was);
    }
    expect(readdirSync(dataDir).some((name) => name.startsWith('db.before-restore-'))).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('a DATA_DIR that others may write stops the start with a message saying so and how to fix it', { timeout: 120_000 }, async () => {
    const dataDir = path.join(temp, 'shared');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o770);
    const refused = await startServer({ DATA_DIR: dataDir }, 60_000, { umask: '000' }).then(
      (server) => (running.push(server), null),
      (error: Error) => error,
    );
    expect(refused?.message).toMatch(/Cannot start the clinic portal\.\nDATA_DIR .*shared can be written by other users \(mode 0770\).*chmod 700/);
    // Nothing was written into it.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('prepareDataDir: refuses a world-writable folder, makes a missing one 0700, puts every mode right without following links', () => {
    const open = path.join(temp, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(() => prepareDataDir(open, { create: true })).toThrow(DataDirError);

    const fresh = path.join(temp, 'fresh', 'data');
    prepareDataDir(fresh, { create: true });
    expect(lstatSync(fresh).mode & 0o777).toBe(0o700);
    prepareDataDir(path.join(temp, 'absent'), { create: false });
    expect(readdirSync(temp)).not.toContain('absent');

    mkdirSync(path.join(fresh, 'outbox'), { mode: 0o777 });
    chmodSync(path.join(fresh, 'outbox'), 0o777);
    writeFileSync(path.join(fresh, 'outbox', 'a.eml'), 'x', { mode: 0o644 });
    const elsewhere = path.join(temp, 'elsewhere.txt');
    writeFileSync(elsewhere, 'x');
    chmodSync(elsewhere, 0o644);
    // A link to a file outside DATA_DIR: its target is not DATA_DIR's to change.
    symlinkSync(elsewhere, path.join(fresh, 'link'));
    prepareDataDir(fresh, { create: true });
    expect(notPrivate(fresh)).toEqual([]);
    expect(lstatSync(elsewhere).mode & 0o777).toBe(0o644);
  });
});
