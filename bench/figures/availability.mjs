// (e) Availability at a glance (issue 12): GET /api/doctor/availability/{email}?location= (the
// booking popup's date strip: two weeks of per-day free counts and the soonest free slot up to
// the booking horizon, ONE query) under load, beside a bare Fastify answering the same bytes, as
// (d) measures gettimeslot; PGlite always, PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
// is set. Reported as a ratio to the bare Fastify of the same run, so that it holds on a busier
// machine. The request: the first doctor of the seed at their first location, anonymous.
//
// Settings: those of (d) (BENCH_SLOTS_CONNECTIONS, BENCH_SLOTS_DURATION, BENCH_SLOTS_WARMUP).
//
// Budget: a lower bound on the throughput ratio, from ONE run on the shared 2-core machine
// (2026-11-24 08:17 UTC, load average about 25 from seven engineers' test runs): PGlite 15 req/s,
// p99 4963 ms, ratio 0.002 to a bare Fastify at 5999 req/s. The bound sits under it; it is a first
// figure, not a tuned one, and on a quiet machine it should be re-measured. That each answer is one
// statement is checked by tests/server/availability.test.ts, not by this figure. PostgreSQL's bound
// is a guess (not measured yet).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBareFastify } from '../lib/bare-fastify.mjs';
import { freshPostgres, load } from './slots.mjs';

export const BUDGETS = { pglite: { throughput: 0.0015 }, postgres: { throughput: 0.01 } };
const ROUTE = '/api/doctor/availability/:doctorEmail';

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return n;
}

async function strip(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text);
  if (!Array.isArray(body.days) || body.days.length === 0) throw new Error(`GET ${url} answered no days: ${text.slice(0, 300)}`);
  return body;
}

const fmtRps = (n) => `${Math.round(n)} req/s`;
const fmtMs = (n) => `${n.toFixed(1)} ms`;

export default {
  id: 'availability',
  title: 'GET doctor/availability (two weeks, one query) under load beside a bare Fastify, PGlite and PostgreSQL',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const opts = {
      connections: Math.round(positive('BENCH_SLOTS_CONNECTIONS', 50)),
      duration: positive('BENCH_SLOTS_DURATION', 5),
      warmup: process.env.BENCH_SLOTS_WARMUP === '0' ? 0 : positive('BENCH_SLOTS_WARMUP', 1),
    };
    const seed = JSON.parse(readFileSync(join(ctx.root, 'server/seed/demo-clinic.json'), 'utf8'));
    const doctor = seed.doctors.find((d) => d.locations?.length);
    const path = `/api/doctor/availability/${encodeURIComponent(doctor.email)}?location=${encodeURIComponent(doctor.locations[0])}`;
    ctx.log(`  GET ${path}, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s each`);
    const adminUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || '';
    const backends = [{ id: 'pglite', label: 'PGlite' }];
    if (adminUrl) backends.push({ id: 'postgres', label: 'PostgreSQL' });
    const figures = [];
    const details = { path, ...opts, backends: {} };
    let bare;
    try {
      for (const backend of backends) {
        const cleanups = [];
        try {
          const env = {};
          if (backend.id === 'postgres') {
            const db = await freshPostgres(adminUrl);
            cleanups.push(db.drop);
            env.DATABASE_URL = db.url;
          }
          const server = await ctx.startServer({ env });
          cleanups.push(server.stop);
          const body = await strip(server.url + path);
          if (!bare) bare = await startBareFastify({ path: ROUTE, body });
          const barePath = path.split('?')[0];
          const before = await load(bare.url + barePath, opts);
          const real = await load(server.url + path, opts);
          const after = await load(bare.url + barePath, opts);
          const floor = { rps: (before.rps + after.rps) / 2, p99: (before.p99 + after.p99) / 2 };
          const throughput = real.rps / floor.rps;
          const L = backend.label;
          ctx.log(`  bare Fastify: ${fmtRps(floor.rps)}, p99 ${fmtMs(floor.p99)}; ${L}: ${fmtRps(real.rps)}, p99 ${fmtMs(real.p99)} (${body.days.length} days)`);
          figures.push(
            { name: `availability on ${L}, requests/s`, value: real.rps, unit: 'req/s', display: fmtRps(real.rps) },
            { name: `availability on ${L}, p99 latency`, value: real.p99, unit: 'ms', display: fmtMs(real.p99) },
            { name: `availability on ${L} / bare, throughput ratio`, value: throughput, unit: 'ratio', display: throughput.toFixed(3), budget: { min: BUDGETS[backend.id].throughput } },
          );
          details.backends[backend.id] = { server: real, bare: floor, throughputRatio: throughput };
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
