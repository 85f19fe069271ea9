/**
 * Model-based paths for a patient's ABHA (machines/abha): loaded (none, one on file, or failed and
 * retried), typed (a bad number said at its field, nothing sent; a good one saved), a picture's QR
 * (an ABHA card's saved at once as `qr`; another QR, none, or a picture that cannot be read said at
 * the scan field), a save refused at its field (the 409's words) or failed, cancelled, removed (or
 * not). Along every path the REAL machine runs with its calls answered by hand; each step must
 * emit exactly the notices the model names, each state show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AbhaAnswer } from '../../contract/abdm.js';
import type { AbhaInput, ReadQrInput, SaveAbhaInput } from '../../machines/abha/context.js';
import { abhaMachine, selectAbha, selectAbhaBusy, selectAbhaEditing, selectAbhaErrors, selectAbhaFailed, selectQrProblem } from '../../machines/abha/abhaMachine.js';
import { answeredByHand, recordEmitted, refused, settle, unanswered } from './accountFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  empty: [],
  onFile: [],
  fail: ['loadFailed'],
  retry: [],
  edit: [],
  typeBad: [],
  saveBad: [],
  typeGood: [],
  saveGood: [],
  cancel: [],
  scan: [],
  card: [],
  otherQr: [],
  noQr: [],
  readFailed: [],
  saved: ['saved'],
  refusedField: [],
  refused: ['somethingWentWrong'],
  remove: [],
  removed: ['removed'],
  removeRefused: ['server: No such patient here.'],
} as const satisfies Record<string, readonly string[]>;
type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'abhaModel',
  types: {} as { events: ModelEvent },
  initial: 'Loading',
  states: {
    Loading: { on: { empty: 'Empty', onFile: 'OnFile', fail: 'Failed' } },
    Failed: { on: { retry: 'Loading' } },
    Empty: { on: { edit: 'Editing', scan: 'Reading' } },
    OnFile: { on: { remove: 'Removing' } },
    Editing: { on: { typeBad: 'Editing', saveBad: 'Editing', typeGood: 'Typed', cancel: 'Empty', scan: 'Reading' } },
    Typed: { on: { saveGood: 'Saving' } },
    Reading: { on: { card: 'Saving', otherQr: 'Editing', noQr: 'Editing', readFailed: 'Editing' } },
    Saving: { on: { saved: 'OnFile', refusedField: 'Editing', refused: 'Editing' } },
    Removing: { on: { removed: 'Empty', removeRefused: 'OnFile' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const card = JSON.stringify({ hidn: '91-5020-3070-4012', phr: 'asha.kale@abdm', name: 'Asha Kale', gender: 'F' });
const onFile: AbhaAnswer = { abha: { abhaNumber: '91502030704012', abhaAddress: 'asha.kale@abdm', source: 'qr', updatedAt: '2025-03-11T04:30:00.000Z' } };
const picture = new Blob([new Uint8Array(8)], { type: 'image/png' });
const taken = { ...refused(409, 'This ABHA number is on another patient\'s file.'), errors: [{ field: 'abhaNumber', message: 'This ABHA number is on another patient\'s file.' }] };
const target = { kind: 'own' } as const;

function harness() {
  const load = answeredByHand<AbhaAnswer, AbhaInput>();
  const save = answeredByHand<AbhaAnswer, SaveAbhaInput>();
  const remove = answeredByHand<AbhaAnswer, AbhaInput>();
  const read = answeredByHand<string | null, ReadQrInput>();
  const actor = createActor(
    abhaMachine.provide({ actors: { loadAbha: load.logic, saveAbha: save.logic, removeAbha: remove.logic, readQr: read.logic } }),
    { input: { token: 'tok-asha', target }, inspect: recordWalk },
  );
  const emitted = recordEmitted<{ type: string }>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  const type = (field: 'abhaNumber' | 'abhaAddress', value: string) => actor.send({ type: 'abha.change', field, value });
  const shows = (what: { abha: boolean; editing: boolean; busy?: boolean }) => () => {
    const s = actor.getSnapshot();
    expect(selectAbha(s) !== null, 'abha').toBe(what.abha);
    expect(selectAbhaEditing(s), 'editing').toBe(what.editing);
    expect(selectAbhaBusy(s), 'busy').toBe(what.busy ?? false);
  };
  return {
    stop: () => actor.stop(),
    events: {
      empty: step('empty', () => {
        expect(load.latest().input).toEqual({ token: 'tok-asha', target });
        load.latest().resolve({ abha: null });
      }),
      onFile: step('onFile', () => load.latest().resolve(onFile)),
      fail: step('fail', () => load.latest().reject(unanswered)),
      retry: step('retry', () => actor.send({ type: 'abha.retry' })),
      edit: step('edit', () => actor.send({ type: 'abha.edit' })),
      typeBad: step('typeBad', () => type('abhaNumber', '91-5020-3070-401')),
      saveBad: step('saveBad', () => {
        const calls = save.calls.length;
        actor.send({ type: 'abha.save' });
        expect(save.calls.length, 'nothing sent').toBe(calls);
        expect(Object.keys(selectAbhaErrors(actor.getSnapshot()))).toEqual(['abhaNumber']);
      }),
      typeGood: step('typeGood', () => {
        type('abhaNumber', '91-5020-3070-4012');
        type('abhaAddress', '');
        expect(selectAbhaErrors(actor.getSnapshot())).toEqual({});
      }),
      saveGood: step('saveGood', () => {
        actor.send({ type: 'abha.save' });
        expect(save.latest().input).toEqual({ token: 'tok-asha', target, request: { abhaNumber: '91-5020-3070-4012', abhaAddress: '', source: 'typed' } });
      }),
      cancel: step('cancel', () => actor.send({ type: 'abha.cancel' })),
      scan: step('scan', () => {
        actor.send({ type: 'abha.scan', image: picture });
        expect(read.latest().input).toEqual({ image: picture });
      }),
      card: step('card', async () => {
        read.latest().resolve(card);
        await settle();
        expect(save.latest().input.request).toEqual({ abhaNumber: '91502030704012', abhaAddress: 'asha.kale@abdm', source: 'qr' });
      }),
      otherQr: step('otherQr', async () => {
        read.latest().resolve('https://example.org/not-a-card');
        await settle();
        expect(selectQrProblem(actor.getSnapshot())).toBe('notAbha');
      }),
      noQr: step('noQr', async () => {
        read.latest().resolve(null);
        await settle();
        expect(selectQrProblem(actor.getSnapshot())).toBe('unreadable');
      }),
      readFailed: step('readFailed', async () => {
        read.latest().reject(new Error('decode failed'));
        await settle();
        expect(selectQrProblem(actor.getSnapshot())).toBe('unreadable');
      }),
      saved: step('saved', () => save.latest().resolve(onFile)),
      refusedField: step('refusedField', async () => {
        save.latest().reject(taken);
        await settle();
        expect(selectAbhaErrors(actor.getSnapshot())).toEqual({ abhaNumber: 'This ABHA number is on another patient\'s file.' });
      }),
      refused: step('refused', () => save.latest().reject(unanswered)),
      remove: step('remove', () => actor.send({ type: 'abha.remove' })),
      removed: step('removed', () => remove.latest().resolve({ abha: null })),
      removeRefused: step('removeRefused', () => remove.latest().reject(refused(404, 'No such patient here.'))),
    },
    states: {
      Loading: () => expect(actor.getSnapshot().hasTag('loading')).toBe(true),
      Failed: () => expect(selectAbhaFailed(actor.getSnapshot())).toBe(true),
      Empty: () => {
        shows({ abha: false, editing: false })();
        expect(actor.getSnapshot().can({ type: 'abha.remove' })).toBe(false);
      },
      OnFile: shows({ abha: true, editing: false }),
      Editing: shows({ abha: false, editing: true }),
      Typed: shows({ abha: false, editing: true }),
      Reading: shows({ abha: false, editing: true, busy: true }),
      Saving: shows({ abha: false, editing: true, busy: true }),
      Removing: shows({ abha: true, editing: false, busy: true }),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('abhaMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, harness);
  expectWalkedFully(abhaMachine);
});
