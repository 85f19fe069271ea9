import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Suites by kind: each runs in the environment it needs. The browser suite (tests/e2e) starts
// a real server and a Chromium per file; files run side by side (each on its own port, DATA_DIR
// and browser profile), as a file spends most of its time waiting on the page, not computing.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          // Property and path tests run thousands of cases: give them room on a busy 2-core machine.
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
            environment: 'node',
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'component',
            include: ['tests/component/**/*.test.tsx'],
            environment: 'jsdom',
            testTimeout: 30_000,
            setupFiles: ['tests/component/setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            include: ['tests/server/**/*.test.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 120_000,
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
