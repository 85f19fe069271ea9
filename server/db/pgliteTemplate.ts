/**
 * The embedded database's first start without initdb (an empty DATA_DIR to the first
 * answer within 4 s). PGlite's initdb runs in WebAssembly and writes the whole cluster through
 * its emulated file system: about 2.6 s here. The server build (scripts/build-server.mjs) runs it
 * once and keeps the new cluster as a tarball beside the bundled server (dist/server); a server
 * that finds DATA_DIR empty loads that instead (about 0.9 s), then migrates and seeds as always,
 * whether it runs bundled, compiled or from source. Without the file (no build yet, an older
 * build) the database is made by initdb as before.
 *
 * The tarball is named after PGlite's version: a cluster is only ever loaded into the PGlite that
 * made it. Every installation of one build starts from the same cluster, so they share its
 * system identifier (pg_control), which only physical replication reads; PGlite has none.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { packageRoot } from '../paths.js';

const PREFIX = 'pglite-initdb-';

/** The installed PGlite's version, from its package.json (two folders above its entry). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Where the build writes the tarball, and where a start looks for it. */
export function initdbTemplatePath(dir = path.join(packageRoot, 'dist', 'server')): string {
  return path.join(dir, `${PREFIX}${pgliteVersion()}.tar.gz`);
}

/**
 * The cluster for this PGlite as an uncompressed tar, or null when there is none or it does not
 * decompress whole (then PGlite runs initdb). Unpacked here, with gzip's checksum checked: given
 * a damaged gzip, PGlite's own decompression rejects a promise nobody awaits, which would end
 * the process.
 */
export function readInitdbTemplate(file = initdbTemplatePath()): Blob | null {
  try {
    return new Blob([gunzipSync(readFileSync(file))], { type: 'application/x-tar' });
  } catch {
    return null;
  }
}

/** Runs initdb in memory and writes the cluster as a gzipped tarball; removes older versions' files. */
export async function writeInitdbTemplate(file = initdbTemplatePath()): Promise<string> {
  const pg = await PGlite.create();
  try {
    await pg.exec('checkpoint');
    const tarball = await pg.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    for (const name of readdirSync(path.dirname(file))) {
      if (name.startsWith(PREFIX) && name.endsWith('.tar.gz') && name !== path.basename(file)) rmSync(path.join(path.dirname(file), name), { force: true });
    }
    // Whole or not at all: a server starting meanwhile reads either no file or this one.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await pg.close();
  }
  return file;
}
