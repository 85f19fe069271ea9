// (e) Availability at a glance: GET /api/doctor/availability/{email}?location= (the
// booking popup's date strip: two weeks of per-day free counts and the soonest free slot up to
// the booking horizon, from the day-plan cache's schedules) under load, beside a bare Fastify
// answering the same bytes, as (d) measures gettimeslot; PGlite always, PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Reported as a ratio to the bare Fastify of the same run, so that it holds on a busier
// machine. The request: the first doctor of the seed at their first location, anonymous.
//
// Settings: those of (d) (BENCH_SLOTS_CONNECTIONS, BENCH_SLOTS_DURATION, BENCH_SLOTS_WARMUP).
//
// Budgets: the booking popup's targets (issue "The booking popup as fast as the slot list"), not
// what a run measured: p99 at 50 connections at most 50 ms on PGlite, 25 ms on PostgreSQL, and a
// throughput at least 0.15 / 0.10 of the bare Fastify's. The strip is answered in memory from the
// schedules the day-plan cache keeps (server/services/popupSchedules.ts); before that it was one
// statement per request, 0.008-0.011 / 0.019-0.025 of the bare Fastify, p99 1.3-3.2 s / 83-214 ms
// (docs/performance.md). That the answers are the statements' is checked by
// tests/server/popupSchedules.test.ts, not by this figure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { besideBare, fmtMs, fmtRps, loadOptions } from '../lib/underLoad.mjs';

export const BUDGETS = { pglite: { throughput: 0.15, p99Ms: 50 }, postgres: { throughput: 0.1, p99Ms: 25 } };
const ROUTE = '/api/doctor/availability/:doctorEmail';

/** The strip answers at least one day. */
function checkStrip(body, text) {
  if (!Array.isArray(body.days) || body.days.length === 0) throw new Error(`availability answered no days: ${text.slice(0, 300)}`);
}

export default {
  id: 'availability',
  title: 'GET doctor/availability (two weeks, from the cached schedules) under load beside a bare Fastify, PGlite and PostgreSQL',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const opts = loadOptions();
    const seed = JSON.parse(readFileSync(join(ctx.root, 'server/seed/demo-clinic.json'), 'utf8'));
    const doctor = seed.doctors.find((d) => d.locations?.length);
    const path = `/api/doctor/availability/${encodeURIComponent(doctor.email)}?location=${encodeURIComponent(doctor.locations[0])}`;
    ctx.log(`  GET ${path}, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s each`);
    const figures = [];
    const details = { path, ...opts, backends: {} };
    for (const { id, label: L, body, real, floor } of await besideBare(ctx, { path, route: ROUTE, check: checkStrip, opts })) {
      const throughput = real.rps / floor.rps;
      ctx.log(`  bare Fastify: ${fmtRps(floor.rps)}, p99 ${fmtMs(floor.p99)}; ${L}: ${fmtRps(real.rps)}, p99 ${fmtMs(real.p99)} (${body.days.length} days)`);
      figures.push(
        { name: `availability on ${L}, requests/s`, value: real.rps, unit: 'req/s', display: fmtRps(real.rps) },
        { name: `availability on ${L}, p99 latency`, value: real.p99, unit: 'ms', display: fmtMs(real.p99), budget: { max: BUDGETS[id].p99Ms } },
        { name: `availability on ${L} / bare, throughput ratio`, value: throughput, unit: 'ratio', display: throughput.toFixed(3), budget: { min: BUDGETS[id].throughput } },
      );
      details.backends[id] = { server: real, bare: floor, throughputRatio: throughput };
    }
    return { figures, details };
  },
};
