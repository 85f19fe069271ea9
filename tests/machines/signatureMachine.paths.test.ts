/**
 * Model-based paths for a doctor's signature (machines/signature): loaded (none, one on file, or
 * failed and retried), a file chosen (fitting, of the wrong type, too large; ignored while
 * loading, uploading or removing), previewed, uploaded (saved, refused at the field, failed),
 * replaced, cancelled, removed (or not). And the admin's choice of doctor: loaded or failed and
 * retried. Along every path the REAL machines run with their calls answered by hand; each step
 * must emit exactly the notices the model names, each state show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { signatureMaxUploadBytes } from '../../contract/signatures.js';
import { doctorChoiceMachine, selectChoiceDoctors, selectChoiceFailed, type DoctorChoice } from '../../machines/signature/doctorChoiceMachine.js';
import type { LoadSignatureInput, PutSignatureInput, SignatureFile } from '../../machines/signature/signatureContext.js';
import {
  selectSignatureBusy,
  selectSignatureFailed,
  selectSignatureFile,
  selectSignatureImage,
  selectSignaturePreviewing,
  selectSignatureProblem,
  signatureMachine,
} from '../../machines/signature/signatureMachine.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  none: [],
  image: [],
  fail: ['loadFailed'],
  retry: [],
  good: [],
  wrong: [],
  large: [],
  ignored: [],
  upload: [],
  cancel: [],
  saved: ['saved'],
  refusedField: [],
  refused: ['somethingWentWrong'],
  remove: [],
  removed: ['removed'],
  removeRefused: ['server: No signature on file for this doctor.'],
} as const satisfies Record<string, readonly string[]>;
type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'signatureModel',
  types: {} as { events: ModelEvent },
  initial: 'Loading',
  states: {
    Loading: { on: { none: 'Empty', image: 'OnFile', fail: 'Failed', ignored: 'Loading' } },
    Failed: { on: { retry: 'Loading', ignored: 'Failed' } },
    Empty: { on: { good: 'PreviewNew', wrong: 'Empty', large: 'Empty' } },
    OnFile: { on: { good: 'PreviewReplace', wrong: 'OnFile', remove: 'Removing' } },
    PreviewNew: { on: { upload: 'UploadingNew', cancel: 'Empty', good: 'PreviewNew', wrong: 'Empty' } },
    PreviewReplace: { on: { upload: 'UploadingReplace', cancel: 'OnFile' } },
    UploadingNew: { on: { saved: 'Loading', refusedField: 'PreviewNew', refused: 'PreviewNew', ignored: 'UploadingNew' } },
    UploadingReplace: { on: { saved: 'Loading' } },
    Removing: { on: { removed: 'Empty', removeRefused: 'OnFile', ignored: 'Removing' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const fileOf = (name: string, type: string, size = 64): SignatureFile => new File([new Uint8Array(size)], name, { type });
const goodFile = fileOf('sign.png', 'image/png');
const onFile = new Blob([new Uint8Array(8)], { type: 'image/png' });
const fieldRefusal = {
  ...refused(400, 'This is not an image we can read: use a PNG, JPEG or WebP picture of the signature.'),
  errors: [{ field: 'signature', message: 'This is not an image we can read: use a PNG, JPEG or WebP picture of the signature.' }],
};

function harness() {
  const load = answeredByHand<Blob | null, LoadSignatureInput>();
  const put = answeredByHand<unknown, PutSignatureInput>();
  const remove = answeredByHand<unknown, LoadSignatureInput>();
  const actor = createActor(
    signatureMachine.provide({ actors: { loadSignature: load.logic, putSignature: put.logic, removeSignature: remove.logic } }),
    { input: { token: 'tok-doc', doctorId: 'doc-meera' }, inspect: recordWalk },
  );
  const emitted = recordEmitted<{ type: string }>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  const choose = (file: SignatureFile) => actor.send({ type: 'file.choose', file });
  const shows =
    (what: { image: boolean; file: boolean; problem?: string | null; busy?: boolean; failed?: boolean }) => () => {
      const s = actor.getSnapshot();
      expect(selectSignatureImage(s) !== null, 'image').toBe(what.image);
      expect(selectSignatureFile(s) !== null, 'file').toBe(what.file);
      expect(selectSignaturePreviewing(s), 'previewing').toBe(what.file);
      expect(selectSignatureBusy(s), 'busy').toBe(what.busy ?? false);
      expect(selectSignatureFailed(s), 'failed').toBe(what.failed ?? false);
      if (what.problem !== undefined) expect(selectSignatureProblem(s)?.kind ?? null).toBe(what.problem);
    };
  return {
    stop: () => actor.stop(),
    events: {
      none: step('none', () => {
        expect(load.latest().input).toEqual({ doctorId: 'doc-meera', token: 'tok-doc' });
        load.latest().resolve(null);
      }),
      image: step('image', () => load.latest().resolve(onFile)),
      fail: step('fail', () => load.latest().reject(unanswered)),
      retry: step('retry', () => actor.send({ type: 'signature.retry' })),
      good: step('good', () => choose(goodFile)),
      wrong: step('wrong', () => choose(fileOf('sign.gif', 'image/gif'))),
      large: step('large', () => choose(fileOf('big.jpg', '', signatureMaxUploadBytes + 1))),
      ignored: step('ignored', () => {
        const before = actor.getSnapshot().value;
        choose(goodFile);
        expect(actor.getSnapshot().value).toEqual(before);
      }),
      upload: step('upload', () => {
        actor.send({ type: 'upload.send' });
        expect(put.latest().input).toEqual({ doctorId: 'doc-meera', token: 'tok-doc', file: goodFile });
      }),
      cancel: step('cancel', () => actor.send({ type: 'upload.cancel' })),
      saved: step('saved', () => put.latest().resolve({ message: 'Signature saved.' })),
      refusedField: step('refusedField', () => put.latest().reject(fieldRefusal)),
      refused: step('refused', () => put.latest().reject(unanswered)),
      remove: step('remove', () => actor.send({ type: 'signature.remove' })),
      removed: step('removed', () => remove.latest().resolve({ message: 'Signature removed.' })),
      removeRefused: step('removeRefused', () => remove.latest().reject(refused(404, 'No signature on file for this doctor.'))),
    },
    states: {
      Loading: () => expect(actor.getSnapshot().hasTag('loading')).toBe(true),
      Failed: shows({ image: false, file: false, failed: true }),
      Empty: () => {
        const s = actor.getSnapshot();
        expect(selectSignatureImage(s)).toBeNull();
        expect(selectSignatureFile(s)).toBeNull();
        expect(s.matches('Showing')).toBe(true);
        // A refused file: why, at the field.
        expect(['wrongType', 'tooLarge', null]).toContain(selectSignatureProblem(s)?.kind ?? null);
        // Nothing to remove.
        expect(s.can({ type: 'signature.remove' })).toBe(false);
      },
      OnFile: shows({ image: true, file: false }),
      PreviewNew: () => {
        shows({ image: false, file: true })();
        expect(['server', null]).toContain(selectSignatureProblem(actor.getSnapshot())?.kind ?? null);
      },
      PreviewReplace: shows({ image: true, file: true, problem: null }),
      UploadingNew: shows({ image: false, file: true, busy: true }),
      UploadingReplace: shows({ image: true, file: true, busy: true }),
      Removing: shows({ image: true, file: false, busy: true }),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('signatureMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, harness);
  expectWalkedFully(signatureMachine);
});

const choiceEmits = { loaded: [], fail: [], retry: [] } as const satisfies Record<string, readonly string[]>;
const choiceModel = createMachine({
  id: 'signatureDoctorChoiceModel',
  types: {} as { events: { type: keyof typeof choiceEmits } },
  initial: 'Loading',
  states: {
    Loading: { on: { loaded: 'Ready', fail: 'Failed' } },
    Failed: { on: { retry: 'Loading' } },
    Ready: {},
  },
});
const doctors: DoctorChoice[] = [
  { _id: 'doc-meera', name: 'Dr. Meera Kulkarni' },
  { _id: 'doc-kavita', name: 'Dr. Kavita Joshi' },
];

function choiceHarness() {
  const load = answeredByHand<readonly DoctorChoice[], { token: string }>();
  const actor = createActor(doctorChoiceMachine.provide({ actors: { loadDoctors: load.logic } }), { input: { token: 'tok-admin' }, inspect: recordWalk });
  const emitted = recordEmitted<{ type: string }>(actor);
  actor.start();
  const step = stepper(emitted.take, choiceEmits);
  return {
    stop: () => actor.stop(),
    events: {
      loaded: step('loaded', () => {
        expect(load.latest().input).toEqual({ token: 'tok-admin' });
        load.latest().resolve(doctors);
      }),
      fail: step('fail', () => load.latest().reject(unanswered)),
      retry: step('retry', () => actor.send({ type: 'doctors.retry' })),
    },
    states: {
      Loading: () => expect(actor.getSnapshot().hasTag('loading')).toBe(true),
      Failed: () => expect(selectChoiceFailed(actor.getSnapshot())).toBe(true),
      Ready: () => expect(selectChoiceDoctors(actor.getSnapshot())).toEqual(doctors),
    } satisfies Record<string, (state: SnapshotFrom<typeof choiceModel>) => void>,
  };
}

describe('doctorChoiceMachine paths', () => {
  const testModel = createTestModel(choiceModel);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, choiceHarness);
  expectWalkedFully(doctorChoiceMachine);
});
