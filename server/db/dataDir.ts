/**
 * DATA_DIR holds every patient's data: the embedded database (`db/`), the mail outbox, the
 * operations file (`ops.json`), backups an operator keeps there. Only the user the server runs as
 * may read it: folders 0700, files 0600, whatever the umask it was started with.
 *
 * - The server and `npm run clinic` set their umask to 0077 first thing, so what they create is
 *   the owner's only. PGlite's file system (Emscripten's NODEFS) ignores it: a file PostgreSQL
 *   makes is given the mode PostgreSQL asked for (0600 for its data, 0644 or 0666 for files it
 *   opens like any C program: the relation cache's init files, the statistics; every file of a
 *   loaded cluster), so the database folder is made private again each time PGlite has opened it
 *   and when it closes (db/pglite.ts). In between, DATA_DIR's own 0700 keeps other users out.
 * - At every start the modes of everything already in DATA_DIR are put right (an older server,
 *   a copy made with another umask), without following symbolic links.
 * - DATA_DIR itself writable by its group or by everybody is refused, with a message saying how
 *   to fix it: another user could have put or replaced files in it, and making it private now
 *   would not undo that.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export const privateUmask = 0o077;
export const privateFolderMode = 0o700;
export const privateFileMode = 0o600;

/** DATA_DIR cannot be kept private: the reason and what to do, for the person starting the server. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** What this process creates from now on is its owner's only (umask 0077). */
export function keepNewFilesPrivate(): void {
  process.umask(privateUmask);
}

/** Refuses `dir` when users other than its owner (its group, or everybody) may write in it. */
export function refuseSharedDataDir(dir: string): void {
  const mode = statSync(dir).mode;
  if ((mode & 0o022) !== 0) {
    throw new DataDirError(
      `DATA_DIR ${dir} can be written by other users (mode ${octal(mode)}); it holds the patients' data, so the server does not use it. ` +
        `Make it the server's user's only, check that nobody else put files in it, and start again: chmod 700 ${dir}`,
    );
  }
}

/**
 * Every folder under `root` (and `root`) 0700, every file 0600, but for the folders `skip` (which
 * their owner makes private itself). Symbolic links are not followed (a link's target outside
 * DATA_DIR keeps its mode). A mode only another user may change (their file) is refused with
 * DataDirError.
 */
export function makePrivate(root: string, skip: readonly string[] = []): void {
  // DATA_DIR itself may be a link to the real folder: that folder is made private.
  const real = realpathSync(root);
  const skipped = new Set(skip.map((entry) => path.join(real, path.relative(path.resolve(root), path.resolve(entry)))));
  const visit = (entry: string) => {
    if (skipped.has(entry)) return;
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    const want = stats.isDirectory() ? privateFolderMode : privateFileMode;
    if ((stats.mode & 0o777) !== want) {
      try {
        chmodSync(entry, want);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EPERM' && code !== 'EACCES') throw error;
        throw new DataDirError(`${entry} in DATA_DIR belongs to another user, so its mode cannot be made ${octal(want)}. Give DATA_DIR and everything in it to the server's user (chown -R).`);
      }
    }
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(real);
}

/**
 * At a start: DATA_DIR is made (0700) when missing and `create`, refused when others may write
 * in it, and everything in it made private (but `skip`: the embedded database's folder, which
 * db/pglite.ts makes private once PGlite has opened it). Nothing happens when it is missing and
 * not `create`.
 */
export function prepareDataDir(dir: string, { create, skip = [] }: { create: boolean; skip?: readonly string[] }): void {
  let exists = true;
  try {
    statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    exists = false;
  }
  if (!exists) {
    if (!create) return;
    mkdirSync(dir, { recursive: true, mode: privateFolderMode });
  }
  refuseSharedDataDir(dir);
  makePrivate(dir, skip);
}
