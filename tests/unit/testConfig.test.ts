/**
 * The server and component suites run without isolation (vitest.config.ts): a file that replaces
 * a module for itself must be in an isolated project instead, or its mock would miss modules an
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
const mocksAModule = /\bvi\.(mock|doMock)\(/;

const testFiles = (dir: string, suffix: string) =>
  readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith(suffix))
    .map((name) => `${dir}/${name}`);
const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the server and component suites without isolation', () => {
  it('runs every file that mocks a module or stubs a global in the isolated project, and only those', () => {
    const mocking = testFiles(SERVER_TESTS, '.test.ts').filter((file) => replacesForItself.test(source(file)));
    expect(mocking.length).toBeGreaterThan(0);
    expect([...serverFilesWithMocks].sort()).toEqual(mocking.sort());
  });

  it('has no component file that mocks a module (the component suite has no isolated project)', () => {
    const files = testFiles('tests/component', '.test.tsx');
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((file) => mocksAModule.test(source(file)))).toEqual([]);
  });
});
