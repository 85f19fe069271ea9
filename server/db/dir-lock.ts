/**
 * A lock file holding the owner's pid, so two servers on one machine never open one embedded
 * database. A guard against mistakes (a second `npm start`), not a distributed lock: servers
 * sharing DATA_DIR across machines or containers must use PostgreSQL instead.
 */
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DirLockedError extends Error {
  constructor(lockFile: string, what: string, pid: number) {
    super(
      `${what} is in use by another server (pid ${pid}; lock file ${lockFile}). Stop that server first, ` +
        'or set DATABASE_URL to run several instances on PostgreSQL.',
    );
    this.name = 'DirLockedError';
  }
}

/** Whether a process with this pid exists (EPERM: it does, but belongs to someone else). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Locks this process holds. A lock file with our own pid that is not in here was left by an
// earlier run that had the same pid (common in containers, where the server is often pid 1).
const held = new Set<string>();

/** Takes the lock or throws DirLockedError; a lock left by a dead process is taken over. Returns the release. */
export function acquireDirLock(lockFile: string, what: string): () => void {
  if (held.has(lockFile)) throw new DirLockedError(lockFile, what, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written aside and linked into place, so a reader never sees a half-written file.
    const draft = `${lockFile}.${process.pid}`;
    writeFileSync(draft, `${process.pid}\n`, { mode: 0o600 });
    try {
      linkSync(draft, lockFile);
      held.add(lockFile);
      return () => {
        held.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    let owner: number;
    try {
      owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
      throw error;
    }
    if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
      throw new DirLockedError(lockFile, what, owner);
    }
    rmSync(lockFile, { force: true }); // stale: its server died without cleaning up
  }
  throw new Error(`Could not take the lock ${lockFile}; another server may be starting at the same time.`);
}
