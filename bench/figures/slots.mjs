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
// Budgets: the throughput ratio to the bare Fastify beside it (PostgreSQL >=
// 0.15, PGlite >= 0.05), and the p99 latency itself (PostgreSQL <= 25 ms, PGlite <= 50 ms), which
// depends on the machine: a busy host shows OVER there first (a budget never fails the run).
// History: 2026-11-24, on the shared host under a load average of 11-15, the day-plan cache took
// PGlite from 0.018-0.025 to 0.143-0.213 and PostgreSQL from 0.036-0.089 to 0.105-0.227; its
// bound then sat at 0.08. 2026-11-27 (session 13), on a quiet host: 0.15-0.16 on both before,
// and 0.21-0.23 after the clinic clock was read once per answer instead of once per slot and
// helmet's headers were worked out once (docs/performance.md, "Rules that keep the figures").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { besideBare, fmtMs, fmtRps, loadOptions } from '../lib/underLoad.mjs';

// Kept for figures that imported them from here.
export { freshPostgres, load } from '../lib/underLoad.mjs';

export const BUDGETS = {
  pglite: { throughput: 0.05, p99Ms: 50 },
  postgres: { throughput: 0.15, p99Ms: 25 },
};

const ROUTE = '/api/doctor/gettimeslot/:doctorEmail/:location/:date';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

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

/** gettimeslot answers a non-empty list of slots. */
function checkSlots(body, text) {
  if (!Array.isArray(body) || body.length === 0) throw new Error(`gettimeslot answered no slots: ${text.slice(0, 300)}`);
}

export default {
  id: 'slots',
  title: 'GET gettimeslot under load (50 connections) beside a bare Fastify, PGlite and PostgreSQL',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const opts = loadOptions();
    const logLevel = process.env.BENCH_SLOTS_LOG_LEVEL?.trim() || undefined;
    const seed = JSON.parse(readFileSync(join(ctx.root, 'server/seed/demo-clinic.json'), 'utf8'));
    const request = pickRequest(seed);
    const path = slotPath(request);
    ctx.log(`  GET ${path} (${request.weekday}), ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s each`);

    const figures = [];
    const details = { request, path, ...opts, logLevel: logLevel ?? 'server default', backends: {} };
    const results = await besideBare(ctx, { path, route: ROUTE, check: checkSlots, opts, env: logLevel ? { LOG_LEVEL: logLevel } : {} });
    for (const { id, label: L, body, real, floor, readyMs } of results) {
      const throughput = real.rps / floor.rps;
      const p99 = real.p99 / Math.max(floor.p99, 1);
      const { before, after } = floor;
      ctx.log(`  bare Fastify: ${fmtRps(floor.rps)}, p99 ${fmtMs(floor.p99)} (before ${fmtRps(before.rps)}, ${fmtMs(before.p99)}; after ${fmtRps(after.rps)}, ${fmtMs(after.p99)})`);
      ctx.log(`  ${L}: ${fmtRps(real.rps)}, p99 ${fmtMs(real.p99)} (${body.length} slots, ready in ${Math.round(readyMs)} ms)`);
      figures.push(
        { name: `gettimeslot on ${L}, requests/s`, value: real.rps, unit: 'req/s', display: fmtRps(real.rps) },
        { name: `gettimeslot on ${L}, p99 latency`, value: real.p99, unit: 'ms', display: fmtMs(real.p99), budget: { max: BUDGETS[id].p99Ms } },
        { name: `bare Fastify beside ${L}, requests/s`, value: floor.rps, unit: 'req/s', display: fmtRps(floor.rps) },
        { name: `bare Fastify beside ${L}, p99 latency`, value: floor.p99, unit: 'ms', display: fmtMs(floor.p99) },
        { name: `gettimeslot on ${L} / bare, throughput ratio`, value: throughput, unit: 'ratio', display: throughput.toFixed(3), budget: { min: BUDGETS[id].throughput } },
        { name: `gettimeslot on ${L} / bare, p99 ratio`, value: p99, unit: 'ratio', display: p99.toFixed(2) },
      );
      details.backends[id] = { server: real, bare: floor, throughputRatio: throughput, p99Ratio: p99, slots: body.length, readyMs };
    }
    return { figures, details };
  },
};
