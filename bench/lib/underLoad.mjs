// The shared parts of the "under load beside a bare Fastify" figures (slots, availability): the
// load settings, the autocannon run, a fresh PostgreSQL database, and the loop that measures a
// real route beside a bare Fastify answering the same bytes, on PGlite and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { startBareFastify } from './bare-fastify.mjs';
import { positiveNumberEnv as positive } from './util.mjs';

/** The load settings every such figure shares (BENCH_SLOTS_CONNECTIONS, _DURATION, _WARMUP). */
export function loadOptions() {
  return {
    connections: Math.round(positive('BENCH_SLOTS_CONNECTIONS', 50)),
    duration: positive('BENCH_SLOTS_DURATION', 5),
    warmup: process.env.BENCH_SLOTS_WARMUP === '0' ? 0 : positive('BENCH_SLOTS_WARMUP', 1),
  };
}

/**
 * Load at `connections` for `duration` s after `warmup` s (not counted). Bounded: autocannon stops
 * itself at the end of its duration, and a watchdog stops it 15 s later if it has not.
 */
export async function load(url, { connections, duration, warmup }) {
  const { default: autocannon } = await import('autocannon');
  const once = (seconds) =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ url, connections, duration: seconds, timeout: 10 }, (err, result) => {
        clearTimeout(watchdog);
        if (err) reject(err);
        else resolve(result);
      });
      const watchdog = setTimeout(() => instance.stop(), (seconds + 15) * 1000);
    });
  if (warmup > 0) await once(warmup);
  const r = await once(duration);
  const ok = r['2xx'];
  const failed = r.non2xx + r.errors + r.timeouts;
  if (ok === 0) throw new Error(`no 2xx answer from ${url} under load (non2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`);
  if (failed > ok * 0.01) {
    throw new Error(`${failed} of ${ok + failed} requests to ${url} failed under load (non2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`);
  }
  return {
    rps: ok / r.duration, // answered with 2xx, per second of the measured window
    p99: r.latency.p99,
    p50: r.latency.p50,
    mean: r.latency.average,
    max: r.latency.max,
    requests: ok,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    seconds: r.duration,
  };
}

/** A fresh database on the PostgreSQL server of `adminUrl`, and how to drop it. */
export async function freshPostgres(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `clinic_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export const fmtRps = (n) => `${Math.round(n)} req/s`;
export const fmtMs = (n) => `${n.toFixed(1)} ms`;

/** PostgreSQL's admin URL for the figures (BENCH_DATABASE_URL, else TEST_DATABASE_URL), or ''. */
export const benchPostgresUrl = () => process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || '';

/**
 * For PGlite and, when a PostgreSQL URL is set, PostgreSQL (a fresh database each): start the
 * real server, take its answer to `path` (`check` throws when it is not the expected kind),
 * serve the same bytes from one bare Fastify at `route`, then load the bare one, the real one and
 * the bare one again. The two floors are averaged: on a shared machine the load from elsewhere
 * changes within seconds. `measured(result)` turns each backend's result into figures.
 */
export async function besideBare(ctx, { path, route, check, opts, env = {} }) {
  const adminUrl = benchPostgresUrl();
  const backends = [{ id: 'pglite', label: 'PGlite' }];
  if (adminUrl) backends.push({ id: 'postgres', label: 'PostgreSQL' });
  else ctx.log('  PostgreSQL skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set');
  const barePath = path.split('?')[0];
  const results = [];
  let bare;
  try {
    for (const backend of backends) {
      const cleanups = [];
      try {
        const serverEnv = { ...env };
        if (backend.id === 'postgres') {
          const db = await freshPostgres(adminUrl);
          cleanups.push(db.drop);
          serverEnv.DATABASE_URL = db.url;
        }
        const server = await ctx.startServer({ env: serverEnv });
        cleanups.push(server.stop);
        const body = await answer(server.url + path, check);
        // The bare Fastify answers with the real answer's body, so both send the same bytes.
        if (!bare) bare = await startBareFastify({ path: route, body });
        await answer(bare.url + barePath, check);
        const before = await load(bare.url + barePath, opts);
        const real = await load(server.url + path, opts);
        const after = await load(bare.url + barePath, opts);
        const floor = { rps: (before.rps + after.rps) / 2, p99: (before.p99 + after.p99) / 2, before, after };
        results.push({ ...backend, body, real, floor, readyMs: server.readyMs });
      } finally {
        for (const fn of cleanups.reverse()) {
          try {
            await fn();
          } catch (error) {
            ctx.log(`  cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
    }
  } finally {
    await bare?.stop();
  }
  return results;
}

/** One GET that must answer 200 with JSON that `check` accepts; returns the parsed body. */
async function answer(url, check) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text);
  check(body, text);
  return body;
}
