/**
 * Model-based paths for the account's own data on /account: "Download my data"
 * (offered, refused with the server's words or none, a 401 refused as any other: the request
 * base ends the session, not this machine) and "Delete my account" (the conditions loaded, failed
 * and retried, blocked by paid appointments ahead, the email code sent or refused, cancelled, a
 * wrong code, a 401, the account closed). The two regions
 * of the REAL machine run side by side; each model drives one of them with the calls answered by
 * hand, checks what every state shows, and counts every provided effect after every step.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import type { AccountDeletionAnswer } from '../../contract/records.js';
import {
  accountRecordsMachine,
  selectDeletion,
  selectDeletionError,
  selectDeletionStep,
  selectIsExporting,
  type DeletionCodeTo,
} from '../../machines/records/accountRecordsMachine.js';
import type { DownloadedFile } from '../../machines/records/documentDownloadMachine.js';
import { answeredByHand, refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

const email = 'asha@example.com';
const ready: AccountDeletionAnswer = { upcomingPaid: [], clinicalRetentionYears: 3, paymentRetentionYears: 8 };
const blocked: AccountDeletionAnswer = {
  ...ready,
  upcomingPaid: [{ _id: 'a1', appointmentId: 'SHC-26-000001', date: '2026-12-01', startTime: '10:00', doctorName: 'Dr. Meera Kulkarni' }],
};
const file: DownloadedFile = { fileName: 'my-data.zip', content: new Blob(['PK']) };

/** The real machine with every call answered by hand and every effect counted. */
function account() {
  const calls = {
    download: answeredByHand<DownloadedFile, { path: string; token: string }>(),
    load: answeredByHand<AccountDeletionAnswer, { token: string }>(),
    send: answeredByHand<{ message: string }, { to: DeletionCodeTo; token: string }>(),
    remove: answeredByHand<{ message: string }, { otp: string; token: string }>(),
  };
  const effects = { offerDownload: vi.fn(), notifyFailure: vi.fn(), accountDeleted: vi.fn() };
  const actor = createActor(
    accountRecordsMachine.provide({
      actors: { downloadDocument: calls.download.logic, loadDeletion: calls.load.logic, sendCode: calls.send.logic, deleteAccount: calls.remove.logic },
      actions: {
        offerDownload: (_a, f) => effects.offerDownload(f.fileName),
        notifyFailure: (_a, p) => effects.notifyFailure(p.text),
        accountDeleted: () => effects.accountDeleted(),
      },
    }),
    { input: { token: 'tok', codeTo: { kind: 'email', email } }, inspect: recordWalk },
  );
  actor.start();
  return { actor, calls, effects };
}

const exportModel = createMachine({
  id: 'accountExportModel',
  types: {} as { events: { type: 'export' | 'offered' | 'refused' | 'unanswered' | 'expired' } },
  initial: 'Idle',
  states: {
    Idle: { on: { export: 'Exporting' } },
    Exporting: { on: { offered: 'Idle', refused: 'Idle', unanswered: 'Idle', expired: 'Idle' } },
  },
});

function exportHarness() {
  const { actor, calls, effects } = account();
  const expected = { downloads: 0, offered: 0, failures: [] as string[] };
  const step = (act: () => void) => async () => {
    act();
    await settle();
    expect(calls.download.calls).toHaveLength(expected.downloads);
    expect(effects.offerDownload).toHaveBeenCalledTimes(expected.offered);
    expect(effects.notifyFailure.mock.calls.map((c) => c[0])).toEqual(expected.failures);
    // The other region is left alone: still asking what deletion needs.
    expect(selectDeletionStep(actor.getSnapshot())).toBe('Loading');
  };
  return {
    stop: () => actor.stop(),
    events: {
      export: step(() => {
        expected.downloads += 1;
        actor.send({ type: 'data.export' });
      }),
      offered: step(() => {
        expected.offered += 1;
        calls.download.latest().resolve(file);
      }),
      refused: step(() => {
        expected.failures.push('Too many exports today.');
        calls.download.latest().reject(refused(429, 'Too many exports today.'));
      }),
      unanswered: step(() => {
        expected.failures.push(''); // no words: the view says its own
        calls.download.latest().reject(unanswered);
      }),
      expired: step(() => {
        // The ordinary refusal: the server's words (the session's end is the request base's).
        expected.failures.push('Please login.');
        calls.download.latest().reject(refused(401, 'Please login.'));
      }),
    },
    states: {
      Idle: () => expect(selectIsExporting(actor.getSnapshot())).toBe(false),
      Exporting: () => {
        expect(selectIsExporting(actor.getSnapshot())).toBe(true);
        expect(calls.download.latest().input).toEqual({ path: '/export.zip', token: 'tok' });
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof exportModel>) => void>,
  };
}

type DeletionEvent =
  | 'loaded'
  | 'loadedBlocked'
  | 'loadFailed'
  | 'loadExpired'
  | 'retry'
  | 'sendCode'
  | 'codeSent'
  | 'codeRefused'
  | 'cancel'
  | 'confirm'
  | 'deleted'
  | 'wrongCode'
  | 'deleteExpired';

const deletionModel = createMachine({
  id: 'accountDeletionModel',
  types: {} as { events: { type: DeletionEvent } },
  initial: 'Loading',
  states: {
    Loading: { on: { loaded: 'Ready', loadedBlocked: 'Blocked', loadFailed: 'Failed', loadExpired: 'Failed' } },
    Failed: { on: { retry: 'Loading' } },
    Blocked: {},
    Ready: { on: { sendCode: 'SendingCode' } },
    SendingCode: { on: { codeSent: 'CodeSent', codeRefused: 'Ready' } },
    CodeSent: { on: { confirm: 'Deleting', cancel: 'Ready' } },
    Deleting: { on: { deleted: 'Deleted', wrongCode: 'CodeSent', deleteExpired: 'CodeSent' } },
    Deleted: {},
  },
});

function deletionHarness() {
  const { actor, calls, effects } = account();
  const expected = { loads: 1, sends: 0, removes: 0, deleted: 0, error: null as string | null, deletion: null as AccountDeletionAnswer | null };
  const step = (act: () => void) => async () => {
    act();
    await settle();
    expect(calls.load.calls).toHaveLength(expected.loads);
    expect(calls.send.calls).toHaveLength(expected.sends);
    expect(calls.remove.calls).toHaveLength(expected.removes);
    expect(effects.accountDeleted).toHaveBeenCalledTimes(expected.deleted);
    expect(selectDeletionError(actor.getSnapshot())).toBe(expected.error);
    // The other region is left alone.
    expect(calls.download.calls).toHaveLength(0);
    expect(effects.notifyFailure).not.toHaveBeenCalled();
  };
  const at = (step: string) => () => expect(selectDeletionStep(actor.getSnapshot())).toBe(step);
  return {
    stop: () => actor.stop(),
    events: {
      loaded: step(() => {
        expected.deletion = ready;
        calls.load.latest().resolve(ready);
      }),
      loadedBlocked: step(() => {
        expected.deletion = blocked;
        calls.load.latest().resolve(blocked);
      }),
      loadFailed: step(() => calls.load.latest().reject(unanswered)),
      // Failed, as any other refusal: the request base ends the session.
      loadExpired: step(() => calls.load.latest().reject(refused(401, 'Please login.'))),
      retry: step(() => {
        expected.loads += 1;
        actor.send({ type: 'deletion.retry' });
      }),
      sendCode: step(() => {
        expected.sends += 1;
        expected.error = null;
        actor.send({ type: 'deletion.sendCode' });
      }),
      codeSent: step(() => calls.send.latest().resolve({ message: 'OTP sent to your email.' })),
      codeRefused: step(() => {
        expected.error = 'Please wait a minute before asking for another code.';
        calls.send.latest().reject(refused(429, 'Please wait a minute before asking for another code.'));
      }),
      cancel: step(() => actor.send({ type: 'deletion.cancel' })),
      confirm: step(() => {
        expected.removes += 1;
        expected.error = null;
        actor.send({ type: 'deletion.confirm', otp: '123456' });
      }),
      deleted: step(() => {
        expected.deleted += 1;
        calls.remove.latest().resolve({ message: 'Your account is closed.' });
      }),
      wrongCode: step(() => {
        expected.error = 'Invalid OTP';
        calls.remove.latest().reject(refused(400, 'Invalid OTP'));
      }),
      deleteExpired: step(() => {
        expected.error = 'Please login.';
        calls.remove.latest().reject(refused(401, 'Please login.'));
      }),
    },
    states: {
      Loading: () => {
        at('Loading')();
        expect(calls.load.latest().input).toEqual({ token: 'tok' });
      },
      Failed: at('Failed'),
      Blocked: () => {
        at('Blocked')();
        expect(selectDeletion(actor.getSnapshot())).toBe(blocked);
      },
      Ready: () => {
        at('Ready')();
        expect(selectDeletion(actor.getSnapshot())).toBe(expected.deletion);
      },
      SendingCode: () => {
        at('SendingCode')();
        expect(calls.send.latest().input).toEqual({ to: { kind: 'email', email }, token: 'tok' });
      },
      CodeSent: at('CodeSent'),
      Deleting: () => {
        at('Deleting')();
        expect(calls.remove.latest().input).toEqual({ otp: '123456', token: 'tok' });
      },
      Deleted: () => {
        at('Deleted')();
        expect(actor.getSnapshot().status).toBe('active'); // the export region is not final
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof deletionModel>) => void>,
  };
}

describe('accountRecordsMachine paths: Download my data', () => {
  const testModel = createTestModel(exportModel);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(exportModel);
    expect(declared).toHaveLength(5);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition }, exportHarness);
});

describe('accountRecordsMachine paths: Delete my account', () => {
  const testModel = createTestModel(deletionModel);
  const everyTransition = pathsTakingEveryTransition(testModel);
  // Failed, retried, a code refused, another sent, cancelled, sent again, a wrong code, then closed.
  const journeys = testModel.getPathsFromEvents(
    (['loadFailed', 'retry', 'loaded', 'sendCode', 'codeRefused', 'sendCode', 'codeSent', 'cancel', 'sendCode', 'codeSent', 'confirm', 'wrongCode', 'confirm', 'deleted'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(deletionModel);
    expect(declared).toHaveLength(13);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
    expect(journeys).toHaveLength(1);
    expect(journeys[0]!.state.value).toBe('Deleted');
  });

  testPaths({ 'every transition': everyTransition, journeys }, deletionHarness);
});
