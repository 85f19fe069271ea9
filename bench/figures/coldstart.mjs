// (c) Server cold start: from spawning `node dist/server/main.js` to its first 200 on
// /api/super/locations, on an empty DATA_DIR (migrations and demo seed) and on an existing one
// (a restart), several runs each; and the server's resident memory once it answers, over all
// starts and for restarts alone. An empty DATA_DIR holds more (PGlite's initdb grows WebAssembly
// memory, which never shrinks); the budget of 300 MiB applies to a restart, the usual start.
// Budgets on the times: a restart within 1 s and an empty start within 4 s.
// They are wall-clock times of one process and the host's load moves them (several-fold on the
// shared host of 2026-11-24; docs/performance.md): a busy host shows OVER there first.
import { rmSync } from 'node:fs';
import { mib, median, sleep } from '../lib/util.mjs';

export default {
  id: 'coldstart',
  title: 'Server cold start to first answer, and memory',
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const runs = Math.max(1, Number(process.env.BENCH_COLDSTART_RUNS ?? 5));
    const { startServer, tempDataDir, rssBytes } = ctx.server;

    /** One start: time to first answer, RSS then and a second later. */
    const once = async (dataDir) => {
      const server = await startServer({ dataDir, pollMs: 10 });
      try {
        const rssReady = rssBytes(server.pid);
        await sleep(1_000);
        const rssSettled = rssBytes(server.pid);
        return { ms: server.readyMs, rssReady, rssSettled };
      } finally {
        await server.stop();
      }
    };

    const empty = [];
    for (let i = 0; i < runs; i++) {
      const dir = tempDataDir('clinic-bench-empty-');
      try {
        empty.push(await once(dir));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const existing = [];
    const dir = tempDataDir('clinic-bench-existing-');
    try {
      await once(dir); // seeds it; not counted
      for (let i = 0; i < runs; i++) existing.push(await once(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const ms = (list) => list.map((r) => Math.round(r.ms));
    ctx.log(`  empty DATA_DIR:    ${ms(empty).join(', ')} ms`);
    ctx.log(`  existing DATA_DIR: ${ms(existing).join(', ')} ms`);
    const all = [...empty, ...existing];
    const rssReady = median(all.map((r) => r.rssReady ?? NaN));
    const rssSettled = median(all.map((r) => r.rssSettled ?? NaN));
    const rssRestart = median(existing.map((r) => r.rssReady ?? NaN));
    const emptyMedian = median(empty.map((r) => r.ms));
    const existingMedian = median(existing.map((r) => r.ms));
    return {
      figures: [
        { name: `cold start, empty DATA_DIR (median of ${runs})`, value: emptyMedian, unit: 'ms', display: `${Math.round(emptyMedian)} ms`, budget: { max: 4000 } },
        { name: `cold start, existing DATA_DIR (median of ${runs})`, value: existingMedian, unit: 'ms', display: `${Math.round(existingMedian)} ms`, budget: { max: 1000 } },
        { name: 'server RSS at first answer (median)', value: rssReady, unit: 'bytes', display: mib(rssReady) },
        { name: 'server RSS 1 s later (median)', value: rssSettled, unit: 'bytes', display: mib(rssSettled) },
        { name: 'server RSS at first answer, existing DATA_DIR (median)', value: rssRestart, unit: 'bytes', display: mib(rssRestart), budget: { max: 300 * 2 ** 20 } },
      ],
      details: { runs, empty, existing },
    };
  },
};
