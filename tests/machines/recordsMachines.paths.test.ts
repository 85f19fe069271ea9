/**
 * Model-based paths for the patient's record machines: downloading a document (one at
 * a time; offered, refused with the server's words or the view's, a 401 refused as any other: the
 * request base ends the session) and My Remedies' list (loaded, failed, retried, a 401 failing). Along every path the REAL machine runs with its
 * call answered by hand; each state must show what the model says, and each step must have had
 * exactly the effects the model expects.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import type { RemediesAnswer } from '../../contract/records.js';
import { documentDownloadMachine, selectDownloading, type DownloadedFile } from '../../machines/records/documentDownloadMachine.js';
import { remediesMachine, selectFailed, selectIsLoading, selectPrescriptions } from '../../machines/records/remediesMachine.js';
import { answeredByHand, refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

const file: DownloadedFile = { fileName: 'receipt-SHC-25-000001.pdf', content: new Blob(['%PDF-']) };
const first = '/appointments/a1/prescription.pdf';

/** Effects a step is expected to have: each a count of calls of that provided action. */
type Effects = { offered: number; refusedWith: Array<string | null> };

const downloadModel = createMachine({
  id: 'documentDownloadModel',
  types: {} as { events: { type: 'download' | 'again' | 'done' | 'refused' | 'unanswered' | 'expired' } },
  initial: 'Idle',
  states: {
    Idle: { on: { download: 'Downloading' } },
    // `again`: a second download while one runs is not taken.
    Downloading: { on: { again: 'Downloading', done: 'Idle', refused: 'Idle', unanswered: 'Idle', expired: 'Idle' } },
  },
});

function downloadHarness() {
  const download = answeredByHand<DownloadedFile, { path: string; token: string }>();
  const effects = { offerDownload: vi.fn(), notifyFailure: vi.fn() };
  const actor = createActor(
    documentDownloadMachine.provide({
      actors: { downloadDocument: download.logic },
      actions: {
        offerDownload: (_a, f) => effects.offerDownload(f),
        notifyFailure: (_a, p) => effects.notifyFailure(p.text),
      },
    }),
    { input: { token: 'tok' }, inspect: recordWalk },
  );
  actor.start();
  let calls = 0;
  const expected: Effects = { offered: 0, refusedWith: [] };
  const step = (act: () => void) => async () => {
    act();
    await settle();
    expect(effects.offerDownload).toHaveBeenCalledTimes(expected.offered);
    expect(effects.notifyFailure.mock.calls.map((c) => c[0])).toEqual(expected.refusedWith);
    expect(download.calls).toHaveLength(calls);
  };
  return {
    stop: () => actor.stop(),
    events: {
      download: step(() => {
        actor.send({ type: 'document.download', path: first });
        calls += 1;
      }),
      again: step(() => actor.send({ type: 'document.download', path: '/orders/o1/receipt.pdf' })),
      done: step(() => {
        expected.offered += 1;
        download.latest().resolve(file);
      }),
      refused: step(() => {
        expected.refusedWith.push('Document not found.');
        download.latest().reject(refused(404, 'Document not found.'));
      }),
      unanswered: step(() => {
        expected.refusedWith.push(null);
        download.latest().reject(unanswered);
      }),
      expired: step(() => {
        expected.refusedWith.push('Please login.');
        download.latest().reject(refused(401, 'Please login.'));
      }),
    },
    states: {
      Idle: () => {
        expect(selectDownloading(actor.getSnapshot())).toBeNull();
        expect(actor.getSnapshot().hasTag('busy')).toBe(false);
      },
      Downloading: () => {
        expect(selectDownloading(actor.getSnapshot())).toBe(first);
        expect(actor.getSnapshot().hasTag('busy')).toBe(true);
        expect(download.latest().input).toEqual({ path: first, token: 'tok' });
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof downloadModel>) => void>,
  };
}

describe('documentDownloadMachine paths', () => {
  const testModel = createTestModel(downloadModel);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['download', 'again', 'refused', 'download', 'unanswered', 'download', 'done', 'download', 'expired'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(downloadModel);
    expect(declared).toHaveLength(6);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, downloadHarness);
});

const remediesModel = createMachine({
  id: 'remediesModel',
  types: {} as { events: { type: 'loaded' | 'failed' | 'expired' | 'retry' } },
  initial: 'Loading',
  states: {
    Loading: { on: { loaded: 'Loaded', failed: 'Failed', expired: 'Failed' } },
    Failed: { on: { retry: 'Loading' } },
    Loaded: {},
  },
});

const answer: RemediesAnswer = { prescriptions: [] };

function remediesHarness() {
  const load = answeredByHand<RemediesAnswer, { token: string }>();
  const actor = createActor(remediesMachine.provide({ actors: { loadRemedies: load.logic }, actions: {} }), {
    input: { token: 'tok' },
    inspect: recordWalk,
  });
  actor.start();
  let loads = 1;
  const step = (act: () => void) => async () => {
    act();
    await settle();
    expect(load.calls).toHaveLength(loads);
    expect(load.latest().input).toEqual({ token: 'tok' });
  };
  const shows = (loading: boolean, failed: boolean) => () => {
    expect(selectIsLoading(actor.getSnapshot())).toBe(loading);
    expect(selectFailed(actor.getSnapshot())).toBe(failed);
  };
  return {
    stop: () => actor.stop(),
    events: {
      loaded: step(() => load.latest().resolve(answer)),
      failed: step(() => load.latest().reject(unanswered)),
      expired: step(() => load.latest().reject(refused(401, 'Please login.'))),
      retry: step(() => {
        loads += 1;
        actor.send({ type: 'remedies.retry' });
      }),
    },
    states: {
      Loading: shows(true, false),
      Failed: shows(false, true),
      Loaded: () => {
        shows(false, false)();
        expect(selectPrescriptions(actor.getSnapshot())).toBe(answer.prescriptions);
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof remediesModel>) => void>,
  };
}

describe('remediesMachine paths', () => {
  const testModel = createTestModel(remediesModel);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(remediesModel);
    expect(declared).toHaveLength(4);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition }, remediesHarness);
});
