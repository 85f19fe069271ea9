// The reminders' no-login opt-out link (server/messaging/optOut.ts) in a real browser: the server
// sends a real reminder mail (REMINDER_LEADS=2h, paid appointments an hour or so ahead, written
// into the data directory before the start, booked the day before) to a real SMTP server; the
// link in its text is opened in a context that is not logged in, the page's one button is pressed,
// and the account's reminder settings are read back through the API: email reminders are off.
// Once with JavaScript enabled (axe on both pages), once with JavaScript disabled in the context,
// where the page must work as the plain HTML form it is. An altered link changes nothing.
// Screenshots: test-results/screenshots/optout-*.png.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { pgliteDir } from '../../server/db/open';
import { openPGliteDir } from '../../server/db/pglite';
import { DESKTOP, expectNoA11yViolations, newContext, PageWatch, PHONE, screenshot, useSite } from './harness';
import { MailCatcher } from './support/mailCatcher';
import { preparedPeople } from './support/preparedSite';
import { freePort } from './support/server.mjs';
import { clinicAt } from './support/teleconsult';

const admin = 'clinic.admin@optout-e2e.example';
const withScript = 'meena.script@optout-e2e.example';
const withoutScript = 'meena.noscript@optout-e2e.example';
const people = preparedPeople(
  [
    { email: admin, firstName: 'Kiran', lastName: 'Sawant' },
    { email: withScript, firstName: 'Meena', lastName: 'Joshi' },
    { email: withoutScript, firstName: 'Meena', lastName: 'Kale' },
  ],
  { admin },
);

/** The sweep runs on pg-boss's minute cron: the first one comes within about a minute of the start. */
const REMINDER_MS = 150_000;

/**
 * A paid Video appointment with Dr. Kavita Iyer for each account, `minutes` ahead of now (within
 * the 2-hour lead, so its reminder is due at the first sweep), booked a day ago (a reminder due
 * before the booking is skipped: the confirmation said it all).
 */
async function prepareReminded(dataDir: string, appointments: readonly { email: string; minutes: number; number: number }[]): Promise<void> {
  const db = await openPGliteDir(pgliteDir(dataDir));
  try {
    const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
    const doctorId = await one("select id from doctors where email = 'kavita.iyer@sahaj-clinic.example'");
    const locationId = await one("select id from locations where name = 'Aundh'");
    for (const { email, minutes, number } of appointments) {
      const userId = await one('select id from users where email = $1', [email]);
      const at = clinicAt(new Date(Date.now() + minutes * 60_000));
      await db.query(
        `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
           consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
           holds_slot, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 'Video', 500, 'Meena', 'Joshi', $7, '9822012345', 41, 'female', 'Booked', 'paid', $8, true,
                 now() - interval '1 day', now() - interval '1 day')`,
        [`SHC-26-${number}`, userId, doctorId, locationId, at.date, at.time, email, `OPTOUT${number}`],
      );
    }
  } finally {
    await db.close();
  }
}

const mailbox = new MailCatcher();
const site = useSite(async () => {
  await mailbox.start();
  const port = await freePort();
  return {
    port,
    prepare: async (dataDir: string) => {
      await people.prepare(dataDir);
      await prepareReminded(dataDir, [
        { email: withScript, minutes: 60, number: 710001 },
        { email: withoutScript, minutes: 90, number: 710002 },
      ]);
    },
    env: { SMTP_URL: mailbox.url, PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox', REMINDER_LEADS: '2h' },
  };
});
afterAll(async () => {
  await mailbox.stop();
});

/** The opt-out address in the account's reminder mail, as a person would click it. */
async function optOutLinkFor(email: string): Promise<string> {
  const mail = await mailbox.next(email, 0, REMINDER_MS);
  expect(mail.subject, `the mail to ${email} is a reminder`).toMatch(/^Reminder: /);
  const link = /No more reminders by email\? Turn them off here \(no login needed\): (\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`the reminder mail to ${email} ("${mail.subject}") has no opt-out link in its text`);
  expect(new URL(link).origin).toBe(site.server.url);
  return link;
}

async function reminderChannels(email: string): Promise<Record<string, boolean>> {
  const res = await fetch(`${site.server.url}/api/auth/reminders`, { headers: { authorization: `Bearer ${people.account(email).token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET /api/auth/reminders answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { channels: Record<string, boolean> }).channels;
}

/** Presses the page's button and waits for the page the form's POST answers. */
async function pressStop(page: Page, link: string): Promise<void> {
  const button = page.getByRole('button', { name: 'Stop these reminders', exact: true });
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === link),
    button.click(),
  ]);
  expect(answer.status(), 'the form post is answered as a page').toBe(200);
  expect(answer.headers()['content-type']).toBe('text/html; charset=utf-8');
  await page.waitForLoadState('load');
}

describe('the reminder mail\'s opt-out link', () => {
  test('with JavaScript: the page asks, its button turns email reminders off and says so', async () => {
    const link = await optOutLinkFor(withScript);
    expect(await reminderChannels(withScript)).toMatchObject({ email: true });
    const context = await newContext(site.browser, PHONE);
    try {
      const { page } = await site.open(context);
      const opened = await page.goto(link, { waitUntil: 'load' });
      expect(opened?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Appointment reminders');
      expect(await page.locator('main').innerText()).toContain('Stop appointment reminders by email?');
      // Opening the link (as a mail client's preview does) changes nothing.
      expect(await reminderChannels(withScript)).toMatchObject({ email: true });
      await expectNoA11yViolations(page, 'the opt-out page');
      await screenshot(page, 'optout-ask-375', { fullPage: false });

      await pressStop(page, link);
      expect(await page.getByRole('status').innerText()).toBe('Done: no more appointment reminders by email.');
      expect(await reminderChannels(withScript)).toMatchObject({ email: false });
      await expectNoA11yViolations(page, 'the opt-out done page');
      await screenshot(page, 'optout-done-375', { fullPage: false });

      // Pressed again from the page before (Back): the same answer, still off.
      await page.goBack({ waitUntil: 'load' });
      await pressStop(page, link);
      expect(await page.getByRole('status').innerText()).toBe('Done: no more appointment reminders by email.');
      expect(await reminderChannels(withScript)).toMatchObject({ email: false });
    } finally {
      await context.close();
    }
  });

  test('without JavaScript: the plain form works; an altered link says so and changes nothing', async () => {
    const link = await optOutLinkFor(withoutScript);
    const context = await site.browser.newContext({ viewport: DESKTOP, locale: 'en-IN', timezoneId: 'Asia/Kolkata', javaScriptEnabled: false });
    context.setDefaultTimeout(10_000);
    try {
      // Not site.open: its pages wait for the app's script to run, and no script runs here.
      const page = await context.newPage();
      const watch = new PageWatch(page);
      // The context runs no page script (Playwright's own evaluation still works, so a page tells).
      await page.goto('data:text/html,<title>off</title><script>document.title = "ran"</script>');
      expect(await page.title()).toBe('off');
      // The altered link's answer is a 400, which Chromium reports on the console: expected here.
      watch.allow(/status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/optout\//);

      const altered = `${link.slice(0, -2)}${link.endsWith('AA') ? 'BB' : 'AA'}`;
      const refused = await page.goto(altered, { waitUntil: 'load' });
      expect(refused?.status()).toBe(400);
      expect(await page.getByRole('alert').innerText()).toContain('This link is not valid. Nothing was changed.');
      expect(await page.getByRole('button').count()).toBe(0);

      expect((await page.goto(link, { waitUntil: 'load' }))?.status()).toBe(200);
      expect(await reminderChannels(withoutScript)).toMatchObject({ email: true });
      await pressStop(page, link);
      expect(await page.getByRole('status').innerText()).toBe('Done: no more appointment reminders by email.');
      await screenshot(page, 'optout-done-noscript-1280', { fullPage: false });
      expect(await reminderChannels(withoutScript)).toMatchObject({ email: false });
      watch.assertClean();
    } finally {
      await context.close();
    }
  });
});
