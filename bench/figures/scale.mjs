// (h) The scale run: the statements behind the slot list, the availability strip, a
// patient's appointment list, the staff console's day and the desk's patient search, at a small
// table (1k appointments) and at a large one (1M appointments, 100k users), in the same PostgreSQL
// database grown in between, in the same run. The target: slot and availability query cost, 1k ->
// 1M appointments in the table, at most 1.2x; the desk's search under 200 ms at 100k patients.
//
// PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin connection): a fresh database
// is created, migrated and seeded with the demo clinic by the built server's own modules
// (dist/node: startup.js prepareDatabase), and dropped at the end, also on failure. Without
// PostgreSQL the figure says so and returns nothing. PGlite is out of scope (docs/performance.md,
// "How to measure": a million rows through the embedded WebAssembly database take too long to insert
// and too much memory for a run of minutes).
//
// The rows (SQL, generate_series, one statement per table and step; every constraint of the
// schema holds, the slot index included):
// - users: patients, id md5('scale-user-<n>'), with a first name (by gender) and a surname drawn
//   from common ones of the region, and a 10-digit mobile number as typed into the booking form
//   (some after +91 or 0); every 4th registered by the desk (sign-in method 'desk', no email), the
//   others Google accounts, scale.user.<n>@clinic-bench.example. Their appointments carry the
//   same name, phone and email;
// - past appointments, spread over the seed's active doctors, 40 slots a day (the doctor's slot
//   length apart from 08:00), backwards from yesterday (1M rows: about 11 years): 75 % Completed
//   and paid (holding their slot), 15 % Cancelled, 10 % Expired (unpaid, holding nothing), at the
//   doctor's clinic of that weekday, or a Video consultation with no location when the doctor has
//   no clinic hours that day;
// - 1 % future appointments (Booked and paid, a tenth Cancelled) on the days after the strip up to
//   the booking horizon, never on the measured days;
// - in the small state only: the measured days' own rows (every doctor's 17:00 and 18:00 on each
//   day of the strip, a paid booking and a live unpaid hold on the measured doctor's day) and one
//   patient with 10 appointments (8 past, 2 in the strip), Asha Kulkarni. Growing adds none of
//   these, so the answers at both sizes are the same (checked: the figure fails when they differ).
// VACUUM ANALYZE after each fill, as autovacuum would after a bulk load.
//
// Measured, at each size, with one fixed `now` (so that the answers can be compared): each
// statement through the built repository function (dist/node/server/repositories) and the app's
// PostgreSQL adapter (pool, jit=off), BENCH_SCALE_CALLS (200) sequential calls after a warm-up,
// the four statements interleaved call by call so that the machine's load falls on all alike;
// median and p95 of the wall time of each call (the round trip included). The slot list is
// loadDaySchedule itself, not the server's day-plan cache. Also EXPLAIN (ANALYZE, BUFFERS) of each
// statement once: execution time and shared buffers touched, which do not move with the
// machine's load.
//
// Settings: BENCH_SCALE_APPOINTMENTS (1000000), BENCH_SCALE_USERS (100000), BENCH_SCALE_SMALL
// (1000 appointments in the small state), BENCH_SCALE_CALLS (200); BENCH_SCALE_KEEP=1 keeps the
// database at the end (grown) for EXPLAIN, and prints its name.
//
// The desk's search (searchPatients: the search's statement and the hits' next appointments)
// looks for the list patient in four forms: a surname's start ("kulk"), the phone's last 4
// digits, the whole phone as typed ("94227 18305") and the number of their booking. Its answers
// grow with the patients (more share a surname or 4 digits), so they are not compared; each form
// must find what it looks for at both sizes. The plans of every form at the large size must read
// neither users nor appointments whole (a figure, budget 0).
//
// Budgets (1M/1k ratio of the medians): slot list and availability 1.2, the target above.
// Patient's list and staff day: 1.5, measured and explained in docs/performance.md ("Latest figures").
// Desk search: p95 at the large size 200 ms (the issue's figure), and the ratio of the medians at
// the two sizes of patients 3.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchPostgresUrl, freshPostgres } from '../lib/underLoad.mjs';
import { median, positiveEnv } from '../lib/util.mjs';

export const BUDGETS = { slots: 1.2, availability: 1.2, userList: 1.5, staffDay: 1.5, insightsRatio: 40 };
/** The owner's view: p95 of one answer at the large size (ms), the issue's figure. */
export const INSIGHTS_P95_MS = 300;
/** The desk's patient search: p95 at the large size (ms), and the large/small ratio of the medians. */
export const SEARCH_BUDGETS = { p95: 200, ratio: 3 };

const LIST_EMAIL = 'scale.list@clinic-bench.example';
/** The list patient: the one whose appointments the patient's list reads, and whom the desk's search looks for. */
const LIST_PERSON = { first: 'Asha', last: 'Kulkarni', phone: '9422718305' };
const SLOTS_PER_DAY = 40;
/** One row in this many is a future appointment. */
const FUTURE_EVERY = 100;

/** Names the fill gives its people, so that the desk's name search meets real prefixes and shares. */
const FEMALE = ['Aarti', 'Aditi', 'Anita', 'Anjali', 'Asha', 'Deepa', 'Gauri', 'Geeta', 'Jyoti', 'Kavita', 'Lata', 'Madhuri', 'Manisha',
  'Meena', 'Neha', 'Nisha', 'Pooja', 'Pranali', 'Priya', 'Rekha', 'Rupali', 'Sangeeta', 'Sarita', 'Shilpa', 'Shubhangi', 'Smita',
  'Sneha', 'Sunita', 'Swati', 'Vaishali'];
const MALE = ['Abhijit', 'Ajay', 'Amit', 'Anil', 'Ashok', 'Ganesh', 'Kiran', 'Mahesh', 'Manoj', 'Nilesh', 'Nitin', 'Prakash', 'Prasad',
  'Rahul', 'Rajesh', 'Ramesh', 'Sachin', 'Sandeep', 'Sanjay', 'Santosh', 'Satish', 'Shrikant', 'Sunil', 'Suresh', 'Tushar', 'Vijay',
  'Vikas', 'Vinod', 'Vishal', 'Yogesh'];
const SURNAMES = ['Bhosale', 'Chavan', 'Deshmukh', 'Deshpande', 'Gaikwad', 'Ghorpade', 'Gupta', 'Jadhav', 'Jagtap', 'Joshi', 'Kadam',
  'Kale', 'Kamble', 'Kulkarni', 'Kumar', 'Mane', 'More', 'Naik', 'Patil', 'Pawar', 'Phadke', 'Rane', 'Rao', 'Salunkhe', 'Sawant',
  'Shah', 'Sharma', 'Shelar', 'Shinde', 'Singh', 'Sonawane', 'Thakur', 'Verma', 'Wagh', 'Yadav'];
const sqlArray = (names) => `array[${names.map((name) => `'${name}'`).join(', ')}]`;
const pick = (names, key, n) => `(${sqlArray(names)})[1 + abs(hashtext('${key}-' || ${n})::bigint) % ${names.length}]`;

/**
 * Person n of the fill, as SQL over the integer expression `n`: a first name by gender (even n
 * female) and a surname, each drawn by a hash of n; a 10-digit mobile number (6-9 first), written
 * as a patient types it into the booking form (15 % after +91, 5 % after 0, else the 10 digits);
 * every 4th a patient the desk registered (sign-in method 'desk', no email).
 */
function person(n) {
  const h = `('x' || substr(md5('scale-phone-' || ${n}), 1, 12))::bit(48)::bigint`;
  const ten = `(6 + ${h} % 4)::text || lpad((${h} / 4 % 1000000000)::text, 9, '0')`;
  const desk = `(${n}) % 4 = 3`;
  return {
    first: `case when (${n}) % 2 = 0 then ${pick(FEMALE, 'female', n)} else ${pick(MALE, 'male', n)} end`,
    last: pick(SURNAMES, 'surname', n),
    phone: `case when (${n}) % 20 < 3 then '+91' || ${ten} when (${n}) % 20 = 3 then '0' || ${ten} else ${ten} end`,
    desk,
    email: `case when ${desk} then null else 'scale.user.' || ${n} || '@clinic-bench.example' end`,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const count = (n) => (n >= 1e6 ? `${+(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : `${n}`);

/** The database's users, appointments and their indexes, by size. */
async function tableSizes(client) {
  const { rows } = await client.query(
    `select c.relname as name, c.reltuples::bigint as estimate, pg_table_size(c.oid) as table_bytes, pg_indexes_size(c.oid) as index_bytes
       from pg_class c where c.relname in ('users', 'appointments') order by c.relname`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.estimate), tableBytes: Number(r.table_bytes), indexBytes: Number(r.index_bytes) }]));
}

/** Users n in [from, to): patients (person(n)), accounts with Google sign-in or the desk's. */
function fillUsers(client, from, to) {
  const p = person('n');
  return client.query(
    `insert into users (id, email, first_name, last_name, age, gender, phone_number, sign_in_method, role, created_at, updated_at)
     select md5('scale-user-' || n)::uuid, ${p.email}, ${p.first}, ${p.last},
            1 + n % 90, case when n % 2 = 0 then 'female' else 'male' end, ${p.phone},
            case when ${p.desk} then 'desk' else 'google' end, 'patient', $3::timestamptz - make_interval(days => n % 4000), $3::timestamptz
       from generate_series($1::int, $2::int - 1) as n`,
    [from, to, new Date()],
  );
}

/**
 * The doctors' part of a fill: each active doctor's ordinal (by email), slot length and the
 * location of their clinic hours on each weekday (null: none that day).
 */
const DOCS = `docs as (
    select (row_number() over (order by d.email) - 1)::int as ord, d.id, d.slot_minutes,
           array(select (select h.location_id from doctor_hours h
                          where h.doctor_id = d.id and h.weekday = w order by h.start_time limit 1)
                   from generate_series(0, 6) as w) as locs
      from doctors d where d.active
  ),
  nd as (select count(*)::int as n from docs)`;

/**
 * Generated appointments i in [from, to) over `users` users. $3 yesterday, $4 the first future day
 * (after the strip), $5 the number of future days (to the horizon), $6 the users, $7 now.
 */
function fillAppointments(client, from, to, { yesterday, futureFrom, futureDays, users, now }) {
  const p = person('n');
  return client.query(
    `with ${DOCS},
     g as (
       select i, (i % ${FUTURE_EVERY} = ${FUTURE_EVERY / 2}) as future, (i::bigint * 2654435761 % $6::bigint)::int as n
         from generate_series($1::int, $2::int - 1) as i
     ),
     placed as (
       -- Past: slot k of the doctor, 40 a day backwards from yesterday. Future: the j-th future row,
       -- a slot of a day after the strip, one day after another, then the next slot of those days.
       select g.*, docs.id as doctor_id, docs.slot_minutes, docs.locs, p.k, p.day,
              case when g.future then p.k >= $5::int * ${SLOTS_PER_DAY} or p.k % 10 = 9 end as future_cancelled
         from g
         cross join nd
         join docs on docs.ord = case when g.future then (g.i / ${FUTURE_EVERY}) % nd.n else g.i % nd.n end
         cross join lateral (
           select k, case when g.future then $4::date + (k % $5::int) else $3::date - (k / ${SLOTS_PER_DAY}) end as day
             from (select case when g.future then (g.i / ${FUTURE_EVERY}) / nd.n else g.i / nd.n end as k) as kk
         ) as p
     ),
     shaped as (
       select placed.*,
              case when future then (k / $5::int) % ${SLOTS_PER_DAY} else k % ${SLOTS_PER_DAY} end as slot,
              locs[extract(dow from day)::int + 1] as location_id,
              case
                when future then case when future_cancelled then 'Cancelled' else 'Booked' end
                when (i * 7) % 20 < 15 then 'Completed'
                when (i * 7) % 20 < 18 then 'Cancelled'
                else 'Expired'
              end as status
         from placed
     )
     insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
       consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
       holds_slot, hold_expires_at, created_at, updated_at)
     select 'SCALE-' || to_char(day, 'YY') || '-' || lpad(i::text, greatest(7, length(i::text)), '0'),
            md5('scale-user-' || n)::uuid, doctor_id, location_id, day,
            time '08:00' + make_interval(mins => slot * slot_minutes),
            case when location_id is null then 'Video' else 'Clinic Visit' end,
            500, ${p.first}, ${p.last}, coalesce(${p.email}, ''),
            ${p.phone}, 1 + n % 90, case when n % 2 = 0 then 'female' else 'male' end,
            status,
            case when status in ('Completed', 'Booked') then 'paid' else 'failed' end,
            case when status in ('Completed', 'Booked') then 'SCALE' || i end,
            status in ('Completed', 'Booked'),
            null,
            least(day::timestamptz - interval '2 days', $7::timestamptz), least(day::timestamptz, $7::timestamptz)
       from shaped`,
    [from, to, yesterday, futureFrom, futureDays, users, now],
  );
}

/**
 * The measured days' own rows and the list patient, in the small state only. $1 the strip's first
 * day, $2 its last, $3 the measured doctor, $4 the measured day, $5 now, $6 yesterday, $7 users.
 * Every doctor's 17:00 and 18:00 (slot starts of every clinic day's hours) on each strip day with
 * clinic hours; the list patient's 8 past rows at 23:00 (after every generated slot) and 2 in the
 * strip; a live unpaid hold on the measured day.
 */
async function fillMeasuredDays(client, { from, to, doctorEmail, day, now, yesterday, users }) {
  const list = await client.query(
    `insert into users (id, email, first_name, last_name, age, gender, phone_number, sign_in_method)
     values (md5('scale-list')::uuid, $1, $2, $3, 41, 'female', $4, 'google') returning id`,
    [LIST_EMAIL, LIST_PERSON.first, LIST_PERSON.last, LIST_PERSON.phone],
  );
  const listId = list.rows[0].id;
  const p = person('(r % $3::int)');
  const strip = await client.query(
    `with ${DOCS},
     rows as (
       select docs.id as doctor_id, d::date as day, t, docs.locs[extract(dow from d)::int + 1] as location_id,
              row_number() over (order by d, docs.ord, t) as r
         from docs cross join generate_series($1::date, $2::date, interval '1 day') as d
         cross join (values (time '17:00'), (time '18:00')) as times(t)
     )
     insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
       consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
       holds_slot, created_at, updated_at)
     select 'STRIP-' || to_char(day, 'YY') || '-' || lpad(r::text, 6, '0'), md5('scale-user-' || (r % $3::int))::uuid,
            doctor_id, location_id, day, t, 'Clinic Visit', 500, ${p.first}, ${p.last},
            coalesce(${p.email}, ''), ${p.phone}, 30, 'male', 'Booked', 'paid', 'STRIP' || r,
            true, $4::timestamptz, $4::timestamptz
       from rows where location_id is not null`,
    [from, to, users, now],
  );
  const own = await client.query(
    `with ${DOCS},
     measured as (select docs.id, docs.locs from docs join doctors d on d.id = docs.id where d.email = $1),
     rows (nr, day, t, doctor_id, location_id, status, paid, holds, expires) as (
       -- 8 past: every 30 days back, at 23:00, of the doctors in turn (a Video call: no location).
       select m, $3::date - 30 * m, time '23:00', docs.id, null::uuid, case when m % 4 = 0 then 'Cancelled' else 'Completed' end,
              m % 4 <> 0, m % 4 <> 0, null::timestamptz
         from generate_series(1, 8) as m cross join nd join docs on docs.ord = m % nd.n
       union all
       -- On the measured day: a paid booking at 10:00, and another person's live unpaid hold at 11:00.
       select 9, $2::date, time '10:00', measured.id, measured.locs[extract(dow from $2::date)::int + 1], 'Booked', true, true, null
         from measured
       union all
       select 10, $2::date, time '11:00', measured.id, measured.locs[extract(dow from $2::date)::int + 1], 'Booked', false, true,
              $4::timestamptz + interval '1 day'
         from measured
     )
     insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
       consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
       holds_slot, hold_expires_at, created_at, updated_at)
     select 'LIST-' || to_char(day, 'YY') || '-' || lpad(nr::text, 6, '0'), $5::uuid, doctor_id, location_id, day, t,
            case when location_id is null then 'Video' else 'Clinic Visit' end, 500, $7, $8, $6, $9, 41, 'female',
            status, case when paid then 'paid' when status = 'Cancelled' then 'failed' else 'pending' end,
            case when paid then 'LIST' || nr end, holds, expires,
            least(day::timestamptz - interval '1 day', $4::timestamptz), least(day::timestamptz, $4::timestamptz)
       from rows`,
    [doctorEmail, day, yesterday, now, listId, LIST_EMAIL, LIST_PERSON.first, LIST_PERSON.last, LIST_PERSON.phone],
  );
  // The 10th row (the unpaid hold) is the list patient's too: 8 past, a booking and a hold in the strip.
  return { listId, rows: strip.rowCount + own.rowCount };
}

/** An answer as text to compare: a day's holders come in no set order (json_agg without order by). */
function canonical(id, answer) {
  if (id !== 'slots' || !answer) return JSON.stringify(answer);
  const holders = [...answer.holders].sort((x, y) => (x.time < y.time ? -1 : x.time > y.time ? 1 : 0));
  return JSON.stringify({ ...answer, holders });
}

/**
 * Wraps the app's Database so that the statements each call ran (text and parameters) can be
 * explained afterwards: `seen` holds those of the last call (`start` empties it).
 */
function recording(db) {
  const seen = [];
  const q = {
    query(sql, params = []) {
      seen.push({ sql, params });
      return db.query(sql, params);
    },
  };
  return { q, seen, start: () => seen.splice(0) };
}

/** The tables a plan reads whole (Seq Scan nodes), by name, outside the sequence generators. */
function wholeTables(node, found = []) {
  if (node['Node Type'] === 'Seq Scan') found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) wholeTables(child, found);
  return found;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement of one call: execution and planning ms and shared
 * buffers summed over them, and the tables any of them read whole.
 */
async function explained(s, client) {
  const out = { executionMs: 0, planningMs: 0, buffers: 0, wholeTables: [] };
  for (const { sql, params } of s.seen) {
    const { rows } = await client.query(`explain (analyze, buffers, format json) ${sql}`, params);
    const plan = rows[0]['QUERY PLAN'][0];
    out.executionMs += plan['Execution Time'];
    out.planningMs += plan['Planning Time'];
    out.buffers += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
    out.wholeTables.push(...wholeTables(plan.Plan));
  }
  return out;
}

/**
 * Each statement `calls` times after `warmup` calls, interleaved; then EXPLAIN (ANALYZE, BUFFERS)
 * of each once. Returns per statement: median, p95 (ms), the answer, execution ms and buffers.
 */
async function measure(statements, client, { calls, warmup }) {
  const times = Object.fromEntries(statements.map((s) => [s.id, []]));
  const answers = {};
  for (let i = 0; i < warmup; i++) for (const s of statements) answers[s.id] = await s.call();
  for (let i = 0; i < calls; i++) {
    for (const s of statements) {
      const t0 = performance.now();
      await s.call();
      times[s.id].push(performance.now() - t0);
    }
  }
  const out = {};
  for (const s of statements) {
    const sorted = times[s.id].sort((a, b) => a - b);
    await s.call();
    out[s.id] = { median: median(sorted), p95: percentile(sorted, 95), answer: answers[s.id], ...(await explained(s, client)) };
  }
  return out;
}

/**
 * One statement at both sizes (`at`: the small and the large size's names): the log line, the
 * figures (medians, p95s, the ratio of the medians under its budget; the large p95 under its own
 * when it has one) and, when the answers should agree and do not, what differs.
 */
function compare(s, a, b, [S, L]) {
  const ratio = b.median / a.median;
  const line =
    `  ${s.label}: ${S} median ${a.median.toFixed(2)} ms, p95 ${a.p95.toFixed(2)} ms (execution ${a.executionMs.toFixed(2)} ms, ${a.buffers} buffers); ` +
    `${L} median ${b.median.toFixed(2)} ms, p95 ${b.p95.toFixed(2)} ms (execution ${b.executionMs.toFixed(2)} ms, ${b.buffers} buffers); ratio ${ratio.toFixed(2)}` +
    (s.search ? `; ${b.answer.hits.length} hits${b.answer.more ? ' and more' : ''} at ${L}` : '');
  let differ = null;
  if (s.finds) {
    if (!s.finds(a.answer) || !s.finds(b.answer)) differ = `the ${s.label} did not find what it looks for at ${S} or ${L}`;
  } else if (canonical(s.id, a.answer) !== canonical(s.id, b.answer)) {
    differ = `the ${s.label} answered differently at ${S} and ${L}:\n${canonical(s.id, a.answer)}\n${canonical(s.id, b.answer)}`;
  }
  const figures = [
    { name: `scale: ${s.id}, median at ${S}`, value: a.median, unit: 'ms', display: `${a.median.toFixed(2)} ms` },
    { name: `scale: ${s.id}, median at ${L}`, value: b.median, unit: 'ms', display: `${b.median.toFixed(2)} ms` },
    { name: `scale: ${s.id}, p95 ${S} / ${L}`, value: b.p95, unit: 'ms', display: `${a.p95.toFixed(1)}/${b.p95.toFixed(1)}`, ...(s.p95Budget ? { budget: { max: s.p95Budget } } : {}) },
    { name: `scale: ${s.id}, ${L}/${S} median ratio`, value: ratio, unit: 'ratio', display: ratio.toFixed(2), budget: { max: s.budget } },
  ];
  const { answer: _a, ...small } = a;
  const { answer: _b, ...large } = b;
  return { line, differ, figures, details: { small, large, ratio } };
}

/**
 * The desk's patient search (server/desk/patients.ts, searchPatients: the search and the hits' next
 * appointments) in each form, as the desk types it, looking for the list patient. The answers grow
 * with the patients (at 100k, some ten share the last 4 digits, and a surname's start matches
 * hundreds, of which the first 20 come back), so they are not compared across sizes: each must find
 * what it looks for (`finds`) at both.
 */
function searchStatements(searchPatients, { now, listPatient }) {
  const deps = (q) => ({ db: q, now: () => now });
  const reception = { user: { _id: '00000000-0000-4000-8000-00000000d35c', email: 'desk@clinic-bench.example' }, role: 'reception', doctorId: null, doctorName: null };
  const has = (answer) => answer.hits.some((h) => h.patient._id === listPatient.id);
  const forms = [
    { id: 'searchName', label: `desk search, a surname's start ("${listPatient.last.slice(0, 4).toLowerCase()}")`, text: listPatient.last.slice(0, 4).toLowerCase(), finds: (answer) => answer.hits.length > 0 },
    { id: 'searchLast4', label: `desk search, a phone's last 4 digits ("${listPatient.phone.slice(-4)}")`, text: listPatient.phone.slice(-4), finds: has },
    { id: 'searchPhone', label: 'desk search, a whole phone number', text: `${listPatient.phone.slice(0, 5)} ${listPatient.phone.slice(5)}`, finds: has },
    // The number is known once the small state is filled.
    { id: 'searchNumber', label: 'desk search, an appointment number', text: () => listPatient.appointmentNumber, finds: has },
  ];
  return forms.map((form) => ({
    ...form,
    search: true,
    budget: SEARCH_BUDGETS.ratio,
    p95Budget: SEARCH_BUDGETS.p95,
    run: (q) => searchPatients(deps(q), reception, typeof form.text === 'function' ? form.text() : form.text),
  }));
}

/**
 * The settled payment of every paid appointment not yet paid for (the fill's appointments carry a
 * payment id but no payments row): a provider payment of the fee, settled when it was booked.
 * The owner's view sums these (server/insights, moneyGroups).
 */
function fillPayments(client) {
  return client.query(
    `insert into payments (merchant_order_id, provider, purpose, appointment_id, user_id, amount_paise, status, created_at, updated_at, settled_at)
     select a.payment_id, 'phonepe', 'appointment', a.id, a.user_id, 50000, 'paid', a.created_at, a.created_at, a.created_at
       from appointments a
      where a.payment_status = 'paid' and a.payment_id is not null
        and not exists (select 1 from payments p where p.merchant_order_id = a.payment_id)`,
  );
}

/**
 * The owner's view (server/insights/service.ts `insights`, every statement of one answer) as an
 * admin asks for it: the last 30 days by day, the last 90 days by week, the last 365 days by month (the longest period it
 * answers), and the last 30 days of one doctor. Its answers grow with the table (more bookings in
 * the period), so they are not compared across sizes: each must count some bookings at both.
 * Budget: p95 at the large size 300 ms (docs/insights.md); the ratio is printed, with a budget of
 * the rows the period holds at the two sizes (BUDGETS.insightsRatio, docs/performance.md).
 */
function insightsStatements(createInsightsService, { yesterday, addDays }) {
  const admin = { user: { _id: '00000000-0000-4000-8000-0000000a0035', email: 'owner@clinic-bench.example' }, role: 'admin', doctorId: null, doctorName: null };
  const views = [
    { id: 'insightsMonth', label: 'insights, 30 days by day, the whole clinic', query: () => ({ from: addDays(yesterday, -29), to: yesterday, grain: 'day' }) },
    { id: 'insightsQuarter', label: 'insights, 90 days by week, the whole clinic', query: () => ({ from: addDays(yesterday, -89), to: yesterday, grain: 'week' }) },
    { id: 'insightsYear', label: 'insights, 365 days by month, the whole clinic', query: () => ({ from: addDays(yesterday, -364), to: yesterday, grain: 'month' }) },
    { id: 'insightsDoctor', label: 'insights, 30 days by week, one doctor', query: (doctorId) => ({ from: addDays(yesterday, -29), to: yesterday, grain: 'week', doctorId }) },
  ];
  let doctorId = null;
  return views.map((view) => ({
    ...view,
    budget: BUDGETS.insightsRatio,
    p95Budget: INSIGHTS_P95_MS,
    finds: (answer) => answer.current.consultations.booked > 0 && answer.current.revenue.fees > 0,
    run: async (q) => {
      if (view.id === 'insightsDoctor' && doctorId === null) {
        doctorId = (await q.query(`select id from doctors where active order by email limit 1`)).rows[0].id;
      }
      return createInsightsService({ db: q }).insights(admin, view.query(doctorId));
    },
  }));
}

export default {
  id: 'scale',
  title: 'Scale run: slot, availability, patient list, staff day and desk search statements at 1k and 1M appointments (100k patients), PostgreSQL',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const adminUrl = benchPostgresUrl();
    if (!adminUrl) {
      ctx.log('  PostgreSQL skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set; the scale run needs PostgreSQL');
      ctx.log('  (PGlite at a million rows is out of scope: docs/performance.md, "How to measure")');
      return { figures: [], details: { skipped: 'no PostgreSQL' } };
    }
    const large = positiveEnv('BENCH_SCALE_APPOINTMENTS', 1_000_000);
    const users = positiveEnv('BENCH_SCALE_USERS', 100_000);
    const small = positiveEnv('BENCH_SCALE_SMALL', 1000);
    const calls = positiveEnv('BENCH_SCALE_CALLS', 200);
    const warmup = Math.max(10, Math.round(calls / 10));
    if (small < 400 || small >= large) throw new Error(`BENCH_SCALE_SMALL (${small}) must be at least 400 and below BENCH_SCALE_APPOINTMENTS (${large})`);
    const smallUsers = Math.max(100, Math.round((users * small) / large));
    if (users <= smallUsers) throw new Error(`BENCH_SCALE_USERS (${users}) must be above ${smallUsers}`);

    const built = (path) => import(pathToFileURL(join(ctx.root, 'dist/node', path)).href);
    const [{ openPostgres }, { prepareDatabase }, { loadDaySchedule }, { loadAvailability }, { listUserAppointments, listAppointmentsBetween }, time, { lastBookableDate }, { defaultBookingHorizonDays }, { availabilityWindowDays }, { searchPatients }, { createInsightsService }] =
      await Promise.all([
        built('server/db/postgres.js'),
        built('server/startup.js'),
        built('server/repositories/daySchedule.js'),
        built('server/repositories/availability.js'),
        built('server/repositories/appointmentLists.js'),
        built('contract/clinicTime.js'),
        built('server/services/schedule.js'),
        built('server/config.js'),
        built('contract/availability.js'),
        built('server/desk/patients.js'),
        built('server/insights/service.js'),
      ]);
    const { pickRequest } = await import('./slots.mjs');
    const seed = JSON.parse(readFileSync(join(ctx.root, 'server/seed/demo-clinic.json'), 'utf8'));

    // One `now` for every call at both sizes, so that the answers can be compared.
    const now = new Date();
    const clock = time.clinicClock(now);
    const today = clock.date;
    const last = lastBookableDate(now, defaultBookingHorizonDays);
    const stripEnd = time.addDays(today, availabilityWindowDays - 1);
    const request = pickRequest(seed, now); // the measured doctor, clinic and day (as `slots`)
    const futureFrom = time.addDays(stripEnd, 1);
    const futureDays = time.daysBetween(futureFrom, last) + 1;
    const yesterday = time.addDays(today, -1);
    ctx.log(`  ${request.email} at ${request.location} on ${request.date}; strip ${today}..${stripEnd}; ${calls} calls each after ${warmup}`);

    const { default: pg } = await import('pg');
    const database = await freshPostgres(adminUrl);
    let app;
    let client;
    try {
      app = await openPostgres({ connectionString: database.url, max: 2 });
      await prepareDatabase(app, { seedFile: join(ctx.root, 'server/seed/demo-clinic.json') });
      client = new pg.Client({ connectionString: database.url, options: '-c jit=off' });
      await client.connect();

      // The list patient: their id and the number of their booking on the measured day, once filled.
      const listPatient = { ...LIST_PERSON, id: '', appointmentNumber: '' };
      const statements = [
        { id: 'slots', label: 'slot list (loadDaySchedule)', budget: BUDGETS.slots,
          run: (q) => loadDaySchedule(q, { doctorEmail: request.email, location: request.location, date: request.date, weekday: time.weekdayOf(request.date), now }) },
        { id: 'availability', label: 'availability strip (loadAvailability)', budget: BUDGETS.availability,
          run: (q) => loadAvailability(q, { doctorEmail: request.email, place: request.location, from: today, to: stripEnd < last ? stripEnd : last, today, nowMinutes: clock.minutes, last, now, viewerId: null }) },
        { id: 'userList', label: "patient's list (listUserAppointments)", budget: BUDGETS.userList, run: (q) => listUserAppointments(q, listPatient.id) },
        { id: 'staffDay', label: 'staff day (listAppointmentsBetween)', budget: BUDGETS.staffDay,
          run: (q) => listAppointmentsBetween(q, { from: request.date, to: request.date, doctorId: null, locationId: null }) },
        ...searchStatements(searchPatients, { now, listPatient }),
        ...insightsStatements(createInsightsService, { yesterday, addDays: time.addDays }),
      ].map((s) => ({ ...s, ...recording(app) }));
      for (const s of statements) {
        s.call = () => {
          s.start();
          return s.run(s.q);
        };
      }

      const fillOpts = { yesterday, futureFrom, futureDays, now };
      const vacuum = () => client.query('vacuum analyze users, appointments, payments');
      const patients = async () => (await client.query(`select count(*)::int as n from users where role = 'patient'`)).rows[0].n;

      // The small state.
      let t0 = Date.now();
      await fillUsers(client, 0, smallUsers);
      const own = await fillMeasuredDays(client, { from: today, to: stripEnd, doctorEmail: request.email, day: request.date, now, yesterday, users: smallUsers });
      listPatient.id = own.listId;
      listPatient.appointmentNumber = (
        await client.query(`select appointment_number from appointments where user_id = $1 and date = $2::date and start_time = '10:00'`, [own.listId, request.date])
      ).rows[0].appointment_number;
      const generatedSmall = small - own.rows;
      await fillAppointments(client, 0, generatedSmall, { ...fillOpts, users: smallUsers });
      await fillPayments(client);
      await vacuum();
      const smallFillMs = Date.now() - t0;
      const smallSizes = await tableSizes(client);
      const smallPatients = await patients();
      ctx.log(`  small: ${smallUsers + 1} users (${smallPatients} patients), ${small} appointments (${own.rows} on the measured days or the listed patient's) in ${seconds(smallFillMs)}`);
      const atSmall = await measure(statements, client, { calls, warmup });

      // Grown.
      t0 = Date.now();
      await fillUsers(client, smallUsers, users);
      const usersMs = Date.now() - t0;
      await fillAppointments(client, generatedSmall, large - own.rows, { ...fillOpts, users });
      await fillPayments(client);
      const appointmentsMs = Date.now() - t0 - usersMs;
      await vacuum();
      const largeFillMs = Date.now() - t0;
      const largeSizes = await tableSizes(client);
      const { rows: counted } = await client.query(
        `select (select count(*) from users)::int as users, (select count(*) from appointments)::int as appointments,
                (select count(*) from appointments where date > $1::date)::int as future`,
        [yesterday],
      );
      const c = counted[0];
      const largePatients = await patients();
      ctx.log(
        `  grown to ${c.users} users (${largePatients} patients), ${c.appointments} appointments (${c.future} today or later) in ${seconds(largeFillMs)} ` +
          `(users ${seconds(usersMs)}, appointments ${seconds(appointmentsMs)}, vacuum analyze ${seconds(largeFillMs - usersMs - appointmentsMs)})`,
      );
      const mib = (b) => `${(b / 2 ** 20).toFixed(1)} MiB`;
      for (const name of ['appointments', 'users']) {
        ctx.log(`  ${name}: table ${mib(smallSizes[name].tableBytes)} -> ${mib(largeSizes[name].tableBytes)}, indexes ${mib(smallSizes[name].indexBytes)} -> ${mib(largeSizes[name].indexBytes)}`);
      }
      const atLarge = await measure(statements, client, { calls, warmup });

      const S = count(small);
      const L = count(c.appointments);
      const figures = [];
      const details = { now: now.toISOString(), request, small: { users: smallUsers + 1, patients: smallPatients, appointments: small, fillMs: smallFillMs, sizes: smallSizes }, large: { ...c, patients: largePatients, fillMs: largeFillMs, usersMs, appointmentsMs, sizes: largeSizes }, calls, warmup, statements: {} };
      const differ = [];
      const sizes = { appointments: [S, L], patients: [`${count(smallPatients)} patients`, `${count(largePatients)} patients`] };
      for (const s of statements) {
        const compared = compare(s, atSmall[s.id], atLarge[s.id], s.search ? sizes.patients : sizes.appointments);
        if (compared.differ) differ.push(compared.differ);
        ctx.log(compared.line);
        figures.push(...compared.figures);
        details.statements[s.id] = compared.details;
      }
      // The measured days' rows are the same at both sizes, or the comparison means nothing.
      if (differ.length) throw new Error(differ.join('\n'));
      // Each form of the search is an index search: at the large size no plan of it reads users or appointments whole.
      const whole = statements.filter((s) => s.search).flatMap((s) => atLarge[s.id].wholeTables.filter((t) => t === 'users' || t === 'appointments').map((t) => `${s.id}: ${t}`));
      figures.push({ name: `scale: desk search plans reading users or appointments whole at ${sizes.patients[1]}`, value: whole.length, unit: 'count', display: whole.length ? whole.join(', ') : '0', budget: { max: 0 } });
      figures.push(
        { name: `scale: fill to ${L} (users, appointments, vacuum)`, value: largeFillMs, unit: 'ms', display: seconds(largeFillMs) },
        { name: `scale: appointments table + indexes at ${L}`, value: largeSizes.appointments.tableBytes + largeSizes.appointments.indexBytes, unit: 'bytes', display: mib(largeSizes.appointments.tableBytes + largeSizes.appointments.indexBytes) },
      );
      return { figures, details };
    } finally {
      await client?.end().catch(() => undefined);
      await app?.close().catch(() => undefined);
      if (process.env.BENCH_SCALE_KEEP === '1') ctx.log(`  BENCH_SCALE_KEEP=1: the database ${database.name} is kept; drop it yourself`);
      else await database.drop().catch((error) => ctx.log(`  could not drop ${database.name}: ${error instanceof Error ? error.message : String(error)}`));
    }
  },
};
