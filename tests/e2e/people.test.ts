// Who the appointment is for, in a real browser at 1280 and 375 px against the
// production server (sandbox payments): in the Book Appointment popup, a blank first name and the
// phone `12` are named next to First name and Phone number before any request (aria-invalid,
// described, the focus on First name); booking for a family member added inline (a minor: the
// adult-present note, the teleconsultation consent) reaches the checkout, and the server's record
// names the family member and the account holder; a Google account without phone, age or gender is
// asked for them once: the next popup has them. axe on each popup state; screenshots
// test-results/screenshots/people-*.png.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { axeViolations, formatViolations, screenshot, useSite, type Viewport } from './harness';
import { planFor } from './support/clinic';
import { preparedPeople, signedInContext } from './support/preparedSite';
import { expectBookingStepsStill, expectDialogOpen, fact, STEP_MS } from './support/ui';
import { freePort } from './support/server.mjs';
import { openPGliteDir } from '../../server/db/pglite';
import { pgliteDir } from '../../server/db/open';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };

const admin = 'clinic.admin@people-e2e.example';
const asha = (w: number) => `asha.${w}@people-e2e.example`;
const gita = (w: number) => `gita.${w}@people-e2e.example`;
/** Her own account per width for the reminder switches, so the tests run in any order. */
const nisha = (w: number) => `nisha.${w}@people-e2e.example`;
const people = preparedPeople(
  [
    { email: admin, firstName: 'Kiran', lastName: 'Rao' },
    ...[DESKTOP.width, PHONE.width].flatMap((w) => [
      { email: asha(w), firstName: 'Asha', lastName: 'Kulkarni' },
      { email: gita(w), firstName: 'Gita', lastName: 'Rao' },
      { email: nisha(w), firstName: 'Nisha', lastName: 'Patil' },
    ]),
  ],
  { admin },
);

const site = useSite(async () => {
  const port = await freePort();
  return {
    port,
    prepare: async (dataDir: string) => {
      await people.prepare(dataDir);
      // The Google accounts as a Google sign-up leaves them: no phone, age or gender yet.
      const db = await openPGliteDir(pgliteDir(dataDir));
      try {
        await db.query(`update users set phone_number = null, age = null, gender = null where email like 'gita.%'`);
      } finally {
        await db.close();
      }
    },
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: 'sandbox',
      // WhatsApp set up, so /account offers its switch; the address is a closed port: no text leaves.
      WHATSAPP_TOKEN: 'e2e-token',
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      WHATSAPP_REMINDER_TEMPLATE: 'appointment_reminder',
      WHATSAPP_BASE_URL: 'http://127.0.0.1:9',
    },
  };
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function pageAs(email: string, viewport: Viewport): Promise<Page> {
  const context = await signedInContext(site.browser, viewport, people.account(email).token);
  contexts.push(context);
  const { page } = await site.open(context);
  await page.goto(site.url('/'), { waitUntil: 'load' });
  await expect
    .poll(() => page.locator('header.site-header').getByRole('button', { name: 'My Profile', exact: true }).isVisible(), {
      message: 'logged in (My Profile in the header)',
      timeout: STEP_MS,
    })
    .toBe(true);
  return page;
}

async function api<T>(method: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${site.server.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function openBooking(page: Page, width: number): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (width <= 768) {
    const menu = nav.getByRole('button', { name: 'Menu' });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await nav.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Appointment', exact: true });
  await expectDialogOpen(dialog, 'the Book Appointment dialog is open');
  await expect.poll(() => dialog.getByLabel('Location', { exact: true }).isEnabled(), { message: 'the doctors loaded', timeout: STEP_MS }).toBe(true);
  return dialog;
}

/** Location, doctor, type, date and the first free slot. */
async function choose(dialog: Locator, plan: { location: string; doctorEmail: string; date: string }, type: string): Promise<string> {
  await dialog.getByLabel('Location', { exact: true }).selectOption(plan.location);
  await dialog.getByLabel('Doctor', { exact: true }).selectOption(plan.doctorEmail);
  await dialog.getByLabel('Consultation type', { exact: true }).selectOption(type);
  await dialog.getByLabel('Date', { exact: true }).fill(plan.date);
  const slots = dialog.getByRole('group', { name: 'Time slot' }).getByRole('radio');
  await expect.poll(() => slots.count(), { message: 'the slots are listed', timeout: STEP_MS }).toBeGreaterThan(0);
  const free = dialog.getByRole('group', { name: 'Time slot' }).locator('input[type=radio]:not([disabled])').first();
  const time = await free.getAttribute('value');
  await free.check();
  return time!;
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length, `axe on ${what}:\n${formatViolations(violations)}`).toBe(0);
}

const describedBy = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const toCheckout = (page: Page) =>
  page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/checkout/'), { timeout: STEP_MS, waitUntil: 'load' });

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('who the appointment is for at $viewport.width px', ({ viewport }) => {
  const width = viewport.width;

  test('a blank first name and the phone 12 are named next to their fields, before any request', async () => {
    const page = await pageAs(asha(width), viewport);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/appointment/add')) requests.push(r.url());
    });
    const dialog = await openBooking(page, width);
    await choose(dialog, planFor('clinic', 1), 'Clinic Visit');
    const firstName = dialog.getByLabel('First name', { exact: true });
    const phone = dialog.getByLabel('Phone number', { exact: true });
    await firstName.fill('');
    await phone.fill('12');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();

    await expect.poll(() => firstName.getAttribute('aria-invalid'), { message: 'First name is marked invalid', timeout: STEP_MS }).toBe('true');
    expect(await describedBy(firstName)).toBe('First name is required');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(phone)).toBe('Phone number must be a 10-digit phone number');
    expect(await firstName.evaluate((el) => el === document.activeElement), 'the focus is on First name').toBe(true);
    expect(requests, 'no booking request was sent').toEqual([]);
    await expectBookingStepsStill(dialog);
    await expectAxeClean(page, `the popup with field errors at ${width} px`);
    await phone.scrollIntoViewIfNeeded();
    await screenshot(page, `people-field-errors-${width}`, { fullPage: false });
  });

  test('books a Video consultation for a family member added in the popup; the record names both', async () => {
    const page = await pageAs(asha(width), viewport);
    const dialog = await openBooking(page, width);
    const plan = planFor('online', 1);
    const time = await choose(dialog, plan, 'Video');
    await dialog.getByRole('radio', { name: 'Someone else', exact: true }).check();
    const form = dialog.getByRole('group', { name: 'Add a family member', exact: true });
    await expect.poll(() => form.isVisible(), { message: 'the add form is shown (no members yet)', timeout: STEP_MS }).toBe(true);
    await form.getByLabel('First name', { exact: true }).fill('Riya');
    await form.getByLabel('Last name', { exact: true }).fill('Kulkarni');
    await form.getByLabel('Age', { exact: true }).fill('9');
    await form.getByLabel('Gender', { exact: true }).selectOption('female');
    await form.getByLabel('Relation', { exact: true }).fill('Daughter');
    await form.getByRole('button', { name: 'Add a family member', exact: true }).click();
    const who = dialog.getByLabel('Who is the appointment for?', { exact: true });
    await expect.poll(async () => (await who.count()) > 0 && (await who.locator('option:checked').innerText()), { message: 'Riya is chosen', timeout: STEP_MS }).toBe('Riya Kulkarni (Daughter, 9)');
    await expect
      .poll(() => dialog.getByText(/An adult must be present during a minor's teleconsultation/).isVisible(), { message: 'the minor note', timeout: STEP_MS })
      .toBe(true);
    await dialog.getByRole('checkbox', { name: /I agree to a teleconsultation/ }).check();
    await expectBookingStepsStill(dialog);
    await expectAxeClean(page, `the popup booking for a family member at ${width} px`);
    await dialog.getByRole('checkbox', { name: /I agree to a teleconsultation/ }).scrollIntoViewIfNeeded();
    await screenshot(page, `people-family-member-${width}`, { fullPage: false });

    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await toCheckout(page);
    const account = people.account(asha(width));
    const list = await api<Array<Record<string, unknown>>>('GET', `/auth/getUser/${encodeURIComponent(account.email)}`, account.token);
    const booked = list.find((a) => a.date === plan.date && a.startTime === time);
    expect(booked).toMatchObject({
      firstName: 'Riya',
      lastName: 'Kulkarni',
      age: 9,
      gender: 'female',
      accountHolder: { firstName: 'Asha', lastName: 'Kulkarni' },
      consultationType: 'Video',
    });
    expect(booked?.familyMemberId).toEqual(expect.any(String));
    expect(booked?.consentAt).toEqual(expect.any(String));

    // My Appointment names the person consulted.
    await page.goto(site.url('/myappointment'), { waitUntil: 'load' });
    const card = page.locator('article.appointment-card').filter({ hasText: 'Riya Kulkarni' });
    await expect.poll(() => card.count(), { message: 'the appointment card names Riya', timeout: STEP_MS }).toBe(1);
    expect(await fact(card, 'For')).toBe('Riya Kulkarni');
  });

  test('/account: Set a password for a Google account, the profile edit with its errors on the fields, family members', async () => {
    const account = people.account(gita(width));
    const context = await signedInContext(site.browser, viewport, account.token);
    contexts.push(context);
    const { page } = await site.open(context);
    await page.goto(site.url('/account'), { waitUntil: 'load' });
    await expect.poll(() => page.getByRole('link', { name: 'Set a password', exact: true }).isVisible(), { message: 'Set a password', timeout: STEP_MS }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Family members' }).isVisible(), { message: 'the family section', timeout: STEP_MS }).toBe(true);
    await page.getByRole('button', { name: 'Edit profile', exact: true }).click();
    const form = page.getByRole('group', { name: 'Edit profile', exact: true });
    const phone = form.getByLabel('Phone number', { exact: true });
    await phone.fill('12');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => phone.getAttribute('aria-invalid'), { message: 'the phone is marked invalid', timeout: STEP_MS }).toBe('true');
    expect(await describedBy(phone)).toBe('Phone number must be a 10-digit phone number');
    expect(await phone.evaluate((el) => el === document.activeElement), 'the focus is on the phone').toBe(true);
    await expectAxeClean(page, `/account with a profile error at ${width} px`);
    await screenshot(page, `people-account-${width}`, { fullPage: true });
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  test('/account: reminder switches for email and the WhatsApp the clinic has set up, saved as turned and kept', async () => {
    const account = people.account(nisha(width));
    const page = await pageAs(nisha(width), viewport);
    await page.goto(site.url('/account'), { waitUntil: 'load' });
    const section = page.getByRole('region', { name: 'Appointment reminders', exact: true });
    const email = section.getByRole('switch', { name: 'Email', exact: true });
    const whatsapp = section.getByRole('switch', { name: 'WhatsApp', exact: true });
    await expect.poll(() => whatsapp.isVisible(), { message: 'the WhatsApp switch', timeout: STEP_MS }).toBe(true);
    expect(await section.getByRole('switch', { name: 'SMS', exact: true }).count(), 'SMS is not set up here').toBe(0);
    expect(await email.isChecked()).toBe(true);
    expect(await describedBy(whatsapp)).toBe('To the phone number given with each appointment.');
    await expectAxeClean(page, `/account's reminders at ${width} px`);

    const turnedOn = !(await whatsapp.isChecked());
    await whatsapp.setChecked(turnedOn);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your reminder settings are saved.' }).count(), { message: 'the saved toast', timeout: STEP_MS }).toBe(1);
    await email.setChecked(false);
    await expect
      .poll(async () => (await api<{ channels: Record<string, boolean> }>('GET', '/auth/reminders', account.token)).channels, { message: 'the server has both', timeout: STEP_MS })
      .toMatchObject({ email: false, whatsapp: turnedOn });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `people-reminders-${width}`, { fullPage: false });

    // Kept: a new visit shows them as set.
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => whatsapp.isVisible(), { message: 'the switches again', timeout: STEP_MS }).toBe(true);
    expect(await email.isChecked()).toBe(false);
    expect(await whatsapp.isChecked()).toBe(turnedOn);
  });

  test('a Google account is asked for phone, age and gender once: the next popup has them', async () => {
    const page = await pageAs(gita(width), viewport);
    let dialog = await openBooking(page, width);
    await choose(dialog, planFor('clinic', 2), 'Clinic Visit');
    await expect
      .poll(() => dialog.getByText('We keep your phone number, age and gender on your account', { exact: false }).isVisible(), {
        message: 'the popup says why it asks',
        timeout: STEP_MS,
      })
      .toBe(true);
    expect(await dialog.getByLabel('Phone number', { exact: true }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    const phone = dialog.getByLabel('Phone number', { exact: true });
    await expect.poll(() => phone.getAttribute('aria-invalid'), { message: 'Phone number is asked for', timeout: STEP_MS }).toBe('true');
    expect(await describedBy(phone)).toBe('Phone number is required');
    expect(await dialog.getByLabel('Age', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Gender', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectBookingStepsStill(dialog);
    await expectAxeClean(page, `the popup asking a Google account for its profile at ${width} px`);
    await screenshot(page, `people-google-asked-${width}`, { fullPage: false });

    await phone.fill('98220 11111');
    await dialog.getByLabel('Age', { exact: true }).fill('29');
    await dialog.getByLabel('Gender', { exact: true }).selectOption('female');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await toCheckout(page);
    const account = people.account(gita(width));
    expect(await api('GET', '/auth/getuser', account.token)).toMatchObject({ phoneNumber: '9822011111', age: 29, gender: 'female', hasPassword: false });

    // Once: a new visit's popup has them, and says nothing more about it.
    await page.goto(site.url('/'), { waitUntil: 'load' });
    dialog = await openBooking(page, width);
    await expect.poll(() => dialog.getByLabel('Phone number', { exact: true }).inputValue(), { message: 'the phone is kept', timeout: STEP_MS }).toBe('9822011111');
    expect(await dialog.getByLabel('Age', { exact: true }).inputValue()).toBe('29');
    expect(await dialog.getByText('We keep your phone number, age and gender on your account', { exact: false }).count()).toBe(0);
  });
});
