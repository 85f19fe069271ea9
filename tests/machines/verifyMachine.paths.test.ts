/**
 * Model-based paths for the public verify page: the code's look-up answered genuine, amended,
 * revoked or unknown (each final, the answer kept), or failing (the rate limit, or anything else)
 * and tried again. Along every path the REAL machine runs with its look-up answered by hand; each
 * state must show what the model says and the calls made.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { VerifyAnswer } from '../../contract/verify.js';
import { verifyMachine } from '../../machines/verify/verifyMachine.js';
import { selectAnswer, selectFailure, selectIsLoading } from '../../machines/verify/selectors.js';
import { answeredByHand, settle } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

type ModelEvent = 'genuine' | 'amended' | 'revoked' | 'unknown' | 'tooMany' | 'failed' | 'retry';

const model = createMachine({
  id: 'verifyModel',
  types: {} as { events: { type: ModelEvent } },
  initial: 'Loading',
  states: {
    Loading: { on: { genuine: 'Genuine', amended: 'Amended', revoked: 'Revoked', unknown: 'Unknown', tooMany: 'Failed', failed: 'Failed' } },
    Failed: { on: { retry: 'Loading' } },
    Genuine: {},
    Amended: {},
    Revoked: {},
    Unknown: {},
  },
});

const code = 'KH5EEHNEMVLMJU6Y4NYPBR5UB4';
const answers: Record<'genuine' | 'amended' | 'revoked' | 'unknown', VerifyAnswer> = {
  genuine: {
    status: 'genuine',
    doctorName: 'Dr. Meera Kulkarni',
    date: '2025-03-11',
    writtenAt: '2025-03-11T05:40:00.000Z',
    version: 1,
    patientInitials: 'S. K.',
    remedies: [{ medicineName: 'Bryonia alba', potency: '30C', dosage: '4 pills', frequency: 'three times a day', duration: '10 days' }],
  },
  amended: { status: 'amended', supersededAt: '2025-03-12T05:40:00.000Z' },
  revoked: { status: 'revoked' },
  unknown: { status: 'unknown' },
};

function harness() {
  const look = answeredByHand<VerifyAnswer, { code: string }>();
  const actor = createActor(verifyMachine.provide({ actors: { verify: look.logic } }), { input: { code }, inspect: recordWalk });
  actor.start();
  let shown: VerifyAnswer | null = null;
  let failure: 'tooMany' | 'failed' | null = null;
  let calls = 1;
  const answer = (kind: keyof typeof answers) => async () => {
    look.latest().resolve(answers[kind]);
    shown = answers[kind];
    await settle();
  };
  const reject = (kind: 'tooMany' | 'failed') => async () => {
    look.latest().reject(kind === 'tooMany' ? { _tag: 'HttpFailure', status: 429, message: 'Too many' } : { _tag: 'NetworkFailure', message: 'offline' });
    failure = kind;
    await settle();
  };
  const shows = (state: 'Loading' | 'Failed' | 'Genuine' | 'Amended' | 'Revoked' | 'Unknown') => () => {
    const s = actor.getSnapshot();
    expect(s.value).toBe(state);
    expect(selectIsLoading(s)).toBe(state === 'Loading');
    expect(selectFailure(s)).toBe(state === 'Failed' ? failure : null);
    expect(selectAnswer(s)).toEqual(shown);
    expect(s.status).toBe(['Genuine', 'Amended', 'Revoked', 'Unknown'].includes(state) ? 'done' : 'active');
    expect(s.can({ type: 'retry' })).toBe(state === 'Failed');
    expect(look.calls).toHaveLength(calls);
    for (const call of look.calls) expect(call.input).toEqual({ code });
  };
  return {
    stop: () => actor.stop(),
    events: {
      genuine: answer('genuine'),
      amended: answer('amended'),
      revoked: answer('revoked'),
      unknown: answer('unknown'),
      tooMany: reject('tooMany'),
      failed: reject('failed'),
      retry: async () => {
        actor.send({ type: 'retry' });
        calls += 1;
        await settle();
      },
    } satisfies Record<ModelEvent, () => Promise<void>>,
    states: {
      Loading: shows('Loading'),
      Failed: shows('Failed'),
      Genuine: shows('Genuine'),
      Amended: shows('Amended'),
      Revoked: shows('Revoked'),
      Unknown: shows('Unknown'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('verifyMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['tooMany', 'retry', 'failed', 'retry', 'genuine'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(7);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
