/**
 * What the path tests walk, against what the machines declare.
 *
 * Declared: read from a machine's own StateNode tree (`machine.root`, its `states` recursively),
 * every state node but the root, and every transition each node has: `on`, `after`, `always`,
 * a compound state's `onDone`, an invoke's `onDone`/`onError` (xstate formats them all into
 * `node.transitions`, plus `node.always`). A guarded choice of several targets for one event is
 * one transition per alternative, since each is a separate branch to walk.
 *
 * Walked: an actor started with `inspect: recordWalk` reports every microstep of itself and its
 * children (the transitions xstate took and the states it is in then). Only what happens while a
 * path test runs (`walkingPath`) is kept, so the machines' other unit tests do not count. Each
 * test file writes what it walked to .tmp/test-results/machine-paths/walked-*.json, next to
 * declared.json (machinePaths.test.ts, from the registry); scripts/test.mjs sums them into one `machines: N/N states, M/M transitions walked` line.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { AnyStateMachine, InspectionEvent } from 'xstate';

// From the project root, where vitest and scripts/test.mjs run (import.meta.url is not a file under jsdom).
export const PATHS_DIR = join(process.cwd(), '.tmp/test-results/machine-paths/');

type StateNodeLike = AnyStateMachine['root'];
type TransitionLike = { source: StateNodeLike; eventType: string };

function* nodesOf(node: StateNodeLike): Generator<StateNodeLike> {
  yield node;
  for (const child of Object.values(node.states)) yield* nodesOf(child);
}

/** "state-id event #alternative", the same for a declared transition and for the one taken. */
function transitionKey(t: TransitionLike): string {
  const siblings: readonly unknown[] = t.eventType === '' ? t.source.always ?? [] : t.source.transitions.get(t.eventType) ?? [];
  const index = siblings.indexOf(t);
  const event = t.eventType === '' ? 'always' : t.eventType;
  return siblings.length > 1 ? `${t.source.id} ${event} #${index}` : `${t.source.id} ${event}`;
}

export type MachineGraph = { states: string[]; transitions: string[] };

/** Every state (but the root) and every transition the machine defines. */
export function declaredGraph(machine: AnyStateMachine): MachineGraph {
  const states: string[] = [];
  const transitions: string[] = [];
  for (const node of nodesOf(machine.root)) {
    if (node !== machine.root) states.push(node.id);
    for (const alternatives of node.transitions.values()) for (const t of alternatives) transitions.push(transitionKey(t));
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
  }
  return { states, transitions };
}

/** The state nodes a machine snapshot is in, from its value (parallel and nested states included). */
function activeStates(root: StateNodeLike, value: unknown): string[] {
  if (typeof value === 'string') {
    const node = root.states[value];
    return node ? [node.id] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, inner]) => {
    const node = root.states[name];
    return node ? [node.id, ...activeStates(node, inner)] : [];
  });
}

type Walk = { states: Set<string>; transitions: Set<string> };
const walked = new Map<string, Walk>();
let pathsRunning = 0;
const walkFile = `walked-${randomUUID()}.json`;

function walkOf(machine: AnyStateMachine): Walk {
  let walk = walked.get(machine.id);
  if (!walk) {
    walk = { states: new Set(), transitions: new Set() };
    walked.set(machine.id, walk);
  }
  return walk;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic;

/** Pass as `createActor(machine, { inspect: recordWalk })`: records while a path test runs. */
export function recordWalk(event: InspectionEvent): void {
  if (pathsRunning === 0) return;
  if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
  const logic = (event.actorRef as { logic?: unknown }).logic;
  if (!isMachine(logic)) return;
  const walk = walkOf(logic);
  for (const id of activeStates(logic.root, (event.snapshot as { value?: unknown }).value)) walk.states.add(id);
  if (event.type === '@xstate.microstep') {
    for (const t of event._transitions as unknown as TransitionLike[]) {
      walk.transitions.add(transitionKey(t));
      // A transient state (left at once by `always`) is in no snapshot, but was the source.
      if (t.source !== logic.root) walk.states.add(t.source.id);
    }
  }
}

/**
 * Call while tests are collected (testPaths does): what the file walked so far is written after
 * the enclosing describe's tests (again after each, to the same file, so none is left out).
 */
export function writeWalkAfterAll(): void {
  afterAll(writeWalked);
}

/** Runs one path test with recording on. */
export async function walkingPath<T>(run: () => Promise<T>): Promise<T> {
  pathsRunning += 1;
  try {
    return await run();
  } finally {
    pathsRunning -= 1;
  }
}

/** What this test file walked so far, per machine id. */
export function walkedSoFar(machineId: string): { states: Set<string>; transitions: Set<string> } | undefined {
  return walked.get(machineId);
}

/** Per machine id, the states and transitions walked (what scripts/test.mjs sums). */
export type WalkRecord = Record<string, { states: string[]; transitions: string[] }>;

/** The declared side, from machinePaths.test.ts: one file for every machine in the registry. */
export function writeDeclared(declared: Record<string, MachineGraph>): void {
  mkdirSync(PATHS_DIR, { recursive: true });
  writeFileSync(`${PATHS_DIR}declared.json`, JSON.stringify(declared));
}

/** One file per test file (they run in separate workers). */
function writeWalked(): void {
  const record: WalkRecord = {};
  for (const [id, walk] of walked) record[id] = { states: [...walk.states], transitions: [...walk.transitions] };
  if (Object.keys(record).length === 0) return;
  mkdirSync(PATHS_DIR, { recursive: true });
  writeFileSync(`${PATHS_DIR}${walkFile}`, JSON.stringify(record));
}

/**
 * For a path test file that walks one machine whole: after its tests, every state and transition
 * the machine declares must have been walked (`unwalkable` names any that cannot be, each with why).
 */
export function expectWalkedFully(machine: AnyStateMachine, unwalkable: Record<string, string> = {}): void {
  writeWalkAfterAll();
  afterAll(() => {
    const walk = walked.get(machine.id) ?? { states: new Set<string>(), transitions: new Set<string>() };
    const { states, transitions } = declaredGraph(machine);
    const missing = [
      ...states.filter((s) => !walk.states.has(s)).map((s) => `state ${s}`),
      ...transitions.filter((t) => !walk.transitions.has(t)).map((t) => `transition ${t}`),
    ].filter((m) => !(m.replace(/^(state|transition) /, '') in unwalkable));
    if (missing.length > 0) throw new Error(`${machine.id}: not walked by its paths:\n  ${missing.join('\n  ')}`);
  });
}
