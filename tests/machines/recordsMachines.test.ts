/**
 * The patient's record machines: My Remedies' list, documents' downloads, and /account's data
 * export and account deletion, with their calls answered by fakes.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { AccountDeletionAnswer, PrescriptionRecord } from '../../contract/records.js';
import { accountRecordsMachine, selectDeletion, selectDeletionError, selectDeletionStep, selectIsExporting } from '../../machines/records/accountRecordsMachine.js';
import { documentDownloadMachine, selectDownloading } from '../../machines/records/documentDownloadMachine.js';
import { remediesMachine, selectFailed, selectIsLoading, selectPrescriptions } from '../../machines/records/remediesMachine.js';
import { refused, settle, unanswered } from './accountFakes.js';

const file = { fileName: 'prescription-SHC-25-000001.pdf', content: new Blob(['%PDF-']) };
const prescription = { appointmentId: 'a1', current: true } as PrescriptionRecord;

function remedies(load: () => Promise<{ prescriptions: PrescriptionRecord[] }>) {
  const actor = createActor(remediesMachine.provide({ actors: { loadRemedies: fromPromise(load) } }), { input: { token: 't' } });
  actor.start();
  return { actor };
}

function documents(download: () => Promise<typeof file>) {
  const effects = { offerDownload: vi.fn(), notifyFailure: vi.fn() };
  const actor = createActor(
    documentDownloadMachine.provide({
      actors: { downloadDocument: fromPromise(download) },
      actions: {
        offerDownload: (_a, f) => effects.offerDownload(f),
        notifyFailure: (_a, p) => effects.notifyFailure(p.text),
      },
    }),
    { input: { token: 't' } },
  );
  actor.start();
  return { actor, effects };
}

describe('remediesMachine', () => {
  it('loads the prescriptions', async () => {
    const { actor } = remedies(async () => ({ prescriptions: [prescription] }));
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await settle();
    expect(selectPrescriptions(actor.getSnapshot())).toEqual([prescription]);
  });

  it('a failed list can be retried; a 401 fails as any other answer (the request base ends the session)', async () => {
    let answer: unknown = unanswered;
    const { actor } = remedies(async () => {
      if (answer !== null) throw answer;
      return { prescriptions: [] };
    });
    await settle();
    expect(selectFailed(actor.getSnapshot())).toBe(true);
    answer = null;
    actor.send({ type: 'remedies.retry' });
    await settle();
    expect(selectFailed(actor.getSnapshot())).toBe(false);
    expect(selectPrescriptions(actor.getSnapshot())).toEqual([]);

    const expired = remedies(async () => {
      throw refused(401, 'Please login.');
    });
    await settle();
    expect(selectFailed(expired.actor.getSnapshot())).toBe(true);
    expect(selectIsLoading(expired.actor.getSnapshot())).toBe(false);
  });
});

describe('documentDownloadMachine', () => {
  it('downloads one document at a time and offers it', async () => {
    const { actor, effects } = documents(async () => file);
    actor.send({ type: 'document.download', path: '/appointments/a1/prescription.pdf' });
    expect(selectDownloading(actor.getSnapshot())).toBe('/appointments/a1/prescription.pdf');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // Another download waits until this one ends: it is not taken.
    actor.send({ type: 'document.download', path: '/appointments/a1/receipt.pdf' });
    expect(selectDownloading(actor.getSnapshot())).toBe('/appointments/a1/prescription.pdf');
    await settle();
    expect(effects.offerDownload).toHaveBeenCalledTimes(1);
    expect(effects.offerDownload).toHaveBeenCalledWith(file);
    expect(selectDownloading(actor.getSnapshot())).toBeNull();
  });

  it('a refused download says the server\'s words, an unanswered one the view\'s; a 401 the server\'s too', async () => {
    let answer: unknown = refused(404, 'Document not found.');
    const { actor, effects } = documents(async () => {
      throw answer;
    });
    actor.send({ type: 'document.download', path: '/x' });
    await settle();
    expect(effects.notifyFailure).toHaveBeenCalledWith('Document not found.');
    answer = unanswered;
    actor.send({ type: 'document.download', path: '/x' });
    await settle();
    expect(effects.notifyFailure).toHaveBeenLastCalledWith(null);
    answer = refused(401, 'Please login.');
    actor.send({ type: 'document.download', path: '/x' });
    await settle();
    // The ordinary refusal: the request base, not this machine, ends the session.
    expect(effects.notifyFailure).toHaveBeenLastCalledWith('Please login.');
    expect(effects.notifyFailure).toHaveBeenCalledTimes(3);
    expect(effects.offerDownload).not.toHaveBeenCalled();
    expect(selectDownloading(actor.getSnapshot())).toBeNull();
  });
});

const ready: AccountDeletionAnswer = { upcomingPaid: [], clinicalRetentionYears: 3, paymentRetentionYears: 8 };

function account(deletion: AccountDeletionAnswer, remove: (otp: string) => Promise<{ message: string }>) {
  const effects = { offerDownload: vi.fn(), notifyFailure: vi.fn(), accountDeleted: vi.fn(), sent: vi.fn() };
  const actor = createActor(
    accountRecordsMachine.provide({
      actors: {
        downloadDocument: fromPromise(async ({ input }) => ({ fileName: `data${input.path}`, content: new Blob([]) })),
        loadDeletion: fromPromise(async () => deletion),
        sendCode: fromPromise(async ({ input }) => {
          effects.sent(input.to.kind === 'email' ? input.to.email : input.to.phone);
          return { message: 'OTP sent to your email.' };
        }),
        deleteAccount: fromPromise(async ({ input }) => remove(input.otp)),
      },
      actions: {
        offerDownload: (_a, f) => effects.offerDownload(f.fileName),
        notifyFailure: (_a, p) => effects.notifyFailure(p.text),
        accountDeleted: () => effects.accountDeleted(),
      },
    }),
    { input: { token: 't', codeTo: { kind: 'email', email: 'asha@example.com' } } },
  );
  actor.start();
  return { actor, effects };
}

describe('accountRecordsMachine', () => {
  it('exports the data as a download', async () => {
    const { actor, effects } = account(ready, async () => ({ message: 'ok' }));
    actor.send({ type: 'data.export' });
    expect(selectIsExporting(actor.getSnapshot())).toBe(true);
    await settle();
    expect(effects.offerDownload).toHaveBeenCalledWith('data/export.zip');
  });

  it('paid appointments ahead block the deletion: no code can be asked for', async () => {
    const upcoming = { _id: 'a', appointmentId: 'SHC-25-000002', date: '2025-03-12', startTime: '10:00', doctorName: 'Dr. X' };
    const { actor, effects } = account({ ...ready, upcomingPaid: [upcoming] }, async () => ({ message: 'ok' }));
    await settle();
    expect(selectDeletionStep(actor.getSnapshot())).toBe('Blocked');
    actor.send({ type: 'deletion.sendCode' });
    await settle();
    expect(effects.sent).not.toHaveBeenCalled();
  });

  it('sends a code to the account\'s address; a wrong code is said; the right one deletes the account', async () => {
    const { actor, effects } = account(ready, async (otp) => {
      if (otp !== '123456') throw refused(400, 'Invalid email OTP. Please try again.');
      return { message: 'deleted' };
    });
    await settle();
    expect(selectDeletion(actor.getSnapshot())).toEqual(ready);
    expect(selectDeletionStep(actor.getSnapshot())).toBe('Ready');
    actor.send({ type: 'deletion.sendCode' });
    await settle();
    expect(effects.sent).toHaveBeenCalledWith('asha@example.com');
    expect(selectDeletionStep(actor.getSnapshot())).toBe('CodeSent');
    actor.send({ type: 'deletion.confirm', otp: '000000' });
    await settle();
    expect(selectDeletionStep(actor.getSnapshot())).toBe('CodeSent');
    expect(selectDeletionError(actor.getSnapshot())).toBe('Invalid email OTP. Please try again.');
    actor.send({ type: 'deletion.confirm', otp: '123456' });
    await settle();
    expect(selectDeletionStep(actor.getSnapshot())).toBe('Deleted');
    expect(effects.accountDeleted).toHaveBeenCalledTimes(1);
  });
});
