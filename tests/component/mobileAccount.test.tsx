/** An account made by a mobile number, once signed in: /account says it has no email yet (rather than an empty row). */
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import { answer, fakeAccount, renderApp, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
}, 30_000);

const mobileUser: User = {
  _id: 'u9',
  firstName: '',
  lastName: '',
  email: null,
  phoneNumber: '+919822012345',
  age: null,
  gender: null,
  signInMethod: 'phone',
  role: 'patient',
  hasPassword: false,
  phoneVerified: true,
};

describe('a mobile sign-up on /account', () => {
  it("shows 'No email yet' for the email", async () => {
    const account = fakeAccount({ storedToken: 'tok-m1' });
    renderApp({ route: '/account', account });
    await answer(() => account.fetchCurrentUser.latest().resolve(mobileUser));
    const heading = await screen.findByRole('heading', { name: 'My profile', level: 1 }, { timeout: 15_000 });
    const page = within(heading.closest('.page') as HTMLElement);
    const row = page.getByText('Email', { selector: 'dt' }).parentElement as HTMLElement;
    expect(within(row).getByText('No email yet')).toBeTruthy();
  });
});
