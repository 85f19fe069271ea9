/**
 * /account's "Notifications on this phone" in the rendered app, its calls answered by hand: this
 * device turned on (the clinic's key given to the subscription) and off, a refused permission and
 * its words on how to allow it again, a browser without Web Push (no device switch, the kinds
 * still offered), a kind turned off, Hindi, and no section at all when the clinic sends none.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { User } from '../../contract/auth';
import type { FamilyMember } from '../../contract/people';
import type { PushChoices } from '../../contract/push';
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders';
import type { MemberRequest } from '../../machines/people/familyMachine';
import type { ProfileRequest } from '../../machines/people/profileMachine';
import type { PushLoaded } from '../../machines/pushDevice/pushDeviceMachine';
import { AppShell } from '../../src/app/App';
import type { PeopleServices } from '../../src/app/people';
import type { PushServices } from '../../src/app/push';
import type { Language } from '../../src/i18n/language';
import { chooseLanguage } from '../../src/i18n/languageChoice';
import { pushMessages } from '../../src/i18n/pushMessages';
import { answeredByHand, refused } from '../machines/accountFakes';
import { answer, demoOptions, demoUser, fakeAccount, fakeSiteOptionsLogic, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await import('../../src/components/Push/PushSection');
}, 30_000);

afterEach(() => act(() => chooseLanguage('en')));

const key = 'BPM76w3FIFVF_XB295bJy6ahBCa0hefbizYIB0e_I30Ku0AK3bA0p-nzKXxKUcxVhkB3XzIR0YeoqqydfSwbX7A';
const every: PushChoices = { reminders: true, chat: true, payments: true, queue: true };
const en = pushMessages.en;

function fakes() {
  const people = {
    loadFamily: answeredByHand<FamilyMember[], { token: string }>(),
    saveMember: answeredByHand<FamilyMember, { id: string | null; input: MemberRequest; token: string }>(),
    archiveMember: answeredByHand<unknown, { id: string; token: string }>(),
    saveProfile: answeredByHand<User, { input: ProfileRequest; token: string }>(),
    loadReminders: answeredByHand<ReminderSettings, { token: string }>(),
    saveReminders: answeredByHand<ReminderSettings, { channels: ReminderChannels; token: string }>(),
  };
  const push = {
    loadPush: answeredByHand<PushLoaded, { token: string }>(),
    subscribeDevice: answeredByHand<'on' | 'denied' | 'dismissed', { publicKey: string; token: string }>(),
    unsubscribeDevice: answeredByHand<unknown, { token: string }>(),
    saveChoices: answeredByHand<PushChoices, { choices: PushChoices; token: string }>(),
  };
  const peopleServices: PeopleServices = {
    family: { loadFamily: people.loadFamily.logic, saveMember: people.saveMember.logic, archiveMember: people.archiveMember.logic },
    profile: { saveProfile: people.saveProfile.logic },
    reminders: { loadReminders: people.loadReminders.logic, saveReminders: people.saveReminders.logic },
  };
  const pushServices: PushServices = {
    loadPush: push.loadPush.logic,
    subscribeDevice: push.subscribeDevice.logic,
    unsubscribeDevice: push.unsubscribeDevice.logic,
    saveChoices: push.saveChoices.logic,
  };
  return { push, peopleServices, pushServices };
}

async function renderAccount(loaded: PushLoaded, language: Language = 'en') {
  const f = fakes();
  const account = fakeAccount({ storedToken: 'tok-stored' });
  await act(() => chooseLanguage(language));
  render(
    <MemoryRouter initialEntries={['/account']}>
      <AppShell
        siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))}
        language={language}
        accountServices={account.services}
        peopleServices={f.peopleServices}
        pushServices={f.pushServices}
      />
    </MemoryRouter>,
  );
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  await screen.findByRole('heading', { level: 2, name: pushMessages[language].heading });
  expect(f.push.loadPush.latest().input).toEqual({ token: 'tok-stored' });
  await answer(() => f.push.loadPush.latest().resolve(loaded));
  return f;
}

const section = (words = en) => screen.getByRole('region', { name: words.heading });
const hint = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe("/account's notifications on this phone", () => {
  it('turns this device on with the clinic\'s key and off again, each with a toast', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount({ publicKey: key, device: 'off', choices: every });
    const device = within(section()).getByRole('switch', { name: en.device }) as HTMLInputElement;
    expect(device.checked).toBe(false);
    expect(hint(device)).toBe(en.deviceOff);

    await ui.click(device);
    expect(f.push.subscribeDevice.latest().input).toEqual({ publicKey: key, token: 'tok-stored' });
    expect(device.disabled).toBe(true);
    await answer(() => f.push.subscribeDevice.latest().resolve('on'));
    expect(await screen.findByText(en.turnedOn)).toBeTruthy();
    expect(device.checked).toBe(true);
    expect(hint(device)).toBe(en.deviceOn);

    await ui.click(device);
    expect(f.push.unsubscribeDevice.latest().input).toEqual({ token: 'tok-stored' });
    await answer(() => f.push.unsubscribeDevice.latest().resolve(undefined));
    expect(await screen.findByText(en.turnedOff)).toBeTruthy();
    expect(device.checked).toBe(false);
  });

  it('a refused permission leaves it off and says how to allow it again', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount({ publicKey: key, device: 'off', choices: every });
    const device = within(section()).getByRole('switch', { name: en.device }) as HTMLInputElement;
    await ui.click(device);
    await answer(() => f.push.subscribeDevice.latest().resolve('denied'));
    expect(device.checked).toBe(false);
    expect(hint(device)).toBe(en.denied);
    expect(en.denied).toMatch(/site settings.*Allow/);
  });

  it('a browser without Web Push: words instead of the switch; the kinds are still saved, a refusal puts one back', async () => {
    const ui = userEvent.setup();
    const f = await renderAccount({ publicKey: key, device: 'unsupported', choices: every });
    expect(within(section()).queryByRole('switch', { name: en.device })).toBeNull();
    expect(within(section()).getByText(en.unsupported)).toBeTruthy();
    const chat = within(section()).getByRole('switch', { name: en.kinds.chat }) as HTMLInputElement;
    await ui.click(chat);
    expect(f.push.saveChoices.latest().input).toEqual({ choices: { ...every, chat: false }, token: 'tok-stored' });
    expect(chat.checked).toBe(false);
    await answer(() => f.push.saveChoices.latest().resolve({ ...every, chat: false }));
    expect(await screen.findByText(en.saved)).toBeTruthy();

    const queue = within(section()).getByRole('switch', { name: en.kinds.queue }) as HTMLInputElement;
    await ui.click(queue);
    await answer(() => f.push.saveChoices.latest().reject(refused(429, 'Too many requests. Please try again later.')));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
    expect(queue.checked).toBe(true);
  });

  it('in Hindi', async () => {
    await renderAccount({ publicKey: key, device: 'on', choices: every }, 'hi');
    const hi = pushMessages.hi;
    const device = within(section(hi)).getByRole('switch', { name: hi.device }) as HTMLInputElement;
    expect(device.checked).toBe(true);
    expect(within(section(hi)).getByRole('switch', { name: hi.kinds.payments })).toBeTruthy();
  });

  it('nothing when the clinic sends no notifications', async () => {
    const f = fakes();
    const account = fakeAccount({ storedToken: 'tok-stored' });
    render(
      <MemoryRouter initialEntries={['/account']}>
        <AppShell siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))} accountServices={account.services} peopleServices={f.peopleServices} pushServices={f.pushServices} />
      </MemoryRouter>,
    );
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await screen.findByRole('heading', { level: 2, name: en.heading });
    await answer(() => f.push.loadPush.latest().resolve({ publicKey: null, device: 'off', choices: null }));
    expect(screen.queryByRole('heading', { level: 2, name: en.heading })).toBeNull();
  });
});
