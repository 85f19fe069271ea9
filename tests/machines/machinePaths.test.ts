/**
 * The walked-paths figure's two sides: the registry holds every machine under machines/ (a
 * `createMachine` in a file there not listed fails this test), and each machine's declared states
 * and transitions are read from its definition and written for scripts/test.mjs, which prints
 * `machines: N/N states, M/M transitions walked` against what the *.paths.test.ts files took.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { machineRegistry } from './machineRegistry.js';
import { declaredGraph, recordWalk, walkedSoFar, walkingPath, writeDeclared, type MachineGraph } from './pathCoverage.js';

const MACHINES = fileURLToPath(new URL('../../machines/', import.meta.url));

describe('machine registry', () => {
  it('lists every createMachine under machines/, once', () => {
    const found = (readdirSync(MACHINES, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => (readFileSync(`${MACHINES}${file}`, 'utf8').match(/\bcreateMachine\(/g) ?? []).map(() => file.split('\\').join('/')))
      .sort();
    expect(machineRegistry.map((m) => m.file).sort()).toEqual(found);
    expect(found.length).toBeGreaterThanOrEqual(24);
    const ids = machineRegistry.map((m) => m.machine.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes every machine declared states and transitions for the summary', () => {
    const record: Record<string, MachineGraph> = {};
    for (const { machine } of machineRegistry) {
      const declared = declaredGraph(machine);
      expect(declared.states.length, machine.id).toBeGreaterThan(0);
      expect(new Set(declared.transitions).size, machine.id).toBe(declared.transitions.length);
      record[machine.id] = declared;
    }
    writeDeclared(record);
  });
});

describe('declared and walked, on a small chart', () => {
  // Nested, parallel, guarded alternatives, always, after, invoke onDone/onError, a compound onDone.
  const chart = createMachine({
    id: 'chart',
    initial: 'Idle',
    states: {
      Idle: { on: { go: [{ guard: ({ event }) => (event as { fast?: boolean }).fast === true, target: 'Busy' }, { target: 'Waiting' }] } },
      Waiting: { after: { 10: 'Busy' } },
      Busy: { invoke: { src: fromPromise(async () => 1), onDone: 'Both', onError: 'Idle' } },
      Both: {
        type: 'parallel',
        onDone: 'End',
        states: {
          Left: { initial: 'A', states: { A: { on: { left: 'B' } }, B: { type: 'final' } } },
          Right: { initial: 'C', states: { C: { always: 'D' }, D: { type: 'final' } } },
        },
      },
      End: { type: 'final' },
    },
  });

  it('reads every state and transition from the definition', () => {
    expect(declaredGraph(chart)).toEqual({
      states: ['chart.Idle', 'chart.Waiting', 'chart.Busy', 'chart.Both', 'chart.Both.Left', 'chart.Both.Left.A', 'chart.Both.Left.B', 'chart.Both.Right', 'chart.Both.Right.C', 'chart.Both.Right.D', 'chart.End'],
      transitions: [
        'chart.Idle go #0',
        'chart.Idle go #1',
        'chart.Waiting xstate.after.10.chart.Waiting',
        'chart.Busy xstate.done.actor.0.chart.Busy',
        'chart.Busy xstate.error.actor.0.chart.Busy',
        'chart.Both xstate.done.state.chart.Both',
        'chart.Both.Left.A left',
        'chart.Both.Right.C always',
      ],
    });
  });

  it('records only what a path takes, alternatives apart', async () => {
    const run = async (fast: boolean) => {
      const actor = createActor(chart, { inspect: recordWalk }).start();
      actor.send({ type: 'go', fast });
      await new Promise((resolve) => setTimeout(resolve, 30));
      actor.send({ type: 'left' });
      expect(actor.getSnapshot().status).toBe('done');
    };
    await run(true); // outside a path: not counted
    expect(walkedSoFar('chart')).toBeUndefined();
    await walkingPath(() => run(false));
    const walk = walkedSoFar('chart');
    expect([...(walk?.transitions ?? [])].sort()).toEqual(declaredGraph(chart).transitions.filter((t) => !/go #0|error/.test(t)).sort());
    expect(walk?.states.size).toBe(declaredGraph(chart).states.length);
  });
});
