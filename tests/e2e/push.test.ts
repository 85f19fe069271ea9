// /account's "Notifications on this phone" in a real browser with the service worker (docs/app.md
// "Web Push"), against the production server with VAPID keys. Headless Chromium reaches no push
// service, so the page's PushManager.subscribe is stubbed (addInitScript) to answer a subscription
// at a made-up push service PUSH_SERVICE_HOSTS lists, with keys made here; the notifications
// permission is granted. Checked: switched on, the server keeps the device (PUT answered 200);
// switched off, it is removed (DELETE 200) and the browser's subscription ended. Screenshots of
// the section at 375 and 1280 px in test-results/screenshots/push-*.png.
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { vapidEnv } from '../server/pushSupport';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, useSite } from './harness';
import { contextsPerTest } from './support/patients';
import { preparedPeople } from './support/preparedSite';
import { STEP_MS } from './support/ui';

const admin = 'clinic.admin@push-e2e.example';
const patientEmail = 'sunita.more@push-e2e.example';
const people = preparedPeople(
  [
    { email: admin, firstName: 'Kiran', lastName: 'Rao' },
    { email: patientEmail, firstName: 'Sunita', lastName: 'More' },
  ],
  { admin },
);
const site = useSite(() => ({ env: vapidEnv, prepare: (dataDir: string) => people.prepare(dataDir) }));
const contexts = contextsPerTest({ serviceWorkers: 'allow' });
afterEach(() => contexts.closeAll());

/** A device's subscription, as the browser's push service would answer it. */
function fakeSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.test/send/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** The notifications permission granted and PushManager answering `subscription` (kept across reloads of the page in window state only). */
async function withStubbedPush(context: BrowserContext, subscription: ReturnType<typeof fakeSubscription>): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: site.server.url });
  await context.addInitScript((json) => {
    let current: PushSubscription | null = null;
    const make = (): PushSubscription =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
        unsubscribe: async () => {
          current = null;
          (window as unknown as { pushUnsubscribed: boolean }).pushUnsubscribed = true;
          return true;
        },
        getKey: () => null,
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      (window as unknown as { pushKeyLength: number }).pushKeyLength = (options?.applicationServerKey as Uint8Array | undefined)?.byteLength ?? 0;
      current = make();
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

async function openSection(page: Page) {
  await page.goto(site.url('/account'), { waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: STEP_MS });
  const section = page.getByRole('region', { name: 'Notifications on this phone' });
  await section.waitFor({ timeout: STEP_MS });
  return section;
}

describe('notifications on this phone', () => {
  test('switched on, the server keeps this device; switched off, it is removed and the subscription ended', async () => {
    const context = await contexts.signedIn(site.browser, PHONE, people.account(patientEmail).token);
    const subscription = fakeSubscription();
    await withStubbedPush(context, subscription);
    const { page } = await site.open(context);
    const section = await openSection(page);
    const device = section.getByRole('switch', { name: 'Notifications on this device' });
    await device.waitFor({ timeout: STEP_MS });
    expect(await device.isChecked()).toBe(false);
    await screenshot(page, 'push-section-off-375');

    const put = page.waitForResponse((r) => r.url().endsWith('/api/push/subscription') && r.request().method() === 'PUT', { timeout: STEP_MS });
    await device.click();
    const kept = await put;
    expect(kept.status()).toBe(200);
    expect(JSON.parse(kept.request().postData() ?? '{}')).toEqual({ endpoint: subscription.endpoint, keys: subscription.keys });
    // The clinic's key, 65 bytes, given to the push service.
    expect(await page.evaluate(() => (window as unknown as { pushKeyLength: number }).pushKeyLength)).toBe(65);
    await expect.poll(() => device.isChecked(), { timeout: STEP_MS }).toBe(true);
    await expect.poll(() => section.getByText('This device gets notifications.').count(), { timeout: STEP_MS }).toBe(1);
    await screenshot(page, 'push-section-on-375');
    await expectNoA11yViolations(page, "/account's notifications");

    // A kind turned off is saved for the account.
    const choices = page.waitForResponse((r) => r.url().endsWith('/api/push/choices') && r.request().method() === 'PUT', { timeout: STEP_MS });
    await section.getByRole('switch', { name: 'New chat messages from the clinic' }).click();
    expect((await choices).status()).toBe(200);

    const del = page.waitForResponse((r) => r.url().endsWith('/api/push/subscription') && r.request().method() === 'DELETE', { timeout: STEP_MS });
    await device.click();
    expect((await del).status()).toBe(200);
    await expect.poll(() => device.isChecked(), { timeout: STEP_MS }).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { pushUnsubscribed?: boolean }).pushUnsubscribed)).toBe(true);
  });

  test('at 1280 px', async () => {
    const context = await contexts.signedIn(site.browser, DESKTOP, people.account(patientEmail).token);
    await withStubbedPush(context, fakeSubscription());
    const { page } = await site.open(context);
    const section = await openSection(page);
    await section.getByRole('switch', { name: 'Notifications on this device' }).waitFor({ timeout: STEP_MS });
    // Granted, not subscribed on this login: off, with the words that say how to turn it on.
    expect(await section.getByRole('switch', { name: 'Notifications on this device' }).isChecked()).toBe(false);
    expect(await section.getByText('Notifications are blocked', { exact: false }).count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'push-section-1280');
  });
});
