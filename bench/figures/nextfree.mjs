// (f) The doctor select's next free slot: GET /api/doctor/nextfree?location= (every
// active doctor at one clinic, or every online doctor without `location`, each with the soonest
// free slot up to the booking horizon, ONE statement) under load, beside a bare Fastify answering
// the same bytes, as (e) measures the date strip; PGlite always, PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Two requests: the seed's first clinic, and the
// online doctors. That each answer is one statement is checked by tests/server/availability.test.ts.
//
// Settings: those of (d) (BENCH_SLOTS_CONNECTIONS, BENCH_SLOTS_DURATION, BENCH_SLOTS_WARMUP).
//
// Budget: a lower bound on the throughput ratio, under the first run's figures (2026-11-24, load
// average 4-7 on the shared 2-core machine; docs/availability.md, "Figures"): PGlite 0.008
// (Kothrud) and 0.005 (online), PostgreSQL 0.024 and 0.013. The bare Fastify beside them moved
// from 39k to 82k req/s within the run, so the ratios move with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { besideBare, fmtMs, fmtRps, loadOptions } from '../lib/underLoad.mjs';

export const BUDGETS = { pglite: { throughput: 0.003 }, postgres: { throughput: 0.008 } };
const ROUTE = '/api/doctor/nextfree';

/** The list names at least one doctor. */
function checkList(body, text) {
  if (!Array.isArray(body.doctors) || body.doctors.length === 0) throw new Error(`nextfree answered no doctors: ${text.slice(0, 300)}`);
}

export default {
  id: 'nextfree',
  title: 'GET doctor/nextfree (every doctor of a place, one statement) under load beside a bare Fastify, PGlite and PostgreSQL',
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
          { name: `nextfree ${place.label} on ${L}, p99 latency`, value: real.p99, unit: 'ms', display: fmtMs(real.p99) },
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
