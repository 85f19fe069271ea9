// The portal as an installed app, in a real browser against the production server (docs/app.md):
// - installable: Chromium finds the manifest and the service worker and reports no
//   installability error (CDP Page.getInstallabilityErrors), the manifest follows the language;
//   nothing of the worker is on the home page's first paint (it registers after load); the install
//   offer comes after a booking, once, and never after "No, thanks";
// - offline: once visited, the home page and a public page open with the network off, and
//   nothing personal is kept for a logged-out visitor;
// - a signed-in patient's My Appointment, My Remedies and the prescription PDF they opened are
//   there with the network off, marked "Offline copy. Last updated ..."; Logout removes them.
// - updates: a new version waits while the booking popup is open and the page is not reloaded
//   until the patient presses "Reload" on "A new version is ready".
// - room for the content: at 375 px every patient route's own heading starts within the first
//   200 px, under a header that still holds the contact line, hours (in the menu), location picker
//   and profile button.
// Screenshots in test-results/screenshots/app-*.png.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, useSite } from './harness';
import { clinicDate, demoSeed as seed } from './support/clinic';
import { writePaidVisits } from './support/paidVisits';
import { contextsPerTest } from './support/patients';
import { preparedPeople } from './support/preparedSite';
import { expectDialogOpen, STEP_MS } from './support/ui';

const meera = 'meera.kulkarni@sahaj-clinic.example';
const admin = 'clinic.admin@app-e2e.example';
const patientEmail = 'lata.pawar@app-e2e.example';
const people = preparedPeople(
  [
    { email: admin, firstName: 'Kiran', lastName: 'Rao' },
    { email: patientEmail, firstName: 'Lata', lastName: 'Pawar' },
  ],
  { admin },
);
/** The patient's paid clinic visit of yesterday (completed with a prescription by the test). */
const visit = { _id: '', number: 'SHC-26-910001' };

const site = useSite(() => ({
  prepare: async (dataDir: string) => {
    await people.prepare(dataDir);
    const doctor = seed.doctors.find((d) => d.email === meera)!;
    const fee = seed.fees.find((f) => f.consultationType === 'Clinic Visit')!.consultationFee;
    const [id] = await writePaidVisits(dataDir, [
      { email: patientEmail, doctorEmail: meera, location: doctor.locations[0]!, date: clinicDate(-1), time: '10:00', consultationType: 'Clinic Visit', fee, number: 910001, firstName: 'Lata', lastName: 'Pawar' },
    ]);
    visit._id = id!;
  },
}));
// The installed app's own tests: the service worker runs in their pages.
const contexts = contextsPerTest({ serviceWorkers: 'allow' });
afterEach(() => contexts.closeAll());

/** Until the service worker controls the page (the first one claims it: src/pwa/sw.ts). */
async function untilControlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: STEP_MS });
}

describe('the installable app', () => {
  test('Chromium finds the manifest and the service worker and reports nothing against installing; the manifest follows the language', async () => {
    const context = await contexts.fresh(site.browser, DESKTOP);
    const { page } = await site.open(context);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await untilControlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(new URL(manifest.url).pathname).toBe('/manifest.en.webmanifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    // The worker's start is a chunk of its own, fetched after the first ones.
    expect(scripts.findIndex((path) => /\/assets\/start-/.test(path))).toBeGreaterThan(0);

    await page.locator('#language-picker').selectOption('hi');
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href'), { timeout: STEP_MS }).toBe('/manifest.hi.webmanifest');
    const hindi = (await cdp.send('Page.getAppManifest')) as { url: string; data: string };
    expect(JSON.parse(hindi.data)).toMatchObject({ name: 'सहज होम्योपैथी क्लिनिक', lang: 'hi-IN' });
  });

  test('the install offer comes after a booking only, once; dismissed, it never comes again', async () => {
    const context = await contexts.fresh(site.browser, PHONE);
    const { page } = await site.open(context);
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await untilControlled(page);
    // The browser's install prompt, as Chromium fires it when the site is installable (headless
    // Chromium does not), and the payment result page's confirmed booking.
    const offerPrompt = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => Promise.resolve(),
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });
    const offer = page.locator('[data-pwa-notice="install"]');
    await offerPrompt();
    expect(await offer.count(), 'no offer before a booking').toBe(0);
    await page.evaluate(() => window.dispatchEvent(new Event('clinic:booked')));
    await offer.waitFor({ timeout: STEP_MS });
    await screenshot(page, 'app-install-offer-375', { fullPage: false });
    await expectNoA11yViolations(page, 'the home page with the install offer');
    await offer.getByRole('button', { name: 'No, thanks' }).click();
    await expect.poll(() => offer.count(), { timeout: STEP_MS }).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('installOffer'))).toBe('dismissed');
    // Another booking, another prompt: the answer is kept, so nothing (two frames for React to show it, were it shown).
    await offerPrompt();
    await page.evaluate(() => window.dispatchEvent(new Event('clinic:booked')));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await offer.count(), 'never again after "No, thanks"').toBe(0);
  });

  test('once visited, the home page and a public page open without a network', async () => {
    const context = await contexts.fresh(site.browser, PHONE);
    const { page } = await site.open(context);
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await untilControlled(page);
    // Precaching done: the worker is active only once it has every file of the build.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A second visit, through the worker: the public site options are kept on the way.
    await page.reload({ waitUntil: 'networkidle' });
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: STEP_MS }).toBeGreaterThan(0);
    await page.goto(site.url('/ourtreatment'), { waitUntil: 'load' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText(), { timeout: STEP_MS }).toMatch(/Treatments/i);
    // The installed app's start URL (src/pwa/manifest.ts), with its query.
    await page.goto(`${site.server.url}/?source=app`, { waitUntil: 'load' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: STEP_MS }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-pwa-notice="offline"]').count(), { timeout: STEP_MS }).toBe(1);
    await screenshot(page, 'app-offline-treatments-375', { fullPage: false });
    await expectNoA11yViolations(page, 'Our Treatments offline, with the offline notice');
    // A logged-out visitor: no personal cache on the device.
    expect((await cacheNames(page)).filter((name) => name.startsWith('clinic-personal-'))).toEqual([]);
    await context.setOffline(false);
  });
});

describe('a new version', () => {
  test('waits while the booking popup is open, is announced, and is taken only when the patient presses Reload', async () => {
    const context = await contexts.fresh(site.browser, DESKTOP);
    const { page } = await site.open(context);
    await page.goto(site.url('/'), { waitUntil: 'load' });
    await untilControlled(page);
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Book Appointment', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Appointment', exact: true });
    await expectDialogOpen(dialog, 'the Book Appointment dialog is open');

    // The next build: another service worker script (the server revalidates it on every check).
    appendFileSync(join(site.clientDir, 'sw.js'), '\n// the next version\n');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const notice = page.locator('[data-pwa-notice="update"]');
    await expect.poll(() => notice.innerText(), { timeout: STEP_MS }).toMatch(/A new version is ready\s*Reload/);
    await screenshot(page, 'app-update-during-booking-1280', { fullPage: false });
    await expectNoA11yViolations(page, 'the booking popup with the update notice');
    expect(await dialog.isVisible(), 'the booking stays open').toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage), 'no reload by itself').toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting !== null)), 'the new worker waits').toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), { timeout: STEP_MS }).toBe(0);
    await Promise.all([page.waitForEvent('load', { timeout: STEP_MS }), notice.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage ?? false), { timeout: STEP_MS }).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null))).toBeNull();
  });
});

describe.each([PHONE, DESKTOP])('the popups at $width px', (viewport) => {
  /** Where focus is: inside the open dialog, on the page behind it, or nowhere in the page (the browser's own controls). */
  const focusIn = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'browser';
      return active.closest('[role="dialog"], dialog') ? 'dialog' : 'page';
    });

  test('keep Tab and Shift+Tab inside the booking popup and the Login popup; Escape closes and focus returns to the opener', async () => {
    const context = await contexts.fresh(site.browser, viewport);
    const { page } = await site.open(context);
    await page.goto(site.url('/'), { waitUntil: 'load' });
    const width = viewport.width;
    const opener = page.locator('button:visible', { hasText: /^Book Appointment$/ }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Book Appointment', exact: true });
    await expectDialogOpen(booking, 'the Book Appointment dialog is open');
    await screenshot(page, `popup-booking-${width}`, { fullPage: false });
    const seen = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press(i < 25 ? 'Tab' : 'Shift+Tab');
      const where = await focusIn(page);
      seen.add(where);
      expect(where, `Tab ${i + 1} leaves focus out of the page behind the popup`).not.toBe('page');
    }
    expect(seen.has('dialog'), 'Tab moves among the popup\'s controls').toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => booking.count(), { timeout: STEP_MS }).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement), 'focus is back on the button that opened it').toBe(true);

    const login = page.locator('button:visible', { hasText: /^Login$/ }).first();
    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Login', exact: true });
    await expectDialogOpen(dialog, 'the Login dialog is open');
    await screenshot(page, `popup-login-${width}`, { fullPage: false });
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i < 10 ? 'Tab' : 'Shift+Tab');
      expect(await focusIn(page), `Tab ${i + 1} in the Login popup`).not.toBe('page');
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), { timeout: STEP_MS }).toBe(0);
    expect(await login.evaluate((el) => el === document.activeElement), 'focus is back on Login').toBe(true);
  });
});

/** Every route of the patient site (src/app/App.tsx), the staff console and the display aside. */
const PATIENT_ROUTES = [
  '/',
  '/ourtreatment',
  '/gallery',
  '/teams',
  '/aboutus',
  '/contactus',
  '/termandcondition',
  '/privacypolicy',
  '/myremedies',
  '/myappointment',
  '/account',
  '/forgotpassword',
  '/payment',
  '/paymentsuccess',
  '/paymentfail',
  '/verify/AAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/no-such-page',
];

describe('the header at 375 px', () => {
  /** Where the page's own content starts: the top of the first heading in <main>. */
  const contentTop = (page: Page) =>
    page.evaluate(() => {
      const first = document.querySelector('#main-content h1, #main-content h2');
      return first ? Math.round(first.getBoundingClientRect().top + window.scrollY) : null;
    });

  test('every patient route starts its own content within the first 200 px, signed in and out', async () => {
    const signedIn = await contexts.signedIn(site.browser, PHONE, people.account(patientEmail).token);
    const { page } = await site.open(signedIn);
    const tops: Record<string, number | null> = {};
    for (const route of PATIENT_ROUTES) {
      await page.goto(site.url(route), { waitUntil: 'load' });
      await page.locator('#main-content h1, #main-content h2').first().waitFor({ timeout: STEP_MS });
      await expect.poll(() => page.locator('.site-header').getByRole('button', { name: 'My Profile', exact: true }).count(), { timeout: STEP_MS }).toBe(1);
      tops[route] = await contentTop(page);
      if (route === '/' || route === '/myappointment') await screenshot(page, `app-header-${route === '/' ? 'home' : 'myappointment'}-375`, { fullPage: false });
    }
    const loggedOut = await contexts.fresh(site.browser, PHONE);
    const visitor = (await site.open(loggedOut)).page;
    await visitor.goto(site.url('/'), { waitUntil: 'load' });
    tops['/ (logged out)'] = await contentTop(visitor);
    await screenshot(visitor, 'app-header-home-logged-out-375', { fullPage: false });
    // The hours, folded out of the contact line, are in the menu.
    await visitor.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => visitor.locator('#main-nav-list').innerText(), { timeout: STEP_MS }).toMatch(/Fri closed/);
    expect(await visitor.locator('.contact-bar__hours').isVisible()).toBe(false);
    await screenshot(visitor, 'app-header-menu-375', { fullPage: false });
    // The wide header, unchanged in what it holds: for the eye.
    const wide = await contexts.signedIn(site.browser, DESKTOP, people.account(patientEmail).token);
    const desk = (await site.open(wide)).page;
    for (const route of ['/', '/myappointment']) {
      await desk.goto(site.url(route), { waitUntil: 'load' });
      await desk.locator('#main-content h1, #main-content h2').first().waitFor({ timeout: STEP_MS });
      await screenshot(desk, `app-header-${route === '/' ? 'home' : 'myappointment'}-1280`, { fullPage: false });
    }
    const over = Object.entries(tops).filter(([, top]) => top === null || top > 200);
    expect(over, `routes whose content starts below 200 px: ${JSON.stringify(tops)}`).toEqual([]);
  });
});

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

describe("a signed-in patient's offline copies", () => {
  test('My Appointment, My Remedies and an opened prescription are there offline, marked with their time; Logout removes them', async () => {
    const staff = people.account(admin);
    const complete = await fetch(`${site.server.url}/api/staff/appointments/${visit._id}/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        complain: 'Dry cough',
        diagnosis: 'Acute bronchitis',
        remedies: [{ medicineName: 'Bryonia alba', dosage: '4 pills', frequency: 'Twice a day' }],
        potency: '30C',
        duration: '30 days',
        pharmacyName: 'Sahaj Pharmacy',
        pharmacyId: 'PH-1',
        instructions: 'No coffee.',
        showMedicine: true,
      }),
    });
    expect(complete.status).toBe(200);
    const context = await contexts.signedIn(site.browser, PHONE, people.account(patientEmail).token);
    const { page, watch } = await site.open(context);
    await page.goto(site.url('/myappointment'), { waitUntil: 'load' });
    await expect.poll(() => page.getByText(visit.number).count(), { timeout: STEP_MS }).toBeGreaterThan(0);
    await untilControlled(page);
    await page.goto(site.url('/myremedies'), { waitUntil: 'load' });
    const card = page.locator('.prescription-card', { hasText: visit.number });
    const download = async () => {
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), card.getByRole('button', { name: 'Download prescription (PDF)' }).click()]);
      return readFileSync((await file.path())!);
    };
    const online = await download();
    expect(online.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await cacheNames(page)).filter((name) => name.startsWith('clinic-personal-'))).toHaveLength(1);

    await context.setOffline(true);
    // The failed calls of an offline page are the browser's to log, not the page's fault.
    watch.allow(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/);
    await page.goto(site.url('/myappointment'), { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => page.getByText(visit.number).count(), { timeout: STEP_MS }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-offline-copy="appointments"]').innerText(), { timeout: STEP_MS }).toMatch(/^Offline copy\. Last updated \d/);
    await screenshot(page, 'app-offline-myappointment-375', { fullPage: false });
    await page.goto(site.url('/myremedies'), { waitUntil: 'load' });
    await expect.poll(() => card.count(), { timeout: STEP_MS }).toBe(1);
    await expect.poll(() => page.locator('[data-offline-copy="remedies"]').count(), { timeout: STEP_MS }).toBe(1);
    expect((await download()).equals(online), 'the prescription offline is the one opened online').toBe(true);

    await context.setOffline(false);
    const profile = page.locator('.site-header').getByRole('button', { name: 'My Profile', exact: true });
    await profile.click();
    await page.locator('#profile-menu-list').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect.poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('clinic-personal-')), { timeout: STEP_MS }).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('personalCache'))).toBeNull();
  });
});
