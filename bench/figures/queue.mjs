// (g) The queue's fan-out: BENCH_QUEUE_DISPLAYS (500) waiting-room display streams
// (GET /api/display/{key}/stream, 100 links of one location, 5 screens each) and
// BENCH_QUEUE_PATIENTS (500) patients' place streams (GET /api/appointment/{id}/queue/stream, each
// patient waiting in the same doctor's line) open on one instance, PGlite; then
// BENCH_QUEUE_CHANGES (10) clicks of the doctor's "Call next", one after the other, each the real
// endpoint (POST /api/desk/queue/call-next) with the doctor signed in (a session of Dr. Meera's
// staff account): the first of the line called to the room, audited and told on queue_changed in
// the endpoint's own transaction. Before each click after the first, the patient in the room is
// finished the same way (POST /api/desk/queue/{id}/done) and its events are let through, so that
// only the call is timed. Latency: from the click's request leaving the client to each stream's
// event arriving (every stream gets one per call: the display its new snapshot, each patient their
// place one nearer). p50, p99, max over all of them; the click's own answer time beside them. An
// event that never arrives within 15 s fails the figure, and so does a click that is not 200.
//
// One process: the app (built server modules, buildApp over PGlite) listens on a port and the
// click and the streams are real HTTP connections to it from the same process, so the figure
// includes the clients' own reading.
//
// Budget: the issue's "within one second of the doctor's click", at p99 with 1,000 streams.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openEventStream } from '../lib/sse.mjs';
import { limited, median, percentile, positiveEnv as positive, sleep } from '../lib/util.mjs';

export const BUDGETS = {
  /** Every stream asked for is held. */
  held: 1000,
  /** ms, the doctor's click (its request) to arrival, p99. */
  fanoutP99: 1000,
};

const doctorEmail = 'meera.kulkarni@sahaj-clinic.example';
const SCREENS_PER_LINK = 5;
/** Patients ahead of those with a stream: the changes call them. */
const FRONT = 20;

const built = (root, path) => import(pathToFileURL(join(root, 'dist/node/server', path)).href);

/** Today's clinic date. */
const clinicToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The database: display links of Aundh, the line of Dr. Meera's day there, the patients' sessions. */
async function prepare(root, db, { displays, patients }) {
  const [{ createServices }, { keyHashOf, newDisplayKey }] = await Promise.all([built(root, 'services/index.js'), built(root, 'queue/displays.js')]);
  const sessions = createServices(db).sessions;
  const one = async (sql, params = []) => (await db.query(sql, params)).rows[0].id;
  const doctorId = await one('select id from doctors where email = $1', [doctorEmail]);
  // The doctor's own staff account (role doctor, the doctor's email), signed in: the clicks are theirs.
  const doctorUserId = await one(
    `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role)
     values ($1, 'Meera', 'Kulkarni', 45, 'female', '9822000000', 'google', 'doctor')
     on conflict (email) do update set role = 'doctor' returning id`,
    [doctorEmail],
  );
  const doctorToken = (await sessions.issue(doctorUserId)).token;
  const locationId = await one("select id from locations where name = 'Aundh'");
  const keys = [];
  for (let i = 0; i < Math.ceil(displays / SCREENS_PER_LINK); i++) {
    const key = newDisplayKey();
    await db.query("insert into queue_displays (location_id, key_hash, label, created_at) values ($1, $2, $3, now())", [locationId, keyHashOf(key), `Bench TV ${i}`]);
    keys.push(key);
  }
  const day = clinicToday();
  const entries = [];
  for (let i = 0; i < FRONT + patients; i++) {
    const email = `bench.queue.${i}@clinic-bench.example`;
    const userId = await one(
      `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
       values ($1, 'Bench', $2, 38, 'female', '9822012345', 'google') returning id`,
      [email, `Patient ${i}`],
    );
    // A walk-in: no slot, so a thousand fit in one day.
    const appointmentId = await one(
      `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
         consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, booked_via, holds_slot, created_at, updated_at)
       values ($1, $2, $3, $4, $5, '09:00', 'Clinic Visit', 500, 'Bench', $6, $7, '9822012345', 34, 'female', 'Booked', 'due', 'walkin', false, now(), now())
       returning id`,
      [`SHC-26-${700000 + i}`, userId, doctorId, locationId, day, `Patient ${i}`, email],
    );
    const entryId = await one(
      `insert into queue_entries (doctor_id, location_id, day, token, appointment_id, status, due_time, checked_in_at, updated_at)
       values ($1, $2, $3, $4::int, $5, 'waiting', time '09:00' + make_interval(secs => $4::int), now(), now()) returning id`,
      [doctorId, locationId, day, i + 1, appointmentId],
    );
    entries.push({ appointmentId, entryId, token: i >= FRONT ? (await sessions.issue(userId)).token : null });
  }
  return { keys, entries, doctorId, locationId, doctorToken };
}

/** Opens every stream; each counts its events and keeps the arrival of the last. */
async function openAll(base, { keys, entries }, displays) {
  const streams = [];
  const tasks = [];
  for (let i = 0; i < displays; i++) {
    const s = { events: 0, last: 0 };
    streams.push(s);
    tasks.push(() => openEventStream(base, `/api/display/${keys[i % keys.length]}/stream`, {}, (name, _data, at) => name === 'queue' && ((s.events += 1), (s.last = at))));
  }
  for (const e of entries.filter((x) => x.token)) {
    const s = { events: 0, last: 0 };
    streams.push(s);
    tasks.push(() => openEventStream(base, `/api/appointment/${e.appointmentId}/queue/stream`, { authorization: `Bearer ${e.token}` }, (name, _data, at) => name === 'place' && ((s.events += 1), (s.last = at))));
  }
  const opened = await limited(tasks.map((task) => () => task().then((h) => h, () => null)), 50);
  return { streams, handles: opened.filter(Boolean) };
}

/** One of the doctor's clicks: a POST to the desk's endpoint with the doctor's session; fails unless 200. */
async function click(base, prepared, path, body) {
  const response = await fetch(`${base}/api/desk/queue/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${prepared.doctorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST /api/desk/queue/${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Waits until every stream `counted` has an event past `before` (15 s at most); answers how many did not. */
async function arrived(streams, before, counted, started) {
  const deadline = started + 15_000;
  const waiting = () => streams.filter((s, i) => counted(i) && s.events === before[i]).length;
  while (waiting() > 0 && performance.now() < deadline) await sleep(2);
  return waiting();
}

export default {
  id: 'queue',
  title: "Queue fan-out: 1,000 display and patient streams on one instance, the doctor's Call next click to event p99, PGlite",
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const displays = positive('BENCH_QUEUE_DISPLAYS', 500);
    const patients = positive('BENCH_QUEUE_PATIENTS', 500);
    const changes = Math.min(positive('BENCH_QUEUE_CHANGES', 10), FRONT);
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-queue-'));
    const [{ openPGliteDir }, { pgliteDir }, { prepareDatabase }, { buildApp }, { loadConfig }] = await Promise.all(
      ['db/pglite.js', 'db/open.js', 'startup.js', 'app.js', 'config.js'].map((p) => built(ctx.root, p)),
    );
    const db = await openPGliteDir(pgliteDir(dataDir));
    let app;
    let handles = [];
    try {
      const t0 = Date.now();
      await prepareDatabase(db, { seedFile: join(ctx.root, 'server/seed/demo-clinic.json') });
      const prepared = await prepare(ctx.root, db, { displays, patients });
      ctx.log(`  prepared ${prepared.keys.length} display links and ${prepared.entries.length} patients in the line in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const total = String(displays + patients + 100);
      const config = loadConfig({ DATA_DIR: dataDir, QUEUE_STREAMS_PER_CLIENT: total, QUEUE_STREAMS_TOTAL: total, METRICS_PORT: 'off' });
      app = await buildApp({ db, clientDir: join(dataDir, 'no-client'), config });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${app.server.address().port}`;

      const openStart = Date.now();
      const all = await openAll(base, prepared, displays);
      handles = all.handles;
      const { streams } = all;
      const held = handles.length;
      ctx.log(`  ${held} of ${displays + patients} streams held (opened in ${((Date.now() - openStart) / 1000).toFixed(1)} s)`);
      if (held < streams.length) throw new Error(`only ${held} of ${streams.length} streams opened`);
      await sleep(500);

      const latencies = [];
      const answers = [];
      const isDisplay = (i) => i < displays;
      for (let k = 0; k < changes; k++) {
        if (k > 0) {
          // The patient in the room seen: the displays show the room empty (the patients' places do not move).
          const before = streams.map((s) => s.events);
          const doneAt = performance.now();
          await click(base, prepared, `${prepared.entries[k - 1].entryId}/done`, {});
          const missing = await arrived(streams, before, isDisplay, doneAt);
          if (missing > 0) throw new Error(`done ${k}: ${missing} displays got no event within 15 s`);
          await sleep(50);
        }
        const before = streams.map((s) => s.events);
        const started = performance.now();
        const answer = await click(base, prepared, 'call-next', { doctorId: prepared.doctorId, room: 'Room 1' });
        answers.push(performance.now() - started);
        if (answer.entry?.token !== `T${k + 1}`) throw new Error(`call ${k + 1} called ${answer.entry?.token}, not T${k + 1}`);
        const missing = await arrived(streams, before, () => true, started);
        if (missing > 0) throw new Error(`call ${k + 1}: ${missing} of ${streams.length} streams got no event within 15 s`);
        for (const s of streams) latencies.push(s.last - started);
        await sleep(50);
      }
      latencies.sort((a, b) => a - b);
      const p50 = median(latencies);
      const p99 = percentile(latencies, 99);
      const max = latencies.at(-1);
      const clickMedian = median(answers);
      ctx.log(`  fan-out: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${latencies.length} events (${changes} clicks x ${streams.length} streams)`);
      ctx.log(`  the click's own answer (POST /api/desk/queue/call-next): median ${clickMedian.toFixed(1)} ms, max ${Math.max(...answers).toFixed(1)} ms`);
      return {
        figures: [
          { name: 'queue: display and patient streams held', value: held, unit: 'streams', display: `${held}`, budget: { min: Math.min(BUDGETS.held, displays + patients) } },
          { name: 'queue: click to event p50, 1,000 streams', value: p50, unit: 'ms', display: `${p50.toFixed(1)} ms` },
          { name: 'queue: click to event p99, 1,000 streams', value: p99, unit: 'ms', display: `${p99.toFixed(1)} ms`, budget: { max: BUDGETS.fanoutP99 } },
          { name: 'queue: call-next answer, median', value: clickMedian, unit: 'ms', display: `${clickMedian.toFixed(1)} ms` },
        ],
        details: { displays, patients, links: prepared.keys.length, changes, events: latencies.length, p50, p99, max, clickMs: answers },
      };
    } finally {
      for (const h of handles) h.close();
      await app?.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
