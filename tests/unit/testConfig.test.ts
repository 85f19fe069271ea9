/**
 * The server suite runs without isolation (vitest.config.ts): a file that replaces modules or
 * globals for itself must be in the isolated project instead, or its mock would miss modules an
 * earlier file loaded and leak into later ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverFilesWithMocks } from '../server/isolatedFiles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_TESTS = 'tests/server';
const replacesForItself = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;

describe('the server suite without isolation', () => {
  it('runs every file that mocks a module or stubs a global in the isolated project, and only those', () => {
    const files = readdirSync(join(ROOT, SERVER_TESTS))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `${SERVER_TESTS}/${name}`);
    const mocking = files.filter((file) => replacesForItself.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect([...serverFilesWithMocks].sort()).toEqual(mocking.sort());
  });
});
