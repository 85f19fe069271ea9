// (f) The doctor select's next free slot: GET /api/doctor/nextfree?location= (every
// active doctor at one clinic, or every online doctor without `location`, each with the soonest
// free slot up to the booking horizon, from the day-plan cache's schedules) under load, beside a
// bare Fastify answering the same bytes, as (e) measures the date strip; PGlite always,
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Two requests: the seed's first
// clinic, and the online doctors. That the answers are the statements' is checked by
// tests/server/popupSchedules.test.ts.
//
// Settings: those of (d) (BENCH_SLOTS_CONNECTIONS, BENCH_SLOTS_DURATION, BENCH_SLOTS_WARMUP).
//
// Budgets: the booking popup's targets (issue "The booking popup as fast as the slot list"), not
// what a run measured: p99 at 50 connections at most 50 ms on PGlite, 25 ms on PostgreSQL, and a
// throughput at least 0.15 / 0.10 of the bare Fastify's, for both requests. The list is answered
// in memory from the schedules the day-plan cache keeps (server/services/popupSchedules.ts);
// before that, one statement per request: 0.008-0.009 / 0.018 of the bare Fastify, p99 0.6-2.6 s
// / 72-491 ms (docs/performance.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { besideBare, fmtMs, fmtRps, loadOptions } from '../lib/underLoad.mjs';

export const BUDGETS = { pglite: { throughput: 0.15, p99Ms: 50 }, postgres: { throughput: 0.1, p99Ms: 25 } };
const ROUTE = '/api/doctor/nextfree';

/** The list names at least one doctor. */
function checkList(body, text) {
  if (!Array.isArray(body.doctors) || body.doctors.length === 0) throw new Error(`nextfree answered no doctors: ${text.slice(0, 300)}`);
}

export default {
  id: 'nextfree',
  title: 'GET doctor/nextfree (every doctor of a place, from the cached schedules) under load beside a bare Fastify, PGlite and PostgreSQL',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const opts = loadOptions();
    const seed = JSON.parse(readFileSync(join(ctx.root, 'server/seed/demo-clinic.json'), 'utf8'));
    const clinic = seed.locations[0];
    const places = [
      { label: clinic, path: `/api/doctor/nextfree?location=${encodeURIComponent(clinic)}` },
      { label: 'online', path: '/api/doctor/nextfree' },
    ];
    const figures = [];
    const details = { ...opts, places: {} };
    for (const place of places) {
      ctx.log(`  GET ${place.path}, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s each`);
      details.places[place.label] = {};
      for (const { id, label: L, body, real, floor } of await besideBare(ctx, { path: place.path, route: ROUTE, check: checkList, opts })) {
        const throughput = real.rps / floor.rps;
        ctx.log(`  bare Fastify: ${fmtRps(floor.rps)}, p99 ${fmtMs(floor.p99)}; ${L}: ${fmtRps(real.rps)}, p99 ${fmtMs(real.p99)} (${body.doctors.length} doctors)`);
        figures.push(
          { name: `nextfree ${place.label} on ${L}, requests/s`, value: real.rps, unit: 'req/s', display: fmtRps(real.rps) },
          { name: `nextfree ${place.label} on ${L}, p99 latency`, value: real.p99, unit: 'ms', display: fmtMs(real.p99), budget: { max: BUDGETS[id].p99Ms } },
          {
            name: `nextfree ${place.label} on ${L} / bare, throughput ratio`,
            value: throughput,
            unit: 'ratio',
            display: throughput.toFixed(3),
            budget: { min: BUDGETS[id].throughput },
          },
        );
        details.places[place.label][id] = { server: real, bare: floor, throughputRatio: throughput };
      }
    }
    return { figures, details };
  },
};
