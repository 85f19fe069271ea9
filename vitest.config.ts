import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import viteConfig from './vite.config.ts';
import { serverFilesWithMocks } from './tests/server/isolatedFiles.ts';

/**
 * The server suite's network-namespace walk (tests/server/google.netns.test.ts) adds and removes a
 * veth pair; Chromium, running the browser suite in the other lane of `npm test` at the same time,
 * fails its page loads with net::ERR_NETWORK_CHANGED when that happens. Run it first, so it is
 * done long before the browser suite starts (after typecheck, unit and its build: about two
 * minutes; the walk takes about 30 s).
 */
class NetworkNamespacesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const changesNetwork = (f: TestSpecification) => f.moduleId.endsWith('.netns.test.ts');
    return [...sorted.filter(changesNetwork), ...sorted.filter((f) => !changesNetwork(f))];
  }
}

// Suites by kind: each runs in the environment it needs. The browser suite (tests/e2e) starts
// a real server and a Chromium per file; files run side by side (each on its own port, DATA_DIR
// and browser profile), as a file spends most of its time waiting on the page, not computing.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      sequence: { sequencer: NetworkNamespacesFirst },
      projects: [
        {
          extends: true,
          // Property and path tests run thousands of cases: give them room on a busy 2-core machine.
          // The files share their workers' modules (no isolation): they test pure functions and
          // machines, restore the timers and globals they fake, and so need no fresh module
          // graph each; that cuts the suite's CPU to about a third (76 -> 28 CPU-s, docs/performance.md).
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
            environment: 'node',
            testTimeout: 30_000,
            isolate: false,
          },
        },
        // The views' files share their worker's modules and jsdom too (no isolation: 115 -> 66
        // CPU-s, docs/performance.md). tests/component/setup.ts, run before each file, cleans
        // the DOM, toasts, timers and mocks after every test; a file that changes the language
        // or a global puts it back after each of its tests.
        {
          extends: true,
          test: {
            name: 'component',
            include: ['tests/component/**/*.test.tsx'],
            environment: 'jsdom',
            testTimeout: 30_000,
            setupFiles: ['tests/component/setup.ts'],
            isolate: false,
          },
        },
        // The server suite's files share their worker's modules (no isolation): each file used to
        // load the whole server, fastify, pdfkit and PGlite's WASM again, a third of the suite's
        // CPU (docs/performance.md). What must happen per file is in tests/server/setup.ts. A file
        // that replaces a module with vi.mock needs the module graph to itself (a mock does not
        // reach a module an earlier file loaded, and would leak into later files): those are the
        // "server-isolated" project, which `npm test`'s server suite runs with this one.
        {
          extends: true,
          test: {
            name: 'server',
            include: ['tests/server/**/*.test.ts'],
            exclude: [...serverFilesWithMocks],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 120_000,
            isolate: false,
            setupFiles: ['tests/server/setup.ts'],
            globalSetup: ['tests/server/globalSetup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server-isolated',
            include: [...serverFilesWithMocks],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 120_000,
            setupFiles: ['tests/server/setup.ts'],
            globalSetup: ['tests/server/globalSetup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
      ],
    },
  }),
);
