/**
 * Model-based paths for loading the site options. `createTestModel` refuses machines that invoke
 * actors, so the model below says what a visitor's app goes through (the load answers, fails,
 * is retried; another language comes in use, or the same one again) without any; along
 * every path it generates (every model transition, self-loops included), the REAL machine runs
 * with a fake loader (provided as the app provides the real one) and must be in the model's state
 * each step, holding the options of the last load that answered, loading in the language in use.
 */
import { createActor, createMachine, fromPromise, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { SiteLanguage, SiteOptions } from '../../contract/site.js';
import {
  selectIsLoading,
  selectLoadError,
  selectSiteLanguage,
  selectSiteOptions,
  siteOptionsMachine,
} from '../../machines/siteOptions/siteOptionsMachine.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions } from './modelPaths.js';
import { recordWalk, walkingPath, writeWalkAfterAll } from './pathCoverage.js';

type ModelEvent =
  | { type: 'load.succeeded' }
  | { type: 'load.failed' }
  | { type: 'siteOptions.retry' }
  | { type: 'language.changed' }
  | { type: 'language.same' };

const model = createMachine({
  id: 'siteOptionsModel',
  types: {} as { events: ModelEvent },
  initial: 'Loading',
  states: {
    // language.same: the real machine ignores it (its guard); the model stays where it is.
    Loading: { on: { 'load.succeeded': 'Ready', 'load.failed': 'Failed', 'language.changed': 'Loading', 'language.same': 'Loading' } },
    Ready: { on: { 'language.changed': 'Loading', 'language.same': 'Ready' } },
    Failed: { on: { 'siteOptions.retry': 'Loading', 'language.changed': 'Loading', 'language.same': 'Failed' } },
  },
});

const next: Record<SiteLanguage, SiteLanguage> = { en: 'hi', hi: 'mr', mr: 'en' };
const optionsIn = (language: SiteLanguage): SiteOptions => ({
  locations: ['Bandra'],
  events: [],
  teams: [{ _id: 't1', image: '', name: 'Anita', role: `role in ${language}`, description: '' }],
  testimonials: [],
});
const failure = { _tag: 'NetworkFailure', message: 'Failed to fetch' };

/** The real machine with a loader whose every call the test answers by hand. */
function harness() {
  const calls: Array<{ language: SiteLanguage; signal: AbortSignal; resolve: (o: SiteOptions) => void; reject: (e: unknown) => void }> = [];
  const machine = siteOptionsMachine.provide({
    actors: {
      loadSiteOptions: fromPromise<SiteOptions, { language: SiteLanguage }>(
        ({ input, signal }) => new Promise<SiteOptions>((resolve, reject) => calls.push({ language: input.language, signal, resolve, reject })),
      ),
    },
  });
  const actor: Actor<typeof machine> = createActor(machine, { inspect: recordWalk, input: { language: 'en' } }).start();
  // What the model expects of the real machine: the loads started, the language in use, the options shown.
  let loadsStarted = 1;
  let language: SiteLanguage = 'en';
  let shown: SiteOptions | null = null;
  let failed = false;
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
        shown = optionsIn(latest().language);
        failed = false;
        latest().resolve(shown);
        await settle();
      },
      'load.failed': async () => {
        failed = true;
        latest().reject(failure);
        await settle();
      },
      'siteOptions.retry': () => {
        loadsStarted += 1;
        failed = false;
        actor.send({ type: 'siteOptions.retry' });
      },
      'language.changed': () => {
        const before = calls.length;
        const wasLoading = actor.getSnapshot().value === 'Loading';
        language = next[language];
        loadsStarted += 1;
        failed = false;
        actor.send({ type: 'siteOptions.language', language });
        // A load under way in the old language is dropped: nobody waits for its answer.
        if (wasLoading) expect(calls[before - 1]!.signal.aborted).toBe(true);
      },
      'language.same': () => {
        actor.send({ type: 'siteOptions.language', language });
      },
    },
    states: {
      Loading: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Loading');
        expect(selectIsLoading(s)).toBe(true);
        expect(selectLoadError(s)).toBeNull();
        expect(selectSiteLanguage(s)).toBe(language);
        expect(calls).toHaveLength(loadsStarted); // one load per entry, none started twice
        expect(latest().language).toBe(language);
        expect(latest().signal.aborted).toBe(false);
        expect(selectSiteOptions(s)).toEqual(shown); // what was loaded before stays shown
      },
      Ready: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Ready');
        expect(selectIsLoading(s)).toBe(false);
        expect(selectSiteOptions(s)).toEqual(optionsIn(language));
        expect(selectLoadError(s)).toBeNull();
        expect(calls).toHaveLength(loadsStarted);
      },
      Failed: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Failed');
        expect(failed).toBe(true);
        expect(selectIsLoading(s)).toBe(false);
        expect(selectSiteOptions(s)).toEqual(shown);
        expect(selectLoadError(s)).toBe(failure.message);
        expect(calls).toHaveLength(loadsStarted);
      },
    },
  };
}

describe('siteOptionsMachine paths', () => {
  const testModel = createTestModel(model);
  const paths = pathsTakingEveryTransition(testModel);
  writeWalkAfterAll();

  // A visitor's longer journey besides: a failure, a retry, two changes of language, a failure in the new one and another change.
  const journey = testModel.getPathsFromEvents([
      { type: 'load.failed' },
      { type: 'siteOptions.retry' },
      { type: 'load.succeeded' },
      { type: 'language.changed' },
      { type: 'language.changed' },
      { type: 'load.failed' },
      { type: 'language.changed' },
      { type: 'load.succeeded' },
  ]);

  it('takes every transition of the model', () => {
    expect(takenTransitions(paths)).toEqual(new Set(declaredTransitions(model)));
    expect(journey).toHaveLength(1);
  });

  for (const path of [...paths, ...journey]) {
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
