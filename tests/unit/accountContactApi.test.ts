/** The account's phone and email calls: each its route, method, body and bearer token, the answer decoded. */
import { isLeft, isRight, type Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { asked, server } from './fakeServer.js';
import { createApiClient, type ApiFailure } from '../../src/api/client.js';
import { createAccountContactApi } from '../../src/api/accountContact.js';

const user = {
  _id: 'u1',
  firstName: '',
  lastName: '',
  email: null,
  age: null,
  gender: null,
  phoneNumber: '+919822012345',
  signInMethod: 'phone',
  role: 'patient',
  hasPassword: false,
  phoneVerified: true,
};

function api(fetch: typeof globalThis.fetch) {
  return createAccountContactApi(createApiClient({ fetch, base: '/api' }));
}

describe('account contact API', () => {
  const signal = new AbortController().signal;

  it.each([
    ['sendPhoneCode', (a: ReturnType<typeof api>) => a.sendPhoneCode({ phoneNumber: '98220 12345' }, 'tok-1', signal), { message: 'Code sent.' },
      { method: 'POST', url: '/api/auth/phone/send-code', body: { phoneNumber: '98220 12345' } }],
    ['sendCurrentPhoneCode', (a: ReturnType<typeof api>) => a.sendCurrentPhoneCode({}, 'tok-1', signal), { message: 'Code sent.' },
      { method: 'POST', url: '/api/auth/phone/send-current-code', body: {} }],
    ['changePhone', (a: ReturnType<typeof api>) => a.changePhone({ phoneNumber: '9822012345', code: '123456', password: 'monsoon evenings' }, 'tok-1', signal), user,
      { method: 'PUT', url: '/api/auth/phone', body: { phoneNumber: '9822012345', code: '123456', password: 'monsoon evenings' } }],
    ['changeEmail', (a: ReturnType<typeof api>) => a.changeEmail({ email: 'ravi@example.in' }, 'tok-1', signal), { ...user, email: 'ravi@example.in' },
      { method: 'PUT', url: '/api/auth/email', body: { email: 'ravi@example.in' } }],
  ] as const)('%s calls its route with the token and decodes the answer', async (_, call, answer, expected) => {
    const fetch = server(200, answer);
    const result: Either<ApiFailure, unknown> = await call(api(fetch));
    expect(isRight(result) && result.right).toEqual(answer);
    expect(asked(fetch)).toEqual({ ...expected, authorization: 'Bearer tok-1', signal });
  });

  it('a 409 is a Left HttpFailure with its code', async () => {
    const result = await api(server(409, { code: 'phone.taken', message: 'This number is on another account.' })).sendPhoneCode({ phoneNumber: '9822012345' }, 'tok-1');
    expect(isLeft(result) && result.left).toMatchObject({ _tag: 'HttpFailure', status: 409, code: 'phone.taken' });
  });
});
