// (d) GET /api/doctor/gettimeslot/{email}/{location}/{date} under load: requests/s and p99
// latency at 50 connections (autocannon), on the real built server with PGlite (fresh DATA_DIR)
// and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL admin connection, with
// PostgreSQL (a fresh database created for the run and dropped after it; the server migrates and
// seeds it). Each backend's run sits between two runs of a bare Fastify (bench/lib/bare-fastify.mjs)
// that answers the same path with the same body, on the same machine in the same run; the figures
// are reported as ratios to the mean of those two, so that the budgets hold on a slower or busier
// machine.
//
// The request: the first doctor of server/seed/demo-clinic.json, at their first location, on the
// first date from tomorrow (clinic time, Asia/Kolkata) on which they have hours there. Anonymous
// (no bearer token), as the booking popup asks before login. The server runs as `npm start` would,
// at its default LOG_LEVEL (info: a log line per request and per answer); BENCH_SLOTS_LOG_LEVEL
// sets another.
//
// Settings (environment): BENCH_SLOTS_CONNECTIONS (50), BENCH_SLOTS_DURATION (seconds measured,
// 5), BENCH_SLOTS_WARMUP (seconds of load before each measurement, not counted, 1).
//
// Budgets: lower bounds on the throughput ratio only (absolute figures depend on the machine).
// Chosen by measuring, 2026-11-21, on the shared 2-core development machine (load average 8-10
// from other work): over 7 runs the ratio was 0.010-0.037 on PGlite and 0.048-0.093 on
// PostgreSQL, so the bounds sit a little under the lowest seen; they catch a route several
// times slower, not a few per cent. A bound of 0.05 would fail on PGlite, which runs every query
// of the process one at a time, in WebAssembly. The p99 ratio is printed without a budget:
// the bare Fastify's p99 is a few milliseconds and on a shared machine swings 4-35 ms between
// runs, so the ratio swings tenfold (PGlite 47-404, PostgreSQL 4-60).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startBareFastify } from '../lib/bare-fastify.mjs';

export const BUDGETS = {
  pglite: { throughput: 0.008 },
  postgres: { throughput: 0.04 },
};

const ROUTE = '/api/doctor/gettimeslot/:doctorEmail/:location/:date';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return n;
}

/** Today's date in clinic time, YYYY-MM-DD. */
function clinicToday(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The doctor, location and date to ask for, from the seed file. */
export function pickRequest(seed, now = new Date()) {
  const doctor = seed.doctors.find((d) => d.locations?.length && d.hours);
  if (!doctor) throw new Error('the seed file has no doctor with a location and hours');
  const location = doctor.locations.find((l) => doctor.hours[l]?.length) ?? doctor.locations[0];
  const [y, m, d] = clinicToday(now).split('-').map(Number);
  for (let ahead = 1; ahead <= 14; ahead++) {
    const day = new Date(Date.UTC(y, m - 1, d + ahead));
    const weekday = DAYS[day.getUTCDay()];
    if (doctor.hours[location]?.includes(weekday) && seed.clinicHours?.[weekday]?.length) {
      return { email: doctor.email, location, date: day.toISOString().slice(0, 10), weekday };
    }
  }
  throw new Error(`${doctor.email} has no hours at ${location} in the next two weeks`);
}

function slotPath({ email, location, date }) {
  return `/api/doctor/gettimeslot/${encodeURIComponent(email)}/${encodeURIComponent(location)}/${date}`;
}

/** One GET that must answer 200 with a non-empty JSON array; returns the array. */
async function slotList(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text);
  if (!Array.isArray(body) || body.length === 0) throw new Error(`GET ${url} answered no slots: ${text.slice(0, 300)}`);
  return body;
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

const fmtRps = (n) => `${Math.round(n)} req/s`;
const fmtMs = (n) => `${n.toFixed(1)} ms`;

export default {
  id: 'slots',
  title: 'GET gettimeslot under load (50 connections) beside a bare Fastify, PGlite and PostgreSQL',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const opts = {
      connections: Math.round(positive('BENCH_SLOTS_CONNECTIONS', 50)),
      duration: positive('BENCH_SLOTS_DURATION', 5),
      warmup: process.env.BENCH_SLOTS_WARMUP === '0' ? 0 : positive('BENCH_SLOTS_WARMUP', 1),
    };
    const logLevel = process.env.BENCH_SLOTS_LOG_LEVEL?.trim() || undefined;
    const seed = JSON.parse(readFileSync(join(ctx.root, 'server/seed/demo-clinic.json'), 'utf8'));
    const request = pickRequest(seed);
    const path = slotPath(request);
    ctx.log(`  GET ${path} (${request.weekday}), ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s each`);

    const adminUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || '';
    const backends = [{ id: 'pglite', label: 'PGlite' }];
    if (adminUrl) backends.push({ id: 'postgres', label: 'PostgreSQL' });
    else ctx.log('  PostgreSQL skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set');

    const figures = [];
    const details = { request, path, ...opts, logLevel: logLevel ?? 'server default', backends: {} };
    /** @type {Awaited<ReturnType<typeof startBareFastify>> | undefined} */
    let bare;
    try {
      for (const backend of backends) {
        /** @type {(() => Promise<void>)[]} */
        const cleanups = [];
        try {
          const env = logLevel ? { LOG_LEVEL: logLevel } : {};
          if (backend.id === 'postgres') {
            const db = await freshPostgres(adminUrl);
            cleanups.push(db.drop);
            env.DATABASE_URL = db.url;
          }
          const server = await ctx.startServer({ env });
          cleanups.push(server.stop);
          const body = await slotList(server.url + path);
          // The bare Fastify answers with the real answer's body, so both send the same bytes.
          if (!bare) bare = await startBareFastify({ path: ROUTE, body });
          await slotList(bare.url + path);

          // The bare floor right before and right after the real run, averaged: on a shared
          // machine the load from elsewhere changes within seconds.
          const before = await load(bare.url + path, opts);
          const real = await load(server.url + path, opts);
          const after = await load(bare.url + path, opts);
          const floor = { rps: (before.rps + after.rps) / 2, p99: (before.p99 + after.p99) / 2, before, after };
          const throughput = real.rps / floor.rps;
          const p99 = real.p99 / Math.max(floor.p99, 1);
          ctx.log(`  bare Fastify: ${fmtRps(floor.rps)}, p99 ${fmtMs(floor.p99)} (before ${fmtRps(before.rps)}, ${fmtMs(before.p99)}; after ${fmtRps(after.rps)}, ${fmtMs(after.p99)})`);
          ctx.log(`  ${backend.label}: ${fmtRps(real.rps)}, p99 ${fmtMs(real.p99)} (${body.length} slots, ready in ${Math.round(server.readyMs)} ms)`);
          const budget = BUDGETS[backend.id];
          const L = backend.label;
          figures.push(
            { name: `gettimeslot on ${L}, requests/s`, value: real.rps, unit: 'req/s', display: fmtRps(real.rps) },
            { name: `gettimeslot on ${L}, p99 latency`, value: real.p99, unit: 'ms', display: fmtMs(real.p99) },
            { name: `bare Fastify beside ${L}, requests/s`, value: floor.rps, unit: 'req/s', display: fmtRps(floor.rps) },
            { name: `bare Fastify beside ${L}, p99 latency`, value: floor.p99, unit: 'ms', display: fmtMs(floor.p99) },
            { name: `gettimeslot on ${L} / bare, throughput ratio`, value: throughput, unit: 'ratio', display: throughput.toFixed(3), budget: { min: budget.throughput } },
            { name: `gettimeslot on ${L} / bare, p99 ratio`, value: p99, unit: 'ratio', display: p99.toFixed(2) },
          );
          details.backends[backend.id] = { server: real, bare: floor, throughputRatio: throughput, p99Ratio: p99, slots: body.length, readyMs: server.readyMs };
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
    return { figures, details };
  },
};
