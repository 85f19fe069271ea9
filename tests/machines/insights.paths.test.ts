/**
 * Model-based paths for the owner's view (machines/insights): along every path the REAL machine
 * runs with its call answered by hand; each state must show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { InsightsAnswer } from '../../contract/insights.js';
import {
  insightsMachine,
  insightsQueryOf,
  selectAnswer,
  selectFailure,
  selectIsLoading,
  selectQuery,
  selectStatus,
  type InsightsFilter,
} from '../../machines/insights/insightsMachine.js';
import { answeredByHand, refused } from './accountFakes.js';
import { started } from './appointmentFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const february: InsightsFilter = { from: '2025-02-01', to: '2025-02-28', grain: 'day', locationId: '', doctorId: '', type: '' };
const answerFor = (q: InsightsFilter) => ({ grain: q.grain, current: { from: q.from, to: q.to } }) as unknown as InsightsAnswer;

function startInsights() {
  const loadInsights = answeredByHand<InsightsAnswer, { query: InsightsFilter; token: string }>();
  const actor = createActor(insightsMachine.provide({ actors: { loadInsights: loadInsights.logic } }), {
    input: { token: 'tok-admin', query: february },
    inspect: recordWalk,
  });
  return started(actor, { loadInsights });
}

describe('insightsMachine', () => {
  it('leaves empty filters out of the query', () => {
    expect(insightsQueryOf(february)).toEqual({ from: '2025-02-01', to: '2025-02-28', grain: 'day' });
    expect(insightsQueryOf({ ...february, grain: 'week', locationId: 'l', doctorId: 'd', type: 'Video' })).toEqual({
      from: '2025-02-01', to: '2025-02-28', grain: 'week', locationId: 'l', doctorId: 'd', type: 'Video',
    });
  });
});

describe('insightsMachine paths', () => {
  const emits = { loaded: [], refused: [], filter: [], retry: [] } as const satisfies Record<string, readonly string[]>;
  const model = createMachine({
    id: 'insightsModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Loading',
    states: {
      Loading: { on: { loaded: 'Ready', refused: 'Failed', filter: 'Loading' } },
      Ready: { on: { filter: 'Loading' } },
      Failed: { on: { retry: 'Loading', filter: 'Loading' } },
    },
  });

  function harness() {
    const view = startInsights();
    const step = stepper(view.emitted.take, emits);
    let query = february;
    let answered: InsightsFilter | null = null;
    let calls = 1;
    let n = 0;
    const call = () => view.calls.loadInsights.latest();
    return {
      stop: () => view.actor.stop(),
      events: {
        loaded: step('loaded', () => {
          expect(call().input).toEqual({ query, token: 'tok-admin' });
          answered = query;
          call().resolve(answerFor(query));
        }),
        refused: step('refused', () => call().reject(refused(403, "The clinic's figures are for admins and doctors."))),
        filter: step('filter', () => {
          n += 1;
          query = { ...february, grain: n % 2 ? 'week' : 'month', doctorId: `doctor-${n}` };
          view.send({ type: 'insights.filter', query });
          calls += 1;
        }),
        retry: step('retry', () => {
          view.send({ type: 'insights.retry' });
          calls += 1;
        }),
      },
      states: {
        Loading: () => {
          expect(selectIsLoading(view.snapshot())).toBe(true);
          expect(selectQuery(view.snapshot())).toEqual(query);
          expect(view.calls.loadInsights.calls).toHaveLength(calls);
          // What was shown stays until the answer.
          expect(selectStatus(view.snapshot())).toBe(selectAnswer(view.snapshot()) ? 'ready' : 'loading');
        },
        Ready: () => {
          expect(selectStatus(view.snapshot())).toBe('ready');
          expect(selectIsLoading(view.snapshot())).toBe(false);
          expect(selectAnswer(view.snapshot())?.current.from).toBe(answered?.from);
          expect(selectAnswer(view.snapshot())?.grain).toBe(answered?.grain);
        },
        Failed: () => {
          expect(selectStatus(view.snapshot())).toBe('failed');
          expect(selectFailure(view.snapshot())).toBe("The clinic's figures are for admins and doctors.");
        },
      } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }

  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['loaded', 'filter', 'filter', 'loaded', 'filter', 'refused', 'retry', 'loaded'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(6);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(insightsMachine);
});
