/**
 * With TEST_CPU_PER_FILE set, each server test file's CPU (user + system of the worker, and of
 * the child processes it waited for, from /proc/self/stat) is written to
 * .tmp/test-results/cpu-files/<file>.json: the files of a worker run one at a time, so the
 * difference between beforeAll and afterAll is the file's (docs/performance.md, "Test run").
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

function cpuTicks(): { own: number; children: number } | null {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

export function recordCpuPerFile(): void {
  if (!process.env.TEST_CPU_PER_FILE) return;
  let start: { own: number; children: number } | null = null;
  let startedAt = 0;
  beforeAll(() => {
    start = cpuTicks();
    startedAt = Date.now();
  });
  afterAll(() => {
    const end = cpuTicks();
    const file = expect.getState().testPath ?? 'unknown';
    if (!start || !end) return;
    const dir = path.resolve('.tmp/test-results/cpu-files');
    mkdirSync(dir, { recursive: true });
    const name = `${path.basename(file)}-${process.env.TEST_DATABASE_URL ? 'pg' : 'pglite'}.json`;
    writeFileSync(
      path.join(dir, name),
      JSON.stringify({ file: path.relative(process.cwd(), file), cpu: (end.own - start.own) / 100, children: (end.children - start.children) / 100, wall: (Date.now() - startedAt) / 1000 }),
    );
  });
}
