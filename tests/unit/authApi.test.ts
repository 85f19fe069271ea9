import { isLeft, isRight, type Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it, vi } from 'vitest';
import { asked, server } from './fakeServer.js';
import { createApiClient, type ApiFailure } from '../../src/api/client.js';
import { createAuthApi, googleStartUrl } from '../../src/api/auth.js';

const loginUser = { _id: 'u1', firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in' };
const user = { ...loginUser, age: 34, gender: 'female', phoneNumber: '9876543210', signInMethod: 'manual', role: 'patient' };
const loginAnswer = { token: 'tok-1', user: loginUser };

function api(fetch: typeof globalThis.fetch) {
  return createAuthApi(createApiClient({ fetch, base: '/api' }));
}

describe('auth API', () => {
  const signal = new AbortController().signal;

  it.each([
    ['sendOtp', (a: ReturnType<typeof api>) => a.sendOtp({ email: 'asha@example.in' }, signal), { message: 'OTP sent.' },
      { method: 'POST', url: '/api/otp/send-otp', body: { email: 'asha@example.in' } }],
    ['validateOtp', (a: ReturnType<typeof api>) => a.validateOtp({ email: 'asha@example.in', otp: '123456' }, signal), { message: 'ok' },
      { method: 'POST', url: '/api/otp/validate-otp', body: { email: 'asha@example.in', otp: '123456' } }],
    ['register', (a: ReturnType<typeof api>) => a.register({ firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', age: 34, gender: 'female', phoneNumber: '9876543210', password: 'monsoon evenings' }, signal), user,
      { method: 'POST', url: '/api/auth/register', body: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', age: 34, gender: 'female', phoneNumber: '9876543210', password: 'monsoon evenings' } }],
    ['login', (a: ReturnType<typeof api>) => a.login({ email: 'asha@example.in', password: 'monsoon evenings' }, signal), loginAnswer,
      { method: 'POST', url: '/api/auth/login', body: { email: 'asha@example.in', password: 'monsoon evenings' } }],
    ['fetchCurrentUser', (a: ReturnType<typeof api>) => a.fetchCurrentUser('tok-1', signal), user,
      { method: 'GET', url: '/api/auth/getuser', body: undefined, authorization: 'Bearer tok-1' }],
    ['logout', (a: ReturnType<typeof api>) => a.logout('tok-1', signal), { message: 'Logged out.' },
      { method: 'POST', url: '/api/auth/logout', body: undefined, authorization: 'Bearer tok-1' }],
    ['forgotPassword', (a: ReturnType<typeof api>) => a.forgotPassword({ email: 'asha@example.in', password: 'a new passphrase' }, signal), { message: 'Password reset.' },
      { method: 'POST', url: '/api/auth/forgotpassword', body: { email: 'asha@example.in', password: 'a new passphrase' } }],
    ['exchangeGoogleCode', (a: ReturnType<typeof api>) => a.exchangeGoogleCode('one-time-code', signal), loginAnswer,
      { method: 'POST', url: '/api/auth/google/exchange', body: { code: 'one-time-code' } }],
  ] as const)('%s calls its route and decodes the answer', async (_, call, answer, expected) => {
    const fetch = server(200, answer);
    const result: Either<ApiFailure, unknown> = await call(api(fetch));
    expect(isRight(result) && result.right).toEqual(answer);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(asked(fetch)).toEqual({ authorization: undefined, ...expected, signal });
  });

  it("returns the server's refusal as a Left HttpFailure", async () => {
    const fetch = server(409, { message: 'An account with this email already exists.' });
    const result = await api(fetch).register(
      { firstName: 'A', lastName: 'V', email: 'asha@example.in', age: 34, gender: 'female', phoneNumber: '9876543210', password: 'monsoon evenings' },
    );
    expect(isLeft(result) && result.left).toEqual({
      _tag: 'HttpFailure',
      status: 409,
      message: 'An account with this email already exists.',
    });
  });

  it('returns a Left DecodeFailure for a login answer without a token', async () => {
    const result = await api(server(200, { user: loginUser })).login({ email: 'asha@example.in', password: 'x' });
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'DecodeFailure', errors: [{ field: 'token' }] });
  });
});

describe('googleStartUrl', () => {
  it('is the start route under the API base', () => {
    expect(googleStartUrl('/api')).toBe('/api/auth/google/start');
    expect(googleStartUrl('https://clinic.example/api/')).toBe('https://clinic.example/api/auth/google/start');
    expect(googleStartUrl()).toBe('/api/auth/google/start');
  });
});
