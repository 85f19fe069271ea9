/**
 * The request base tells `onLoginRefused` listeners of every 401 to a call that carried a token
 * (the login expired or was revoked), once per answer, and of nothing else: a call without a
 * token (a wrong password at login) and other statuses are the caller's own failures.
 */
import * as t from 'io-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type HttpFailure } from '../../src/api/client.js';
import { onLoginRefused } from '../../src/api/loginRefused.js';
import { endpoint } from '../../contract/endpoint.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const answering = (status: number, body: unknown) => vi.fn<typeof fetch>(async () => json(status, body));
const message = t.type({ message: t.string });
const expired = { message: 'Please log in again.' };

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

function listen() {
  const heard: HttpFailure[] = [];
  stop = onLoginRefused((failure) => heard.push(failure));
  return heard;
}

describe('onLoginRefused', () => {
  it('hears a 401 to a call with a token once, with the failure the caller gets', async () => {
    const heard = listen();
    const result = await createApiClient({ fetch: answering(401, expired) }).request(message, '/appointment/all', { token: 'tok-1' });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ _tag: 'HttpFailure', status: 401, message: 'Please log in again.' });
    expect(result).toEqual({ _tag: 'Left', left: heard[0] });
  });

  it('hears nothing of a 401 to a call without a token (a wrong password at login)', async () => {
    const heard = listen();
    const fetch = answering(401, { message: 'Invalid email or password.' });
    const result = await createApiClient({ fetch }).request(message, '/auth/login', { method: 'POST', body: { email: 'a@b.in', password: 'x' } });
    expect(result._tag).toBe('Left');
    expect(heard).toEqual([]);
  });

  it.each([400, 403, 404, 409, 500])('hears nothing of a %i, even with a token', async (status) => {
    const heard = listen();
    const result = await createApiClient({ fetch: answering(status, { message: 'No.' }) }).request(message, '/appointment/all', { token: 'tok-1' });
    expect(result._tag).toBe('Left');
    expect(heard).toEqual([]);
  });

  it('hears a 401 to a file or stream opened with a token, words or none', async () => {
    const heard = listen();
    const receipt = endpoint({ method: 'GET', path: '/records/receipt.pdf', answer: t.unknown, kind: 'file', accept: 'application/pdf' });
    const proxyPage = vi.fn<typeof fetch>(async () => new Response('<html>expired</html>', { status: 401 }));
    const result = await createApiClient({ fetch: proxyPage }).download(receipt, { token: 'tok-1' }, 'receipt.pdf');
    expect(result._tag).toBe('Left');
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ status: 401, generic: true });
  });

  it('stops telling a listener once it stops hearing', async () => {
    const heard = listen();
    stop?.();
    await createApiClient({ fetch: answering(401, expired) }).request(message, '/appointment/all', { token: 'tok-1' });
    expect(heard).toEqual([]);
  });
});
