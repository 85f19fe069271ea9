/**
 * A 401 ends the session in one place: the session's provider (src/app/account.tsx) hears every
 * 401 the request base meets on a call with a token and sends the session one `session.expired`
 * with the server's words. Rendered with the whole app and a real request base over a fake fetch
 * (./support.tsx `refuseToken`): the session ends once, its words are said once, and a second
 * refusal (a call still on its way) changes nothing.
 */
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, demoUser, expectToast, fakeAccount, renderApp, refuseToken, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
}, 30_000);

async function loggedIn() {
  const account = fakeAccount({ storedToken: 'tok-stored' });
  renderApp({ account });
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  expect(await screen.findByRole('button', { name: 'My Profile' })).toBeTruthy();
  return account;
}

const toastTexts = () => [...document.querySelectorAll('.toast__text')].map((el) => el.textContent);

describe('a refused token ends the session once', () => {
  it("logs out, forgets the token and says the server's words once; a second 401 changes nothing", async () => {
    const account = await loggedIn();
    await refuseToken(() => undefined, 'Please log in again.');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'My Profile' })).toBeNull();
    expect(account.storage.token).toBeNull();
    await expectToast('Please log in again.', 'alert');
    expect(toastTexts()).toEqual(['Please log in again.']);

    // Another call's refusal arriving after: the session is logged out already.
    await refuseToken(() => undefined, 'Your session has ended.');
    expect(toastTexts()).toEqual(['Please log in again.']);
    expect(account.storage.token).toBeNull();
    expect(account.logout.calls).toHaveLength(0);
  });

  it('ends the session quietly when the refusal has no words of its own', async () => {
    const account = await loggedIn();
    await refuseToken(() => undefined);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(account.storage.token).toBeNull();
    expect(toastTexts()).toEqual([]);
  });
});
