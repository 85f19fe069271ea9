/**
 * The session's test model (tests/machines/models/sessionModel.ts, the same one the machine's path
 * test walks) driven through the RENDERED app: the header, the login and sign-up popups, the My
 * Profile menu, with the account calls answered by hand. So the seams are walked, not only the
 * machine: a click must reach the machine and the machine's state must reach the screen.
 *
 * What these tests assume of the app, so that they hold while its wiring changes: `renderApp` and
 * `fakeAccount` (./support.tsx) render the whole app with fake account calls; everything else is
 * what a person sees and does: the header (the banner landmark), buttons and dialogs by their
 * accessible names ('Login', 'Sign up', 'My Profile', 'Logout', 'Close'), the fields 'Email' and 'Password', the toasts' words, the
 * stored token. The model's events that no view on '/' can cause (a 401 from another call, the
 * appointments list, Try again on /account, logging in again while logged in) are left to the
 * machine's own path test.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { refused, unanswered } from '../machines/accountFakes';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from '../machines/modelPaths';
import { sessionModel, type SessionModelEvent } from '../machines/models/sessionModel';
import { answer, demoUser, expectToast, fakeAccount, loginUser, renderApp, warmAccountChunks, type FakeAccount } from './support';

beforeAll(async () => {
  await warmAccountChunks();
}, 30_000);

/** What the person (or the server) can do on '/', in each state of the model. */
const rendered: Partial<Record<string, ReadonlyArray<SessionModelEvent['type']>>> = {
  NotStarted: ['app.start', 'app.startWithToken'],
  Restoring: ['user.found', 'user.tokenRefused', 'user.unanswered'],
  LoggedOut: ['session.showLogin', 'session.showRegister'],
  LoginOpen: ['session.showRegister', 'session.closePanels', 'login'],
  RegisterOpen: ['session.showLogin', 'session.closePanels'],
  Verifying: ['user.found', 'user.failed'],
  LoggedIn: ['session.logout'],
  LoggingOut: ['revoke.done', 'revoke.unanswered'],
};

const testModel = createTestModel(sessionModel, {
  filterEvents: (state, event: EventObject) =>
    state.can(event as SessionModelEvent) && (rendered[String(state.value)] ?? []).includes(event.type as SessionModelEvent['type']),
});

function harness() {
  let account: FakeAccount | undefined;
  const user = userEvent.setup();
  const real = () => {
    if (!account) throw new Error('the app is not rendered');
    return account;
  };
  const dialog = (name: string) => screen.findByRole('dialog', { name });
  // The page's header (its banner landmark): a popup has buttons of the same names.
  const banner = () => within(screen.getByRole('banner'));
  const header = {
    login: () => banner().queryByRole('button', { name: 'Login' }),
    signUp: () => banner().getByRole('button', { name: 'Sign up' }),
    profile: () => banner().queryByRole('button', { name: 'My Profile' }),
  };
  const noDialog = () => expect(screen.queryByRole('dialog')).toBeNull();

  const events: Record<SessionModelEvent['type'], () => Promise<void>> = {
    'app.start': async () => {
      account = renderApp().account;
    },
    'app.startWithToken': async () => {
      account = renderApp({ account: fakeAccount({ storedToken: 'tok-stored' }) }).account;
      expect(real().fetchCurrentUser.latest().input).toEqual({ token: 'tok-stored' });
    },
    'user.found': () => answer(() => real().fetchCurrentUser.latest().resolve(demoUser)),
    'user.tokenRefused': () => answer(() => real().fetchCurrentUser.latest().reject(refused(401, 'Please log in again.'))),
    'user.unanswered': () => answer(() => real().fetchCurrentUser.latest().reject(unanswered)),
    'user.failed': async () => {
      await answer(() => real().fetchCurrentUser.latest().reject(unanswered));
      await expectToast('Something went wrong.', 'alert');
    },
    'session.showLogin': async () => {
      const open = screen.queryByRole('dialog', { name: 'Sign up' });
      await user.click(open ? within(open).getByRole('button', { name: 'Login' }) : (header.login() as HTMLElement));
      await dialog('Login');
    },
    'session.showRegister': async () => {
      const open = screen.queryByRole('dialog', { name: 'Login' });
      await user.click(open ? within(open).getByRole('button', { name: 'Sign up' }) : header.signUp());
      await dialog('Sign up');
    },
    'session.closePanels': async () => {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
      await waitFor(noDialog);
    },
    login: async () => {
      const popup = await dialog('Login');
      await user.type(within(popup).getByLabelText('Email'), 'asha@example.in');
      await user.type(within(popup).getByLabelText('Password'), 'monsoon evenings');
      await user.click(within(popup).getByRole('button', { name: 'Login' }));
      expect(real().login.latest().input).toEqual({ email: 'asha@example.in', password: 'monsoon evenings' });
      await answer(() => real().login.latest().resolve({ token: 'tok-1', user: loginUser }));
      await expectToast('Welcome Asha!', 'status');
      expect(real().fetchCurrentUser.latest().input).toEqual({ token: 'tok-1' });
    },
    'session.logout': async () => {
      await user.click(header.profile() as HTMLElement);
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      await expectToast('Logout successfull.', 'status');
      expect(real().logout.latest().input.token).toMatch(/^tok-/);
    },
    'revoke.done': () => answer(() => real().logout.latest().resolve({ message: 'Logged out.' })),
    'revoke.unanswered': () => answer(() => real().logout.latest().reject(unanswered)),
    'session.retry': async () => Promise.reject(new Error('not on this page')),
    'session.expired': async () => Promise.reject(new Error('not on this page')),
    'list.loaded': async () => Promise.reject(new Error('not on this page')),
    'list.expired': async () => Promise.reject(new Error('not on this page')),
    'appointments.refresh': async () => Promise.reject(new Error('not on this page')),
  };

  const loggedOut = () => {
    expect(header.login()).not.toBeNull();
    expect(header.profile()).toBeNull();
    expect(real().storage.token).toBeNull();
  };
  const states: Record<string, () => Promise<void> | void> = {
    NotStarted: () => expect(account).toBeUndefined(),
    // Neither Login nor My Profile while a stored token is checked.
    Restoring: () => {
      expect(header.login()).toBeNull();
      expect(header.profile()).toBeNull();
    },
    // The stored token could not be checked (no answer): kept, to be tried again; not logged in here.
    Unverified: () => {
      expect(header.profile()).toBeNull();
      expect(real().storage.token).toBe('tok-stored');
      noDialog();
    },
    LoggedOut: async () => {
      await waitFor(noDialog);
      loggedOut();
    },
    LoginOpen: async () => {
      expect(await dialog('Login')).toBeTruthy();
      loggedOut();
    },
    RegisterOpen: async () => {
      expect(await dialog('Sign up')).toBeTruthy();
      loggedOut();
    },
    // Logged in, the user being fetched: the popup is closed and the token kept.
    Verifying: async () => {
      await waitFor(noDialog);
      expect(header.login()).toBeNull();
      expect(real().storage.token).toBe('tok-1');
    },
    LoggedIn: async () => {
      expect(await banner().findByRole('button', { name: 'My Profile' })).toBeTruthy();
      expect(header.login()).toBeNull();
      expect(real().storage.token).toMatch(/^tok-/);
    },
    // The token is forgotten at once; the server is told in the background.
    LoggingOut: loggedOut,
  };
  return { stop: () => undefined, events, states };
}

describe('the session model through the rendered app', () => {
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['app.start', 'session.showRegister', 'session.showLogin', 'login', 'user.found', 'session.logout', 'revoke.unanswered', 'session.showLogin', 'login', 'user.failed'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition the views can cause', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(modelTransitions(testModel).size).toBe(17);
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
