// The `machines: N/N states, M/M transitions walked` line of `npm test`'s summary, from what the
// unit suite wrote to .tmp/test-results/machine-paths/: declared.json (every machine's states and
// transitions, read from its definition by tests/machines/machinePaths.test.ts) and one
// walked-*.json per path test file (tests/machines/pathCoverage.ts).
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** @param {string} dir */
export function clearMachinePaths(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * @param {string} dir
 * @returns {string | null} the line, or null when the unit suite wrote nothing to read
 */
export function machinePathsLine(dir) {
  const declaredFile = join(dir, 'declared.json');
  if (!existsSync(declaredFile)) return null;
  /** @type {Record<string, { states: string[], transitions: string[] }>} */
  const declared = JSON.parse(readFileSync(declaredFile, 'utf8'));
  /** @type {Map<string, { states: Set<string>, transitions: Set<string> }>} */
  const walked = new Map(Object.keys(declared).map((id) => [id, { states: new Set(), transitions: new Set() }]));
  for (const file of readdirSync(dir).filter((f) => f.startsWith('walked-') && f.endsWith('.json'))) {
    for (const [id, walk] of Object.entries(JSON.parse(readFileSync(join(dir, file), 'utf8')))) {
      const into = walked.get(id);
      if (!into) continue; // a machine made by a test, not one of machines/
      walk.states.forEach((s) => into.states.add(s));
      walk.transitions.forEach((t) => into.transitions.add(t));
    }
  }
  let states = 0;
  let transitions = 0;
  let statesWalked = 0;
  let transitionsWalked = 0;
  for (const [id, graph] of Object.entries(declared)) {
    const walk = /** @type {{ states: Set<string>, transitions: Set<string> }} */ (walked.get(id));
    states += graph.states.length;
    transitions += graph.transitions.length;
    statesWalked += graph.states.filter((s) => walk.states.has(s)).length;
    transitionsWalked += graph.transitions.filter((t) => walk.transitions.has(t)).length;
  }
  return `machines: ${statesWalked}/${states} states, ${transitionsWalked}/${transitions} transitions walked`;
}

/**
 * What is left to walk, per machine (for `node tests/machines/pathsSummary.mjs`).
 * @param {string} dir
 */
export function unwalked(dir) {
  const declared = JSON.parse(readFileSync(join(dir, 'declared.json'), 'utf8'));
  const seen = { states: new Set(), transitions: new Set() };
  for (const file of readdirSync(dir).filter((f) => f.startsWith('walked-'))) {
    for (const walk of Object.values(JSON.parse(readFileSync(join(dir, file), 'utf8')))) {
      walk.states.forEach((s) => seen.states.add(s));
      walk.transitions.forEach((t) => seen.transitions.add(t));
    }
  }
  return Object.entries(declared).flatMap(([id, graph]) => [
    ...graph.states.filter((s) => !seen.states.has(s)).map((s) => `${id}: state ${s}`),
    ...graph.transitions.filter((t) => !seen.transitions.has(t)).map((t) => `${id}: transition ${t}`),
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = join(process.cwd(), '.tmp/test-results/machine-paths');
  console.log(machinePathsLine(dir) ?? 'no machine paths recorded: run the unit suite first');
  for (const line of unwalked(dir)) console.log(`  not walked: ${line}`);
}
