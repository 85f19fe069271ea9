import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assign, fromPromise, not, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { docsDir, machineToJson, machineToMermaid, renderMachineDocs } from '../../scripts/export-machines.js';

describe('docs/machines', () => {
  it('is what `npm run machines` would write now (run it after changing a machine)', async () => {
    const expected = await renderMachineDocs();
    const committed = (await readdir(docsDir)).filter((f) => /\.(json|mmd)$/.test(f) || f === 'README.md');
    expect(committed.sort()).toEqual([...expected.keys()].sort());
    for (const [file, content] of expected) {
      expect(await readFile(join(docsDir, file), 'utf8'), `docs/machines/${file} is stale`).toBe(content);
    }
  });

  it('exports every machine under machines/, the site options and carousel among them', async () => {
    const files = [...(await renderMachineDocs()).keys()];
    for (const name of ['siteOptions', 'carousel']) {
      expect(files).toContain(`${name}.json`);
      expect(files).toContain(`${name}.mmd`);
    }
  });

  it('writes the same bytes every time', async () => {
    const [a, b] = await Promise.all([renderMachineDocs(), renderMachineDocs()]);
    expect([...a]).toEqual([...b]);
  });
});

describe('the exported definition', () => {
  // A machine with every construct the export draws: nesting, parallel regions, a final state,
  // numeric and named delays, an invoked actor, eventless and root-level transitions.
  const machine = setup({
    types: {} as { context: { n: number }; events: { type: 'go' } | { type: 'reset' } | { type: 'tick' } },
    actors: { fetchThing: fromPromise(async () => 1) },
    guards: { ready: () => true },
    delays: { slow: 5000 },
    actions: { count: assign({ n: ({ context }) => context.n + 1 }) },
  }).createMachine({
    id: 'sample-flow',
    description: 'A sample: with a colon; and a semicolon.',
    context: { n: 0 },
    on: { reset: '.Idle', tick: { actions: 'count' } },
    initial: 'Idle',
    states: {
      Idle: { on: { go: 'Working' }, after: { 1500: 'Working' } },
      Working: {
        tags: ['busy'],
        initial: 'Fetching',
        states: {
          Fetching: {
            invoke: { id: 'fetch', src: 'fetchThing', onDone: 'Checking', onError: '#sample-flow.Idle' },
          },
          Checking: { always: [{ guard: not('ready'), target: 'Fetching' }, { target: 'Done' }] },
          Done: { type: 'final' },
        },
        onDone: 'Both',
      },
      Both: {
        type: 'parallel',
        states: {
          Left: { initial: 'L1', states: { L1: { after: { slow: 'L2' } }, L2: {} } },
          Right: { initial: 'R1', states: { R1: {} } },
        },
      },
    },
  });
  const mermaid = machineToMermaid(machine, 'tests/sample.ts');
  const lines = mermaid.split('\n').map((l) => l.trim());

  it('draws a Mermaid statechart: initial states, nesting, labelled transitions', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(lines).toContain('[*] --> sample_flow');
    expect(lines).toContain('state sample_flow {');
    expect(lines).toContain('[*] --> Idle');
    expect(lines).toContain('Idle --> Working : go');
    expect(lines).toContain('Idle --> Working : after 1500 ms');
    expect(lines).toContain('state Working {');
    expect(lines).toContain('[*] --> Working__Fetching');
    expect(lines).toContain('state "Fetching" as Working__Fetching');
    expect(lines).toContain('Working__Fetching --> Working__Checking : fetchThing done');
    expect(lines).toContain('Working__Fetching --> Idle : fetchThing failed');
    expect(lines).toContain('Working__Checking --> Working__Fetching : always [not ready]');
    expect(lines).toContain('Working__Checking --> Working__Done : always');
    expect(lines).toContain('Working__Done --> [*]');
    expect(lines).toContain('Working --> Both : done');
    expect(lines).toContain('Working : tag busy');
    expect(lines).toContain('Working__Fetching : invokes fetchThing');
    expect(lines).toContain('Both__Left__L1 --> Both__Left__L2 : after slow');
    expect(lines).toContain('state "Left" as Both__Left {');
    expect(lines).toContain('--'); // the parallel regions' separator
  });

  it('puts the root description and root transitions in a note, without Mermaid-breaking characters', () => {
    const note = mermaid.slice(mermaid.indexOf('note right of sample_flow'), mermaid.indexOf('end note'));
    expect(note).toContain('A sample - with a colon, and a semicolon.');
    expect(note).toContain('on reset go to Idle');
    expect(note).toContain('on tick / count');
    // Mermaid ends a label at ':' or ';' — only the transition separators may contain them.
    for (const line of lines.filter((l) => l.includes(' : '))) {
      expect(line.split(' : ')[1]).not.toMatch(/[:;]/);
    }
  });

  it('writes a JSON config with eventless transitions, delays and actors by name', () => {
    const json = machineToJson(machine) as Record<string, any>;
    expect(json.id).toBe('sample-flow');
    expect(json.initial).toBe('Idle');
    expect(json.on.reset).toEqual([{ target: ['#sample-flow.Idle'] }]);
    expect(json.states.Idle.after).toEqual({ 1500: [{ target: ['#sample-flow.Working'] }] });
    expect(json.states.Working.states.Fetching.invoke).toEqual([
      {
        id: 'fetch',
        src: 'fetchThing',
        onDone: [{ target: ['#sample-flow.Working.Checking'] }],
        onError: [{ target: ['#sample-flow.Idle'] }],
      },
    ]);
    expect(json.states.Working.states.Checking.always).toEqual([
      { target: ['#sample-flow.Working.Fetching'], guard: { type: 'not', guards: ['ready'] } },
      { target: ['#sample-flow.Working.Done'] },
    ]);
    expect(json.states.Both.type).toBe('parallel');
    expect(json.states.Both.states.Left.states.L1.after).toEqual({ slow: [{ target: ['#sample-flow.Both.Left.L2'] }] });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json); // nothing JSON would drop
  });
});
