/**
 * The app as main.tsx renders it, under <StrictMode> (every development build): React mounts it,
 * unmounts it and mounts it again, and @xstate/react stops the root actors and starts them again.
 * The calls that were running get aborted and made again; the aborted ones must not count as
 * failures (they did: "We could not load the clinic details. signal is aborted without reason").
 *
 * The fake calls behave like the real API client: they answer after a moment, and reject with
 * the signal's reason as soon as it aborts.
 */
import { StrictMode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import type { SiteOptions } from '../../contract/site';
import { fromAbortablePromise } from '../../src/app/abortable';
import { App } from '../../src/app/App';
import { siteOptionsLogicFor } from '../../src/app/liveSiteOptions';
import { demoOptions, demoUser, fakeAccount } from './support';

/** Calls that answer `value` after a few milliseconds unless their signal aborts first. */
function callsAnswering<T>(value: T) {
  const record = { made: 0, aborted: 0 };
  const call = (signal: AbortSignal): Promise<T> => {
    record.made += 1;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => resolve(value), 20);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          record.aborted += 1;
          reject(signal.reason);
        },
        { once: true },
      );
    });
  };
  return { call, record };
}

function renderStrictApp({ route, siteOptions, account }: {
  route: string;
  siteOptions: (signal: AbortSignal) => Promise<SiteOptions>;
  account: ReturnType<typeof fakeAccount>;
}) {
  window.location.hash = `#${route}`;
  return render(
    <StrictMode>
      <App siteOptionsLogic={siteOptionsLogicFor(siteOptions)} accountServices={account.services} />
    </StrictMode>,
  );
}

afterEach(() => {
  window.location.hash = '';
});

describe('the app under StrictMode', () => {
  it('shows the site options, not a failure, after the first load was aborted by the remount', async () => {
    const load = callsAnswering(demoOptions);
    renderStrictApp({ route: '/teams', siteOptions: load.call, account: fakeAccount() });

    expect(await screen.findByRole('heading', { name: 'Dr. Meera Kulkarni' })).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByText('Kothrud')).toBeTruthy();
    expect(screen.queryByText('We could not load the clinic details.', { exact: false })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The remount did happen: one load aborted, the second one answered.
    expect(load.record).toEqual({ made: 2, aborted: 1 });
  });

  it('restores a stored login, not an unverified session, after the first check was aborted', async () => {
    const check = callsAnswering<User>(demoUser);
    const account = fakeAccount({ storedToken: 'tok-stored' });
    const services = {
      ...account.services,
      actors: {
        ...account.services.actors,
        fetchCurrentUser: fromAbortablePromise<User, { token: string }>(({ signal }) => check.call(signal)),
      },
    };
    renderStrictApp({
      route: '/',
      siteOptions: () => Promise.resolve(demoOptions),
      account: { ...account, services },
    });

    expect(await screen.findByRole('button', { name: 'My Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(account.storage.token).toBe('tok-stored');
    expect(check.record).toEqual({ made: 2, aborted: 1 });
  });
});
