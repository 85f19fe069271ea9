/**
 * Model-based paths for loading the site options. `createTestModel` refuses machines that invoke
 * actors, so the model below says what a visitor's app goes through (the load answers, fails,
 * is retried) without any; along every path it generates, the REAL machine runs with a fake
 * loader (provided as the app provides the real one) and must be in the model's state each step.
 */
import { createActor, createMachine, fromPromise, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { SiteOptions } from '../../contract/site.js';
import {
  selectIsLoading,
  selectLoadError,
  selectSiteOptions,
  siteOptionsMachine,
} from '../../machines/siteOptions/siteOptionsMachine.js';
import { recordWalk, walkingPath, writeWalkAfterAll } from './pathCoverage.js';

const model = createMachine({
  id: 'siteOptionsModel',
  types: {} as { events: { type: 'load.succeeded' } | { type: 'load.failed' } | { type: 'siteOptions.retry' } },
  initial: 'Loading',
  states: {
    Loading: { on: { 'load.succeeded': 'Ready', 'load.failed': 'Failed' } },
    Ready: {},
    Failed: { on: { 'siteOptions.retry': 'Loading' } },
  },
});

const options: SiteOptions = { locations: ['Bandra'], events: [], teams: [], testimonials: [] };
const failure = { _tag: 'NetworkFailure', message: 'Failed to fetch' };

/** The real machine with a loader whose every call the test answers by hand. */
function harness() {
  const calls: Array<{ signal: AbortSignal; resolve: (o: SiteOptions) => void; reject: (e: unknown) => void }> = [];
  const machine = siteOptionsMachine.provide({
    actors: {
      loadSiteOptions: fromPromise<SiteOptions>(
        ({ signal }) => new Promise<SiteOptions>((resolve, reject) => calls.push({ signal, resolve, reject })),
      ),
    },
  });
  const actor: Actor<typeof machine> = createActor(machine, { inspect: recordWalk }).start();
  let loadsStarted = 1; // the model's count of Loading entries, to compare with the loader's calls
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0)); // let the promise reach the actor
  const latest = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('the machine never called the loader');
    return call;
  };

  return {
    actor,
    events: {
      'load.succeeded': async () => {
        latest().resolve(options);
        await settle();
      },
      'load.failed': async () => {
        latest().reject(failure);
        await settle();
      },
      'siteOptions.retry': () => {
        loadsStarted += 1;
        actor.send({ type: 'siteOptions.retry' });
      },
    },
    states: {
      Loading: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Loading');
        expect(selectIsLoading(s)).toBe(true);
        expect(selectLoadError(s)).toBeNull();
        expect(calls).toHaveLength(loadsStarted); // one load per entry, none started twice
        expect(latest().signal.aborted).toBe(false);
      },
      Ready: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Ready');
        expect(selectIsLoading(s)).toBe(false);
        expect(selectSiteOptions(s)).toEqual(options);
        expect(selectLoadError(s)).toBeNull();
      },
      Failed: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Failed');
        expect(selectIsLoading(s)).toBe(false);
        expect(selectSiteOptions(s)).toBeNull();
        expect(selectLoadError(s)).toBe(failure.message);
      },
    },
  };
}

describe('siteOptionsMachine paths', () => {
  const paths = createTestModel(model).getSimplePaths();
  writeWalkAfterAll();

  it('covers every state and transition of the model', () => {
    const stepsTaken = new Set(paths.flatMap((p) => p.steps.map((s) => `${JSON.stringify(s.state.value)}<-${s.event.type}`)));
    expect(stepsTaken).toEqual(
      new Set(['"Loading"<-xstate.init', '"Ready"<-load.succeeded', '"Failed"<-load.failed', '"Loading"<-siteOptions.retry']),
    );
    expect(paths.some((p) => p.steps.map((s) => s.event.type).join(' ') === 'xstate.init load.failed siteOptions.retry load.succeeded')).toBe(true);
  });

  for (const path of paths) {
    it(path.description, () =>
      walkingPath(async () => {
        const { actor, events, states } = harness();
        try {
          await path.test({ events, states });
          // The last state is asserted by the step that reached it; check the end once more.
          expect(actor.getSnapshot().value).toBe(path.state.value);
        } finally {
          actor.stop();
        }
      }),
    );
  }
});
