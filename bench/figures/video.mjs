// (g) The portal's own video (VIDEO_PROVIDER=portal), on the real built server with PGlite (fresh
// DATA_DIR), one instance, in one run:
// 1. server memory per waiting call: BENCH_VIDEO_CALLS (100) patients each join their Video
//    (POST .../video/join) and open its signalling stream (GET .../video/stream, Server-Sent
//    Events), as a patient in the waiting room does; the server's resident memory (RSS, /proc:
//    the heap's growth and the sockets' buffers together) before and after, divided by the calls;
// 2. server memory per live call: then the doctor joins each of them, opens its stream and admits
//    the patient (both seats taken, both streams open, admitted): RSS from the same start, divided
//    by the calls. The media never passes the server, so this is what a live call costs it;
// 3. signalling latency, offer to answer relayed through the server: in each live call the
//    patient POSTs an offer (an SDP-sized body, BENCH_VIDEO_ROUNDS (3) per call,
//    BENCH_VIDEO_CONCURRENCY (10) calls at once); the doctor's stream gets it and the doctor POSTs
//    the answer at once; latency is from the offer's POST being sent to the answer arriving on
//    the patient's stream (two writes, two NOTIFYs, two stream reads). p50, p99. An answer that
//    never arrives within 15 s fails the figure. Across instances (PostgreSQL's LISTEN/NOTIFY) the
//    chat's figure shows the same path's cost.
//
// The database is prepared before the server starts, with the built server's own modules: the
// calls' patients with a paid Video each with the demo clinic's online doctor, at distinct minutes
// around now, with the join window widened (JOIN_OPENS_MINUTES_BEFORE=120,
// JOIN_CLOSES_MINUTES_AFTER=240) so that all are open; the doctor's account; a login token each.
//
// Budgets: from the first run on the shared 2-core machine (2026-12-07, load average 10 to 20
// from other helpers' builds and suites), about twice the figure seen, to catch a leak or a stall
// several times worse, not a few per cent; docs/consultations.md ("Video: figures") has the figures.
import { rmSync } from 'node:fs';
import { prepareOnlineAppointments } from '../lib/onlineAppointments.mjs';
import { openEventStream } from '../lib/sse.mjs';
import { limited, median, percentile, positiveEnv as positive, sleep } from '../lib/util.mjs';

export const BUDGETS = {
  /** KiB of server RSS per waiting patient (a seat and a stream). */
  kibPerWaiting: 400,
  /** KiB of server RSS per live call (two seats, two streams, admitted). */
  kibPerLive: 700,
  /** ms, offer sent to the answer's arrival, p99. */
  offerAnswerP99: 2500,
};

/** An SDP offer's size as Chromium makes one for audio and video (about 4 KB). */
const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 192.0.2.2 50000 typ host generation 0\r\n'.repeat(55)}`;

/** POST .../video/<what> as `token`; throws unless 200. */
async function post(base, id, what, token, body) {
  const answer = await fetch(`${base}/api/appointment/${id}/video/${what}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`POST video/${what} answered ${answer.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Takes a seat with a new tab and opens its stream; `onSignal(signal, at)` gets each message. */
async function seat(base, id, token, tab, onSignal) {
  const joined = await post(base, id, 'join', token, { tab });
  const stream = await openEventStream(base, `/api/appointment/${id}/video/stream?tab=${tab}`, { authorization: `Bearer ${token}`, 'Last-Event-ID': joined.after }, (name, data, at) => {
    if (name === 'message' && data) onSignal(JSON.parse(data), at);
  });
  return { tab, stream };
}

export default {
  id: 'video',
  title: "The portal's video: server memory per waiting and per live call, offer-to-answer signalling latency, PGlite",
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const count = Math.min(positive('BENCH_VIDEO_CALLS', 100), 300);
    const rounds = positive('BENCH_VIDEO_ROUNDS', 3);
    const concurrency = positive('BENCH_VIDEO_CONCURRENCY', 10);
    const dataDir = ctx.server.tempDataDir('clinic-bench-video-');
    const streams = [];
    let server;
    try {
      // From 100 minutes ago, a minute apart: inside the widened join window.
      const { appointments: calls, doctorToken } = await prepareOnlineAppointments({ root: ctx.root, dataDir, count: count + 1, type: 'Video', name: 'video', numberBase: 700000, minuteOf: (i) => i - 100 });
      const warmCall = calls.pop();
      const caps = { CHAT_STREAMS_PER_CLIENT: String(2 * count + 100), CHAT_STREAMS_TOTAL: String(2 * count + 100) };
      server = await ctx.startServer({ dataDir, env: { ...caps, JOIN_OPENS_MINUTES_BEFORE: '120', JOIN_CLOSES_MINUTES_AFTER: '240' } });
      const base = server.url;
      // Warm: each route once, then the memory before.
      const warm = await seat(base, warmCall.id, warmCall.token, 'bench-warm-patient-tab', () => undefined);
      warm.stream.close();
      await sleep(1_000);
      const rssBefore = ctx.server.rssBytes(server.pid);

      /** Who waits for which signal: `${call}:${kind}:${n}` -> resolve(at). */
      const waiting = new Map();
      const arrive = (i, side) => (s, at) => waiting.get(`${i}:${side}:${s.kind}:${s.body?.n}`)?.(at, s);
      const doctorTabs = [];
      // 1. The patients wait.
      await limited(calls.map((c, i) => () => seat(base, c.id, c.token, `bench-patient-tab-${i}`, arrive(i, 'patient')).then((s) => streams.push(s.stream))), 20);
      await sleep(2_000);
      const rssWaiting = ctx.server.rssBytes(server.pid);
      // 2. The doctor joins each call and admits its patient.
      await limited(
        calls.map((c, i) => async () => {
          const s = await seat(base, c.id, doctorToken, `bench-doctor-tab-${i}`, arrive(i, 'doctor'));
          streams.push(s.stream);
          doctorTabs[i] = s.tab;
          await post(base, c.id, 'admit', doctorToken, { tab: s.tab });
        }),
        20,
      );
      await sleep(2_000);
      const rssLive = ctx.server.rssBytes(server.pid);
      if (rssBefore === null || rssWaiting === null || rssLive === null) throw new Error('could not read the server RSS (/proc)');
      const perWaiting = (rssWaiting - rssBefore) / count;
      const perLive = (rssLive - rssBefore) / count;
      ctx.log(`  ${count} calls: RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(rssWaiting / 2 ** 20).toFixed(0)} MiB waiting (${(perWaiting / 1024).toFixed(1)} KiB each) -> ${(rssLive / 2 ** 20).toFixed(0)} MiB live (${(perLive / 1024).toFixed(1)} KiB each)`);

      // 3. Offer -> answer through the server.
      const latencies = [];
      let missing = 0;
      let n = 0;
      for (let round = 0; round < rounds; round++) {
        await limited(
          calls.map((c, i) => async () => {
            const key = ++n;
            // The doctor answers as soon as the offer arrives.
            waiting.set(`${i}:doctor:offer:${key}`, () => void post(base, c.id, 'signal', doctorToken, { tab: doctorTabs[i], kind: 'answer', body: { type: 'answer', sdp, n: key } }));
            const answered = new Promise((resolve) => waiting.set(`${i}:patient:answer:${key}`, resolve));
            const sent = performance.now();
            await post(base, c.id, 'signal', c.token, { tab: `bench-patient-tab-${i}`, kind: 'offer', body: { type: 'offer', sdp, n: key } });
            const at = await Promise.race([answered, sleep(15_000).then(() => null)]);
            waiting.delete(`${i}:doctor:offer:${key}`);
            waiting.delete(`${i}:patient:answer:${key}`);
            if (at === null) missing += 1;
            else latencies.push(at - sent);
          }),
          concurrency,
        );
      }
      if (missing > 0) throw new Error(`${missing} of ${rounds * count} answers never reached the patient's stream within 15 s`);
      latencies.sort((a, b) => a - b);
      const p50 = median(latencies);
      const p99 = percentile(latencies, 99);
      ctx.log(`  offer -> answer: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms over ${latencies.length} exchanges, ${concurrency} calls at once`);
      const kib = (bytes) => bytes / 1024;
      return {
        figures: [
          { name: 'video: server memory per waiting call', value: kib(perWaiting), unit: 'KiB', display: `${kib(perWaiting).toFixed(1)} KiB`, budget: { max: BUDGETS.kibPerWaiting } },
          { name: 'video: server memory per live call', value: kib(perLive), unit: 'KiB', display: `${kib(perLive).toFixed(1)} KiB`, budget: { max: BUDGETS.kibPerLive } },
          { name: 'video: offer -> answer p50', value: p50, unit: 'ms', display: `${p50.toFixed(1)} ms` },
          { name: 'video: offer -> answer p99', value: p99, unit: 'ms', display: `${p99.toFixed(1)} ms`, budget: { max: BUDGETS.offerAnswerP99 } },
        ],
        details: { calls: count, rounds, concurrency, rssBefore, rssWaiting, rssLive, bytesPerWaiting: perWaiting, bytesPerLive: perLive, exchanges: latencies.length, p50, p99, max: latencies.at(-1) },
      };
    } finally {
      for (const s of streams) s.close();
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
