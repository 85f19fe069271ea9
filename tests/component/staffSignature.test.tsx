/**
 * The staff console's "My signature" (src/staff/signature): none on file, a file chosen,
 * previewed and uploaded, the one on file replaced and removed, a wrong type or a file too large
 * said at the field before anything is sent, the server's refusal said at the field, and an
 * admin's choice of doctor. Every call is answered by hand, but for the live calls over a fake
 * fetch: the server's 204 No Content is none on file, its 404 a failure.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signatureMaxUploadBytes } from '../../contract/signatures';
import type { DoctorChoice } from '../../machines/signature/doctorChoiceMachine';
import type { LoadSignatureInput, PutSignatureInput } from '../../machines/signature/signatureContext';
import { liveSignatureServices } from '../../src/staff/signature/liveSignature';
import { answeredByHand } from '../machines/accountFakes';
import { adminMe, doctorMe } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, expectOnField } from './support';

const meera = { ...doctorMe, doctorId: 'doc-meera' };
const png = (name = 'sign.png', size = 100, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
const onFile = new Blob([new Uint8Array(8)], { type: 'image/png' });

function fakeSignature() {
  const fake = fakeStaff();
  const calls = {
    loadSignature: answeredByHand<Blob | null, LoadSignatureInput>(),
    putSignature: answeredByHand<unknown, PutSignatureInput>(),
    removeSignature: answeredByHand<unknown, LoadSignatureInput>(),
    loadDoctors: answeredByHand<readonly DoctorChoice[], { token: string }>(),
  };
  fake.services = {
    ...fake.services,
    signature: {
      actors: {
        loadSignature: calls.loadSignature.logic,
        putSignature: calls.putSignature.logic,
        removeSignature: calls.removeSignature.logic,
        loadDoctors: calls.loadDoctors.logic,
      },
    },
  };
  return { fake, ...calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

let urls = 0;
beforeEach(() => {
  urls = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:sig-${++urls}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

async function openAsDoctor(signature: Blob | null) {
  const s = fakeSignature();
  await renderConsole({ path: '/staff/signature', fake: s.fake, me: meera });
  await waitFor(() => expect(s.loadSignature.calls).toHaveLength(1));
  expect(s.loadSignature.latest().input).toEqual({ doctorId: 'doc-meera', token: 'tok-stored' });
  await answer(() => s.loadSignature.latest().resolve(signature));
  return s;
}

describe('the staff console: My signature', () => {
  it('says when none is on file; a chosen file is previewed and uploaded, then the one on file is shown', async () => {
    const user = userEvent.setup();
    const s = await openAsDoctor(null);
    expect(screen.getByRole('heading', { level: 1, name: 'My signature' })).toBeTruthy();
    expect(screen.getByText('No signature on file: the prescription shows the name alone.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove signature' })).toBeNull();

    const file = png();
    await user.upload(screen.getByLabelText('Signature image (PNG, JPEG or WebP, at most 2 MB)'), file);
    expect(screen.getByRole('img', { name: 'The chosen image' }).getAttribute('src')).toMatch(/^blob:sig-/);
    await user.click(screen.getByRole('button', { name: 'Upload signature' }));
    expect(s.putSignature.latest().input).toEqual({ doctorId: 'doc-meera', file, token: 'tok-stored' });
    expect(screen.getByRole('button', { name: 'Uploading…' }).hasAttribute('disabled')).toBe(true);
    await answer(() => s.putSignature.latest().resolve({ message: 'Signature saved.' }));
    expect(await screen.findByText('Signature saved.', { selector: '.toast__text' })).toBeTruthy();
    await waitFor(() => expect(s.loadSignature.calls).toHaveLength(2));
    await answer(() => s.loadSignature.latest().resolve(onFile));
    expect(screen.getByRole('img', { name: `Signature of ${doctorMe.doctorName}` })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'The chosen image' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove signature' })).toBeTruthy();
  });

  it('replaces the one on file (or drops the chosen file), and removes it', async () => {
    const user = userEvent.setup();
    const s = await openAsDoctor(onFile);
    const field = screen.getByLabelText('Signature image (PNG, JPEG or WebP, at most 2 MB)');
    await user.upload(field, png('new.jpg', 300, 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('img', { name: 'The chosen image' })).toBeNull();
    expect(s.putSignature.calls).toHaveLength(0);

    await user.upload(field, png('new.jpg', 300, 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Replace signature' }));
    expect(s.putSignature.latest().input.file.name).toBe('new.jpg');
    await answer(() => s.putSignature.latest().resolve({ message: 'Signature saved.' }));
    await answer(() => s.loadSignature.latest().resolve(onFile));

    // Remove is asked once more: Keep it sends nothing.
    await user.click(screen.getByRole('button', { name: 'Remove signature' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(s.removeSignature.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove signature' }));
    expect(screen.getByRole('group', { name: 'Remove signature' }).textContent).toContain('Prescriptions made from now on show the name alone.');
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(s.removeSignature.latest().input).toEqual({ doctorId: 'doc-meera', token: 'tok-stored' });
    expect(screen.getByRole('button', { name: 'Removing…' })).toBeTruthy();
    await answer(() => s.removeSignature.latest().resolve({ message: 'Signature removed.' }));
    expect(await screen.findByText('Signature removed.', { selector: '.toast__text' })).toBeTruthy();
    expect(screen.getByText('No signature on file: the prescription shows the name alone.')).toBeTruthy();
  });

  it('says a wrong type and a file too large at the field, sending nothing; and the server refusal there too', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const s = await openAsDoctor(null);
    const field = screen.getByLabelText('Signature image (PNG, JPEG or WebP, at most 2 MB)');
    await user.upload(field, png('sign.gif', 100, 'image/gif'));
    await expectOnField(field, 'This is not an image we can read: use a PNG, JPEG or WebP picture of the signature.');
    expect(screen.queryByRole('button', { name: 'Upload signature' })).toBeNull();
    await user.upload(field, png('big.png', signatureMaxUploadBytes + 1));
    await expectOnField(field, 'The image is too large: at most 2 MB.');
    expect(s.putSignature.calls).toHaveLength(0);

    const words = 'This is not an image we can read: use a PNG, JPEG or WebP picture of the signature.';
    await user.upload(field, png('broken.png'));
    await user.click(screen.getByRole('button', { name: 'Upload signature' }));
    await answer(() => s.putSignature.latest().reject({ _tag: 'HttpFailure', status: 400, message: words, errors: [{ field: 'signature', message: words }] }));
    await expectOnField(field, words);
    // The file stays chosen, to try another.
    expect(screen.getByRole('button', { name: 'Upload signature' })).toBeTruthy();
  });

  it('says when the signature cannot be loaded, with a retry', async () => {
    const user = userEvent.setup();
    const s = fakeSignature();
    await renderConsole({ path: '/staff/signature', fake: s.fake, me: meera });
    await waitFor(() => expect(s.loadSignature.calls).toHaveLength(1));
    await answer(() => s.loadSignature.latest().reject({ _tag: 'NetworkFailure', message: 'Failed to fetch' }));
    const alert = (await screen.findAllByText('We could not load the signature.', { selector: '.staff-state p' }))[0]!;
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(s.loadSignature.calls).toHaveLength(2);
  });

  it('over the live calls: the server\'s 204 (none on file) shows none; its 404 (not this doctor\'s) is a failure', async () => {
    const asked: string[] = [];
    for (const [status, shown] of [
      [204, 'No signature on file: the prescription shows the name alone.'],
      [404, 'We could not load the signature.'],
    ] as const) {
      vi.stubGlobal('fetch', async (url: string) => {
        if (!url.endsWith('/signature')) return Response.json({ message: 'Not found.' }, { status: 404 });
        asked.push(url);
        return status === 204 ? new Response(null, { status }) : Response.json({ message: 'No signature on file for this doctor.' }, { status });
      });
      const s = fakeSignature();
      s.fake.services = { ...s.fake.services, signature: liveSignatureServices };
      await renderConsole({ path: '/staff/signature', fake: s.fake, me: meera });
      expect((await screen.findAllByText(shown)).length, `answered ${status}`).toBeGreaterThan(0);
      cleanup();
    }
    expect(asked).toEqual(['/api/staff/doctors/doc-meera/signature', '/api/staff/doctors/doc-meera/signature']);
  });

  it("lets an admin choose the doctor whose signature to set", async () => {
    const user = userEvent.setup();
    const s = fakeSignature();
    await renderConsole({ path: '/staff/signature', fake: s.fake, me: adminMe });
    expect(await screen.findByRole('heading', { level: 1, name: 'Signatures' })).toBeTruthy();
    await waitFor(() => expect(s.loadDoctors.calls).toHaveLength(1));
    await answer(() =>
      s.loadDoctors.latest().resolve([
        { _id: 'doc-meera', name: 'Dr. Meera Kulkarni' },
        { _id: 'doc-kavita', name: 'Dr. Kavita Joshi' },
      ]),
    );
    await waitFor(() => expect(s.loadSignature.latest().input.doctorId).toBe('doc-meera'));
    await answer(() => s.loadSignature.latest().resolve(null));
    await user.selectOptions(screen.getByLabelText('Doctor'), 'doc-kavita');
    await waitFor(() => expect(s.loadSignature.latest().input.doctorId).toBe('doc-kavita'));
    await answer(() => s.loadSignature.latest().resolve(onFile));
    expect(screen.getByRole('img', { name: 'Signature of Dr. Kavita Joshi' })).toBeTruthy();
  });

  it('is not offered to reception', async () => {
    const s = fakeSignature();
    await renderConsole({ path: '/staff/signature', fake: s.fake, me: { ...adminMe, role: 'reception' } });
    expect(await screen.findByText('There is no such section in the staff console.')).toBeTruthy();
    expect(s.loadSignature.calls).toHaveLength(0);
  });
});
