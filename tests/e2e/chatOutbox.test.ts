// The chat's outbox in a real browser, at 1280 and 375 px, with the installed app's service worker
// (as tests/e2e/app.test.ts): a patient with an open Chat appointment (prepared as in
// tests/e2e/chat.test.ts) opens the chat online, goes offline (`context.setOffline`), writes two
// messages (each shown "Waiting to send", kept in localStorage), reloads offline (the app from the
// worker, the texts still waiting), goes online: each is sent once, and the doctor's console shows
// each once. Logout removes the kept outbox. Screenshots chat-outbox-offline-<width>, chat-outbox-sent-<width>.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, screenshot, useSite } from './harness';
import { contextsPerTest } from './support/patients';
import { chatAppointmentsByWidth, kavita, patientOf, signedInPages, teleconsultPeople } from './support/teleconsult';
import { STEP_MS } from './support/ui';

const people = teleconsultPeople();
const { ids, prepare } = chatAppointmentsByWidth(people, 910101);

const site = useSite(async () => ({ prepare }));
const doctorPage = signedInPages(site);
const contexts = contextsPerTest({ serviceWorkers: 'allow' });
afterEach(() => contexts.closeAll());

const waiting = (page: Page) => page.locator('.chat__message--waiting');

async function openChat(page: Page) {
  const chat = page.getByRole('region', { name: 'Chat with your doctor' });
  await chat.getByRole('button', { name: 'Open the chat' }).click({ timeout: STEP_MS });
  await chat.getByLabel('Your message').waitFor({ timeout: STEP_MS });
  return chat;
}

describe.each([DESKTOP, PHONE])('the chat outbox at $width px', (viewport) => {
  const width = viewport.width;
  test('two messages written offline survive a reload and are sent once each when the connection returns', async () => {
    const context = await contexts.signedIn(site.browser, viewport, people.account(patientOf(width)).token);
    const { page, watch } = await site.open(context);
    await page.goto(site.url('/myappointment'), { waitUntil: 'load' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: STEP_MS });
    let chat = await openChat(page);
    await chat.getByText('No messages yet. Write to start the conversation.').waitFor({ timeout: STEP_MS });

    await context.setOffline(true);
    watch.allow(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
    const texts = [`Written offline, first (${width})`, `Written offline, second (${width})`];
    for (const text of texts) {
      await chat.getByLabel('Your message').fill(text);
      await chat.getByLabel('Your message').press('Enter');
    }
    await expect.poll(() => waiting(page).count(), { timeout: STEP_MS }).toBe(2);
    expect(await waiting(page).first().innerText()).toContain('Waiting to send');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('chatOutbox') ?? '{}') as Record<string, Array<{ text: string }>>);
    expect(kept[ids.get(width)!]!.map((item) => item.text)).toEqual(texts);

    await page.reload({ waitUntil: 'load' });
    chat = await openChat(page);
    await expect.poll(() => waiting(page).count(), { timeout: STEP_MS }).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await chat.getByLabel('Your message').scrollIntoViewIfNeeded();
    await screenshot(page, `chat-outbox-offline-${width}`, { fullPage: false });

    await context.setOffline(false);
    await expect.poll(() => waiting(page).count(), { timeout: 3 * STEP_MS }).toBe(0);
    const log = chat.getByRole('log', { name: 'Messages' });
    for (const text of texts) await expect.poll(() => log.getByText(text, { exact: true }).count(), { timeout: STEP_MS }).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('chatOutbox'))).toBeNull();
    await chat.getByLabel('Your message').scrollIntoViewIfNeeded();
    await screenshot(page, `chat-outbox-sent-${width}`, { fullPage: false });

    const doctor = await doctorPage(viewport, people.account(kavita));
    await doctor.goto(site.url(`/staff/appointments/${ids.get(width)}`));
    const doctorLog = doctor.getByRole('region', { name: 'Chat with the patient' }).getByRole('log', { name: 'Messages' });
    for (const text of texts) {
      await doctorLog.getByText(text, { exact: true }).waitFor({ timeout: STEP_MS });
      expect(await doctorLog.getByText(text, { exact: true }).count()).toBe(1);
    }
  });
});
