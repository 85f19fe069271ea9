// (f) Chat consultations, on the real built server with PGlite (fresh DATA_DIR), in one
// run:
// 1. idle chat streams (GET /api/appointment/{id}/chat/stream, Server-Sent Events) held by one
//    instance: BENCH_CHAT_IDLE streams (1000) opened by the 200 patients on their own
//    conversations, each answered 200 and ': open'; the server's resident memory (RSS, /proc)
//    before and after, divided by the streams: memory per idle connection;
// 2. message delivery latency at 200 open conversations: each conversation with its patient's and
//    its doctor's stream open (400 streams), each patient sends BENCH_CHAT_ROUNDS (3) texts (POST
//    .../chat/messages, BENCH_CHAT_CONCURRENCY (10) in flight at once); latency is from the POST
//    being sent to the message arriving on the doctor's stream (commit, NOTIFY, the stream's read
//    and its write). p50, p99, max. A message that never arrives within 15 s fails the figure.
//
// The database is prepared before the server starts, with the built server's own modules (as the
// browser suites' prepared sites do): 200 patients with a paid Chat appointment each with the
// demo clinic's online doctor, all started earlier today or before (open: a chat stays open until
// the doctor completes it), at distinct minutes (one doctor, one slot each); the doctor's account;
// a login token for each. CHAT_MESSAGES_PER_MINUTE stays the default (30 per person): a patient
// sends 3.
//
// Also printed, without a budget: the time from the POST's answer (the message committed) to its
// arrival on the other stream (0 when the stream was first), which shows how much of the delivery
// is the write itself (PGlite runs one query at a time) and how much the fan-out.
//
// Budgets: from two runs on the shared 2-core machine (2026-11-24, other helpers' builds and test
// suites running at the same time), about twice the worst figure seen, so that they catch a leak
// or a stall several times worse, not a few per cent; on a quiet machine they should be measured
// again. The figures seen are in docs/consultations.md ("Chat: figures").
import { rmSync } from 'node:fs';
import { prepareOnlineAppointments } from '../lib/onlineAppointments.mjs';
import { openEventStream } from '../lib/sse.mjs';
import { limited, median, percentile, positiveEnv as positive, sleep } from '../lib/util.mjs';

export const BUDGETS = {
  /** Every idle stream asked for is held. */
  idleHeld: 1000,
  /** KiB of server RSS per idle stream (RSS, so the heap's growth too: noisy). */
  kibPerStream: 80,
  /** ms, send to arrival on the other party's stream, p99 at 200 conversations. */
  deliveryP99: 4000,
};

const CONVERSATIONS = 200;
/** The conversations, their patients' tokens and the doctor's (Chat patients "Patient <i>"), written before the server starts. */
async function prepare(root, dataDir) {
  // Started 20 + i minutes ago: open (a chat is open until the doctor completes it).
  const { appointments, doctorToken } = await prepareOnlineAppointments({ root, dataDir, count: CONVERSATIONS, type: 'Chat', name: 'patient', numberBase: 800000, minuteOf: (i) => -(20 + i) });
  return { conversations: appointments, doctorToken };
}

/**
 * Opens one chat stream; resolves once the server said ': open'. `onMessage(data)` gets each
 * message event's data (JSON text). `close()` ends it.
 */
const openStream = (base, appointmentId, token, onMessage = () => undefined) =>
  openEventStream(base, `/api/appointment/${appointmentId}/chat/stream`, { authorization: `Bearer ${token}` }, (name, data) => {
    if (name === 'message' && data) onMessage(data);
  });

export default {
  id: 'chat',
  title: 'Chat: idle SSE streams held by one instance (memory per stream) and delivery p99 at 200 open conversations, PGlite',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const idle = positive('BENCH_CHAT_IDLE', 1000);
    const rounds = positive('BENCH_CHAT_ROUNDS', 3);
    const concurrency = positive('BENCH_CHAT_CONCURRENCY', 10);
    const dataDir = ctx.server.tempDataDir('clinic-bench-chat-');
    /** @type {{ close: () => void }[]} */
    const streams = [];
    let server;
    try {
      const t0 = Date.now();
      const { conversations, doctorToken } = await prepare(ctx.root, dataDir);
      ctx.log(`  prepared ${conversations.length} open Chat conversations in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      // Every stream comes from this machine's one address, all on one instance: the caps per
      // client address and in all (CHAT_STREAMS_PER_CLIENT, CHAT_STREAMS_TOTAL) are raised to hold them.
      const caps = { CHAT_STREAMS_PER_CLIENT: String(idle + 100), CHAT_STREAMS_TOTAL: String(idle + 100) };
      server = await ctx.startServer({ dataDir, env: { ...caps, ...(process.env.BENCH_CHAT_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_CHAT_LOG_LEVEL } : {}) } });

      // Warm: each route once, then the memory before.
      const first = conversations[0];
      const warm = await fetch(`${server.url}/api/appointment/${first.id}/chat`, { headers: { authorization: `Bearer ${first.token}` } });
      if (warm.status !== 200) throw new Error(`GET chat answered ${warm.status}: ${(await warm.text()).slice(0, 300)}`);
      await warm.arrayBuffer();
      const warmStream = await openStream(server.url, first.id, first.token);
      warmStream.close();
      await sleep(1_000);
      const rssBefore = ctx.server.rssBytes(server.pid);

      // 1. Idle streams, opened 50 at a time.
      const openStart = Date.now();
      const opened = await limited(
        Array.from({ length: idle }, (_, i) => () => {
          const c = conversations[i % conversations.length];
          return openStream(server.url, c.id, c.token).then(
            (s) => (streams.push(s), true),
            () => false,
          );
        }),
        50,
      );
      const held = opened.filter(Boolean).length;
      const openSeconds = (Date.now() - openStart) / 1000;
      await sleep(2_000);
      const rssIdle = ctx.server.rssBytes(server.pid);
      if (rssBefore === null || rssIdle === null) throw new Error('could not read the server RSS (/proc)');
      const perStream = (rssIdle - rssBefore) / Math.max(held, 1);
      ctx.log(`  idle: ${held} of ${idle} streams held (opened in ${openSeconds.toFixed(1)} s); RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(rssIdle / 2 ** 20).toFixed(0)} MiB, ${(perStream / 1024).toFixed(1)} KiB per stream`);
      for (const s of streams.splice(0)) s.close();
      await sleep(1_000);

      // 2. Delivery at 200 open conversations: both parties' streams open.
      /** @type {Map<string, (at: number) => void>} */
      const waiting = new Map();
      const onDoctorMessage = (data) => {
        const text = JSON.parse(data).text;
        waiting.get(text)?.(performance.now());
      };
      await limited(
        conversations.flatMap((c) => [
          () => openStream(server.url, c.id, doctorToken, onDoctorMessage).then((s) => streams.push(s)),
          () => openStream(server.url, c.id, c.token).then((s) => streams.push(s)),
        ]),
        50,
      );
      ctx.log(`  ${streams.length} streams open for ${conversations.length} conversations; ${rounds} rounds of ${conversations.length} messages, ${concurrency} in flight`);
      const latencies = [];
      const postTimes = [];
      const afterCommit = [];
      let missing = 0;
      for (let round = 0; round < rounds; round++) {
        await limited(
          conversations.map((c, i) => async () => {
            const text = `bench round ${round} conversation ${i}`;
            const arrived = new Promise((resolve) => waiting.set(text, resolve));
            const sent = performance.now();
            const answer = await fetch(`${server.url}/api/appointment/${c.id}/chat/messages`, {
              method: 'POST',
              headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ text }),
            });
            const body = await answer.text();
            if (answer.status !== 200) throw new Error(`POST message answered ${answer.status}: ${body.slice(0, 300)}`);
            const answered = performance.now();
            postTimes.push(answered - sent);
            const at = await Promise.race([arrived, sleep(15_000).then(() => null)]);
            waiting.delete(text);
            if (at === null) missing += 1;
            else {
              latencies.push(at - sent);
              afterCommit.push(Math.max(0, at - answered));
            }
          }),
          concurrency,
        );
      }
      if (missing > 0) throw new Error(`${missing} of ${rounds * conversations.length} messages never reached the doctor's stream within 15 s`);
      latencies.sort((a, b) => a - b);
      postTimes.sort((a, b) => a - b);
      afterCommit.sort((a, b) => a - b);
      const commitP99 = percentile(afterCommit, 99);
      const p50 = median(latencies);
      const p99 = percentile(latencies, 99);
      const max = latencies.at(-1);
      ctx.log(`  delivery: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${latencies.length} messages (the POST's own answer: p50 ${median(postTimes).toFixed(1)} ms, p99 ${percentile(postTimes, 99).toFixed(1)} ms; answer to arrival p99 ${commitP99.toFixed(1)} ms)`);

      return {
        figures: [
          { name: 'chat: idle streams held by one instance', value: held, unit: 'streams', display: `${held}`, budget: { min: BUDGETS.idleHeld } },
          { name: 'chat: server memory per idle stream', value: perStream / 1024, unit: 'KiB', display: `${(perStream / 1024).toFixed(1)} KiB`, budget: { max: BUDGETS.kibPerStream } },
          { name: 'chat: delivery p50, 200 conversations', value: p50, unit: 'ms', display: `${p50.toFixed(1)} ms` },
          { name: 'chat: delivery p99, 200 conversations', value: p99, unit: 'ms', display: `${p99.toFixed(1)} ms`, budget: { max: BUDGETS.deliveryP99 } },
          { name: 'chat: committed to arrival p99, 200 conv.', value: commitP99, unit: 'ms', display: `${commitP99.toFixed(1)} ms` },
        ],
        details: {
          idle: { asked: idle, held, openSeconds, rssBefore, rssIdle, bytesPerStream: perStream },
          delivery: { conversations: conversations.length, streams: streams.length, rounds, concurrency, messages: latencies.length, p50, p99, max, postP50: median(postTimes), postP99: percentile(postTimes, 99), afterCommitP99: commitP99 },
        },
      };
    } finally {
      for (const s of streams) s.close();
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
