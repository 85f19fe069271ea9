/**
 * The code base keeps the shape docs/architecture.md states (scripts/structure.ts measures it):
 * no import circle, no import into a higher layer, machines' files ≤ 300 lines and other source
 * files ≤ 400 (catalogs and copy excepted), functions ≤ 80 lines, no timers in machines/, no
 * fetch in src/ outside the request helper, no issue numbers in source.
 *
 * What is still over a limit is listed in `stillOver` below, by name, with the size it may not
 * grow past: a file or function not on the list fails, and so does an entry that is no longer
 * over (take it off). The list only shrinks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fetchOutsideHelper,
  importCircles,
  importGraph,
  issueReferences,
  layerViolations,
  longFiles,
  longFunctions,
  sourceFiles,
  timersInMachines,
} from '../../scripts/structure';

/** Still over a limit: name -> the most lines it may have. */
const stillOver = {
  files: <Record<string, number>>{},
  functions: <Record<string, number>>{
    'server/services/index.ts createServices': 97,
    'src/api/client.ts createApiClient': 96,
    'src/components/Auth/OtpFields.tsx OtpFields': 99,
    'src/components/Carousel/Carousel.tsx Carousel': 96,
    'src/components/Chat/ChatPanel.tsx Composer': 87,
    'src/components/Footer/Footer.tsx Footer': 100,
    'src/components/Popup/popups.tsx PopupProvider': 137,
  },
  circles: <string[]>[],
};

const files = sourceFiles();
const graph = importGraph(undefined, files);

/** `file:123 name` -> `file name`, so an entry survives edits above it. */
const functionKey = (at: string): string => at.replace(/:\d+ /, ' ');

describe('the code base', () => {
  it('has no import into a higher layer (contract < machines, server < src)', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('has no import circle but those still listed', () => {
    const circles = importCircles(graph).map((c) => c.join(' <-> '));
    expect(circles.filter((c) => !stillOver.circles.includes(c))).toEqual([]);
    expect(stillOver.circles.filter((c) => !circles.includes(c))).toEqual([]);
  });

  it('has no file over its length limit but those still listed, none longer than listed', () => {
    const over = longFiles(undefined, files);
    expect(over.filter((f) => !(f.file in stillOver.files)).map((f) => `${f.file} ${f.lines} > ${f.limit}`)).toEqual([]);
    expect(over.filter((f) => f.lines > stillOver.files[f.file]!).map((f) => `${f.file} ${f.lines}`)).toEqual([]);
    expect(Object.keys(stillOver.files).filter((file) => !over.some((f) => f.file === file))).toEqual([]);
  });

  it('has no function over 80 lines but those still listed, none longer than listed', () => {
    const over = longFunctions(undefined, files).map((f) => ({ key: functionKey(f.at), lines: f.lines }));
    expect(over.filter((f) => !(f.key in stillOver.functions)).map((f) => `${f.key} (${f.lines})`)).toEqual([]);
    expect(over.filter((f) => f.lines > stillOver.functions[f.key]!).map((f) => `${f.key} (${f.lines})`)).toEqual([]);
    expect(Object.keys(stillOver.functions).filter((key) => !over.some((f) => f.key === key))).toEqual([]);
  });

  it('has no timer in machines/, no fetch in src/ outside the request helper, no issue number in source', () => {
    expect(timersInMachines()).toEqual([]);
    expect(fetchOutsideHelper()).toEqual([]);
    expect(issueReferences()).toEqual([]);
  });
});

describe('the measure', () => {
  const root = mkdtempSync(join(tmpdir(), 'structure-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('contract/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
  write('contract/b.ts', "import type { A } from './c';\nexport const b = () => import('./a');\n");
  write('contract/c.ts', "import { a } from './a';\nexport type A = typeof a;\n");
  write('machines/m.ts', "import { v } from '../src/v';\nexport const m = () => setTimeout(() => v, 1);\n");
  write('src/v.ts', `export const v = 1;\nexport function long() {\n${'  void 0;\n'.repeat(80)}}\nconst r = () => fetch('/x');\n// see issue 12\n`);
  write('server/s.ts', "import { v } from '../src/v';\nimport { a } from '../contract/a';\nexport const s = [v, a];\n");
  const fixture = sourceFiles(root);
  const fixtureGraph = importGraph(root, fixture);

  it('finds a circle through a dynamic import and not through a type-only import', () => {
    expect(importCircles(fixtureGraph)).toEqual([['contract/a.ts', 'contract/b.ts']]);
  });

  it('finds imports into a higher layer', () => {
    expect(layerViolations(fixtureGraph).sort()).toEqual(['machines/m.ts -> src/v.ts', 'server/s.ts -> src/v.ts']);
  });

  it('finds long functions, timers in machines, fetch outside the helper and issue numbers', () => {
    expect(longFunctions(root, fixture).map((f) => [f.at, f.lines])).toEqual([['src/v.ts:2 long', 82]]);
    expect(timersInMachines(root)).toEqual(['machines/m.ts:2']);
    expect(fetchOutsideHelper(root)).toEqual(['src/v.ts:84']);
    expect(issueReferences(root)).toEqual(['src/v.ts:85']);
  });

  it('finds files over their limit, machines at 300 lines and the rest at 400', () => {
    write('machines/big.ts', 'export {};\n'.repeat(301));
    write('server/big.ts', 'export {};\n'.repeat(301));
    expect(longFiles(root).map((f) => [f.file, f.lines, f.limit])).toEqual([['machines/big.ts', 301, 300]]);
  });
});
