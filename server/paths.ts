/**
 * Where the package lives on disk. The server runs both from source (tsx, server/*.ts) and
 * compiled (dist/node/server/*.js), so files it reads at runtime (migrations, the seed file,
 * the built client) are found from the package root, never from the current directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'clinic-portal') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the clinic-portal package root above ${start}`);
    dir = parent;
  }
}

export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** SQL migrations ship as source files next to the code; tsc does not copy them to dist/. */
export const migrationsDir = path.join(packageRoot, 'server', 'db', 'migrations');

/** A path from configuration: relative ones are taken from the package root. */
export function fromPackageRoot(p: string): string {
  return path.resolve(packageRoot, p);
}
