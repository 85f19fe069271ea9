// The staff console in a real browser, at 1280 and 375 px, against the production server
// with the sandbox payment provider: the clinic run from the browser, the only command-line step
// being the first admin (`npm run clinic -- create-admin`, through the command line's own
// function). Before the server starts, its embedded database is prepared (support/preparedSite.ts):
// migrated and seeded as a start would, with the admin, and for each width a patient and the future
// doctor's account (registered, a patient account until the admin gives it the doctor role), each
// with a login token (the Login popup has its own suite). For each width:
// - a patient opening /#/staff reads 'This is for clinic staff only.'; a patient's token gets 403
//   from the staff API, a doctor's from the admin API;
// - the admin opens the console through the profile menu's Staff console link, adds a location,
//   a doctor there (name, email, type clinic, slot length) and two hours of weekly hours (four
//   slots) on the weekday of a slot that starts soon (see `planVisit`), and gives the doctor's
//   account the doctor role under Staff accounts; every admin screen is checked with axe and
//   photographed (Site content with a Drive link previewed);
// - the patient books that doctor's soon slot in the Book Appointment popup and pays at the
//   sandbox checkout;
// - the admin sees the booking, paid, under Appointments; an hours change that would orphan it
//   lists it ('Nothing was changed') and changes nothing;
// - the doctor opens the appointment from its day's list (Today; Upcoming when it is after clinic
//   midnight, until midnight comes) and completes it with a prescription (two remedies, shown to
//   the patient) and a Card order: completion opens with the join window (JOIN_OPENS_MINUTES_BEFORE
//   before the start), so the slot starts soon, and this file's server opens the window early
//   enough to be in it;
// - the patient sees both on /#/myappointment and pays the order through the sandbox: Completed;
// - the audit log shows the doctor's and the admin's changes;
// - the admin moves the order along (Ready) and retires, then reactivates, the doctor.
// Screenshots in test-results/screenshots/staff-*.png.
//
// One width's run is one test: its steps act on what the one before made (the location and
// doctor, the booking, the consultation), so they are steps of one journey, each named when it
// fails. The two widths' journeys make their own location, doctor and patient, and the refused
// patient is a test of its own: any test runs alone (-t) and in any order.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoA11yViolations, screenshot, useSite, type Viewport } from './harness';
import { addDays, clinicClock, clinicInstant, fromMinutes, toMinutes, weekdayOf } from '../../contract/clinicTime.js';
import { clinicDate } from './support/clinic';
import { preparedPeople, signedInContext, type Account } from './support/preparedSite';
import { freePort } from './support/server.mjs';
import { expectDialogOpen, expectToast, fact, factNow, openEarlier, runJourney, sandboxCheckout, STEP_MS } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };

const MSG = {
  staffOnly: 'This is for clinic staff only.',
  locationAdded: 'Location added.',
  doctorAdded: 'Doctor added.',
  hoursSaved: 'Hours saved.',
  roleChanged: 'Role changed.',
  booked: 'Appointment booked successfully.',
  orphaned: "This change would leave a booked appointment outside the doctor's schedule. Move or cancel it first.",
  completed: 'Consultation completed.',
  orderCreated: 'Order created.',
} as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

// ---------------------------------------------------------------------------------------------
// The visit: a slot that starts soon, so that the doctor may complete it

/** One width's journey, at most (its test's timeout). */
const JOURNEY_MS = 480_000;
/** The slot length the admin gives the doctor. */
const SLOT_MINUTES = 30;
/** The weekly hours the admin sets: four slots. */
const HOURS_SLOTS = 4;
/**
 * How far ahead of the clinic clock's minute the planned slot starts at the least (so more than
 * LEAD_MINUTES - 1 after the plan): more than a whole journey, so that the slot has not started
 * when the patient books it (a started slot cannot be booked), when the admin's refused hours
 * change is checked against it, nor when the doctor opens and completes it.
 */
const LEAD_MINUTES = JOURNEY_MS / 60_000 + 2;
/**
 * JOIN_OPENS_MINUTES_BEFORE for this file's server (at most 120): completion opens this long
 * before the start. The planned slot starts at most LEAD_MINUTES plus a slot, plus an hour when
 * the day's last slot is too soon and the plan moves past clinic midnight, after the plan (70
 * minutes at most), so it is in the window from the plan on.
 */
const JOIN_OPENS_MINUTES_BEFORE = 120;
/** The latest end of a day's hours: a clinic time stops at 23:59 (contract/primitives.ts ClinicTime). */
const LAST_END = toMinutes('23:59');
const DAY_MINUTES = 24 * 60;

interface Visit {
  /** The slot's clinic date and start. */
  date: string;
  time: string;
  /** The weekly hours set on that date's weekday: from, to, and the slots they cut. */
  from: string;
  to: string;
  slots: string[];
}

/**
 * The soonest slot (on SLOT_MINUTES boundaries, clinic time) that starts at least LEAD_MINUTES
 * after the clinic clock's minute at `now` and ends by LAST_END, and the hours around it: HOURS_SLOTS slots in one day, the
 * planned slot the second of them where the day allows (as 10:30 in 10:00-12:00), whatever the
 * time of day: near clinic midnight the hours end by 23:59, or the slot is after midnight.
 */
function planVisit(now: Date): Visit {
  const clock = clinicClock(now);
  let date = clock.date;
  let start = Math.ceil((clock.minutes + LEAD_MINUTES) / SLOT_MINUTES) * SLOT_MINUTES;
  if (start >= DAY_MINUTES) {
    // Past clinic midnight already: that time tomorrow.
    date = addDays(date, 1);
    start -= DAY_MINUTES;
  } else if (start + SLOT_MINUTES > LAST_END) {
    // The day's last slot has gone: tomorrow's first.
    date = addDays(date, 1);
    start = 0;
  }
  const hoursMinutes = HOURS_SLOTS * SLOT_MINUTES;
  const latestFrom = Math.floor((LAST_END - hoursMinutes) / SLOT_MINUTES) * SLOT_MINUTES;
  const from = Math.max(0, Math.min(start - SLOT_MINUTES, latestFrom));
  return {
    date,
    time: fromMinutes(start),
    from: fromMinutes(from),
    to: fromMinutes(from + hoursMinutes),
    slots: Array.from({ length: HOURS_SLOTS }, (_, i) => fromMinutes(from + i * SLOT_MINUTES)),
  };
}

// ---------------------------------------------------------------------------------------------
// The server, its prepared database, the browser

/** What one width's flow creates: a location, a doctor working there, their account. */
interface Cast {
  width: number;
  location: string;
  doctor: { name: string; email: string; firstName: string; lastName: string };
  patientEmail: string;
}

const casts: Cast[] = [
  {
    width: DESKTOP.width,
    location: 'Baner',
    doctor: { name: 'Dr. Nisha Karve', email: 'nisha.karve@clinic-e2e.example', firstName: 'Nisha', lastName: 'Karve' },
    patientEmail: 'meena.rao.1280@clinic-e2e.example',
  },
  {
    width: PHONE.width,
    location: 'Wakad',
    doctor: { name: 'Dr. Omkar Bhide', email: 'omkar.bhide@clinic-e2e.example', firstName: 'Omkar', lastName: 'Bhide' },
    patientEmail: 'meena.rao.375@clinic-e2e.example',
  },
];

const adminEmail = 'clinic.admin@clinic-e2e.example';

const people = preparedPeople(
  [
    { email: adminEmail, firstName: 'Kiran', lastName: 'Sawant' },
    ...casts.flatMap((cast) => [
      { email: cast.patientEmail, firstName: 'Meena', lastName: 'Rao' },
      { email: cast.doctor.email, firstName: cast.doctor.firstName, lastName: cast.doctor.lastName },
    ]),
  ],
  { admin: adminEmail },
);

const site = useSite(async () => {
  const port = await freePort();
  // PUBLIC_URL: where the sandbox checkout sends the browser back to (our own origin).
  return {
    port,
    prepare: people.prepare,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox', JOIN_OPENS_MINUTES_BEFORE: String(JOIN_OPENS_MINUTES_BEFORE) },
  };
});

const base = (): string => site.server.url;

/** One browser context per person and width, its local storage holding that person's token. */
const contexts = new Map<string, BrowserContext>();
async function contextFor(viewport: Viewport, account: Account): Promise<BrowserContext> {
  const key = `${account.email} ${viewport.width}`;
  let context = contexts.get(key);
  if (!context) {
    context = await signedInContext(site.browser, viewport, account.token);
    // A Drive link's preview loads Drive's thumbnail: answered here with a tiny image.
    await context.route('https://drive.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#2f855a"/></svg>' }),
    );
    contexts.set(key, context);
  }
  return context;
}

afterAll(async () => {
  for (const context of contexts.values()) await context.close();
});

async function open(context: BrowserContext): Promise<Page> {
  return (await site.open(context)).page;
}

// ---------------------------------------------------------------------------------------------
// The API, for what the browser is not asked to prove

async function status(method: string, path: string, token: string): Promise<number> {
  const res = await fetch(`${base()}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

async function call<T>(method: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${base()}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface StoredAppointment {
  _id: string;
  appointmentId: string;
  date: string;
  startTime: string;
  doctorEmail: string;
  appointmentPaymentStatus: string;
}

// ---------------------------------------------------------------------------------------------
// Page helpers

const routeOf = (page: Page): string => site.routeOf(page);

const header = (page: Page) => page.locator('header.site-header');

async function shot(page: Page, step: string, width: number, fullPage = true): Promise<void> {
  await screenshot(page, `staff-${step}-${width}`, { fullPage });
}

/** Nothing in the page is wider than the window (a phone must not scroll sideways). */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Dismisses the toasts shown (once read), so that a screenshot shows the screen under them. */
async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** Checks a console screen (axe, no sideways scroll) and photographs it, without toasts. */
async function review(page: Page, step: string, width: number): Promise<void> {
  await dismissToasts(page);
  await still(page);
  await expectNoA11yViolations(page, `${step} at ${width} px`);
  await expectNoSidewaysScroll(page, `${step} at ${width} px`);
  await shot(page, step, width);
}

/** '/', then the profile menu's Staff console link, to today's appointments. */
async function openConsole(page: Page): Promise<void> {
  await page.goto(`${base()}/#/`, { waitUntil: 'load' });
  const profile = header(page).getByRole('button', { name: 'My Profile', exact: true });
  // The link shows once the whole profile (with the role) is known.
  await expect.poll(() => profile.isVisible(), { message: 'logged in: My Profile', timeout: STEP_MS }).toBe(true);
  const link = header(page).getByRole('link', { name: 'Staff console', exact: true });
  await expect
    .poll(
      async () => {
        if ((await profile.getAttribute('aria-expanded')) !== 'true') await profile.click();
        return link.isVisible();
      },
      { message: 'the profile menu offers the Staff console', timeout: STEP_MS },
    )
    .toBe(true);
  await link.click();
  await expect.poll(() => routeOf(page), { message: 'the console opens on Today', timeout: STEP_MS }).toBe('/staff/today');
  await expectHeading(page, 1, /^Today, /);
}

async function expectHeading(page: Page, level: number, name: string | RegExp): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level, name }).count(), { message: `a level-${level} heading ${String(name)}`, timeout: STEP_MS })
    .toBeGreaterThan(0);
}

/** A section of the console, through its navigation (behind the Sections button on a phone). */
async function openSection(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Staff console sections' });
  const toggle = nav.getByRole('button', { name: 'Sections', exact: true });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav.getByRole('link', { name, exact: true }).click();
}

/** An admin list section: its region (named by its heading) once the list has loaded. */
async function adminSection(page: Page, name: string, heading = name): Promise<Locator> {
  await openSection(page, name);
  const section = page.getByRole('region', { name: heading, exact: true });
  await expect.poll(() => section.count(), { message: `the ${heading} section`, timeout: STEP_MS }).toBe(1);
  await expect.poll(() => section.getByText('Loading…', { exact: true }).count(), { message: `${heading} has loaded`, timeout: STEP_MS }).toBe(0);
  return section;
}

/** The inline form of an admin list (a form named by its title). */
const adminForm = (page: Page, title: string): Locator => page.getByRole('form', { name: title, exact: true });

/** Waits until nothing is animating in the page (toasts and popups fade in; axe measures contrast). */
async function still(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length), { message: 'animations end', timeout: STEP_MS })
    .toBe(0);
}

/** The sandbox checkout on our own origin (photographed as the window shows it): the amount, then Pay. */
function payAtSandbox(page: Page, rupees: number, width: number, step: string): Promise<void> {
  return sandboxCheckout(page, base(), rupees, () => shot(page, `${step}-checkout`, width, false));
}

// ---------------------------------------------------------------------------------------------

describe('the clinic run from the browser', () => {
  describe.each(casts)('the clinic run from the browser at $width px', (cast) => {
    const viewport = cast.width === DESKTOP.width ? DESKTOP : PHONE;
    const width = cast.width;
    /** The slot the patient books and the doctor's hours around it, planned as the journey starts. */
    let planned: Visit | undefined;
    const visit = (): Visit => {
      expect(planned, 'the visit was planned (first step)').toBeTruthy();
      return planned!;
    };
    let admin: Account;
    let patient: Account;
    let doctorAccount: Account;
    /** The booking the patient makes (read back from the server). */
    let booking: StoredAppointment | undefined;

    /** The journey's steps, in order: one test runs them (see the header). */
    const journey: [string, () => Promise<void>][] = [];
    const step = (name: string, run: () => Promise<void>): void => {
      journey.push([name, run]);
    };

    beforeAll(() => {
      admin = people.account(adminEmail);
      patient = people.account(cast.patientEmail);
      doctorAccount = people.account(cast.doctor.email);
    });

    test("a patient opening /#/staff reads 'This is for clinic staff only.'; the server refuses a patient's token", async () => {
      const { page, watch } = await site.open(await contextFor(viewport, patient));
      // The console asks GET /staff/me, which answers 403 to a patient: Chromium logs the refused call.
      watch.allow(/Failed to load resource: the server responded with a status of 403 .*\/api\/staff\/me/);
      await page.goto(`${base()}/#/staff`, { waitUntil: 'load' });
      await expectHeading(page, 1, 'Staff console');
      await expect.poll(() => page.getByText(MSG.staffOnly, { exact: true }).count(), { message: 'the refusal', timeout: STEP_MS }).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Staff console sections' }).count(), 'no console sections').toBe(0);
      await review(page, 'patient-refused', width);

      // Every staff endpoint checks the role on the server, whatever the page shows.
      for (const [method, path] of [
        ['GET', '/staff/me'],
        ['GET', '/staff/appointments'],
        ['GET', '/staff/audit'],
        ['GET', '/staff/doctors'],
        ['GET', '/staff/accounts'],
        ['GET', '/staff/refunds'],
      ] as const) {
        expect(await status(method, path, patient.token), `${method} ${path} with a patient's token`).toBe(403);
      }
    });

    step('the admin adds a location, a doctor with hours around a slot that starts soon, and gives the account the doctor role', async () => {
      planned = planVisit(new Date());
      const startsIn = clinicInstant(planned.date, planned.time).getTime() - Date.now();
      expect(startsIn, `${planned.date} ${planned.time} starts after the whole journey`).toBeGreaterThan(JOURNEY_MS);
      expect(startsIn, `${planned.date} ${planned.time} is in the join window from now on`).toBeLessThanOrEqual(JOIN_OPENS_MINUTES_BEFORE * 60_000);
      const { date, from, to } = planned;
      const page = await open(await contextFor(viewport, admin));
      await openConsole(page);
      await review(page, 'admin-today', width);

      // Locations: add one.
      const locations = await adminSection(page, 'Locations');
      await locations.getByRole('button', { name: 'Add location', exact: true }).click();
      const locationForm = adminForm(page, 'Add location');
      await locationForm.getByLabel('Location name', { exact: true }).fill(cast.location);
      await locationForm.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'status', MSG.locationAdded);
      await expect.poll(() => locations.getByRole('listitem').filter({ hasText: cast.location }).count(), { message: 'the new location is listed', timeout: STEP_MS }).toBe(1);
      await review(page, 'admin-locations', width);

      // Doctors: add one, working at the new location.
      const doctors = await adminSection(page, 'Doctors');
      await doctors.getByRole('button', { name: 'Add doctor', exact: true }).click();
      const doctorForm = adminForm(page, 'Add doctor');
      await doctorForm.getByLabel('Name', { exact: true }).fill(cast.doctor.name);
      await doctorForm.getByLabel('Email', { exact: true }).fill(cast.doctor.email);
      await doctorForm.getByLabel('Type', { exact: true }).selectOption('clinic');
      await doctorForm.getByLabel('Qualification', { exact: true }).fill('BHMS, MD (Hom)');
      await doctorForm.getByLabel('Slot length (minutes)', { exact: true }).fill('30');
      await doctorForm.getByRole('group', { name: 'Locations' }).getByLabel(cast.location, { exact: true }).check();
      await review(page, 'admin-doctor-form', width);
      await doctorForm.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'status', MSG.doctorAdded);
      const doctorRow = doctors.getByRole('listitem').filter({ hasText: cast.doctor.email });
      await expect.poll(() => doctorRow.count(), { message: 'the new doctor is listed', timeout: STEP_MS }).toBe(1);
      expect(await doctorRow.innerText()).toContain(cast.location);

      // Their weekly hours at that location: the visit's weekday, two hours (four 30-minute slots).
      await doctors.getByRole('button', { name: `Hours and leave of ${cast.doctor.name}`, exact: true }).click();
      const schedule = page.getByRole('region', { name: `Hours and leave: ${cast.doctor.name}`, exact: true });
      const hours = schedule.getByRole('form', { name: 'Weekly hours' });
      await expect.poll(() => hours.count(), { message: 'the schedule has loaded', timeout: STEP_MS }).toBe(1);
      expect(await hours.getByLabel('Location', { exact: true }).locator('option:checked').innerText(), 'the hours are for the new location').toBe(cast.location);
      await hours.getByRole('button', { name: 'Add hours', exact: true }).click();
      const row = hours.getByRole('group', { name: 'Hours 1', exact: true });
      await row.getByLabel('Day', { exact: true }).selectOption({ label: WEEKDAYS[weekdayOf(date)]! });
      await row.getByLabel('From', { exact: true }).fill(from);
      await row.getByLabel('To', { exact: true }).fill(to);
      await hours.getByRole('button', { name: 'Save hours', exact: true }).click();
      await expectToast(page, 'status', MSG.hoursSaved);
      await review(page, 'admin-doctor-hours', width);

      // The account with the doctor's email becomes a doctor's (Staff accounts).
      const staffAccounts = await adminSection(page, 'Staff accounts');
      await staffAccounts.getByRole('button', { name: 'Set a role', exact: true }).click();
      const roleForm = adminForm(page, 'Set the role of an account');
      await roleForm.getByLabel('Email', { exact: true }).fill(cast.doctor.email);
      await roleForm.getByLabel('Role', { exact: true }).selectOption('doctor');
      await roleForm.getByRole('button', { name: 'Set a role', exact: true }).click();
      await expectToast(page, 'status', MSG.roleChanged);
      const accountRow = staffAccounts.getByRole('listitem').filter({ hasText: cast.doctor.email });
      await expect.poll(() => accountRow.count(), { message: 'the doctor account is listed among staff', timeout: STEP_MS }).toBe(1);
      expect(await accountRow.innerText()).toContain('Doctor');
      await review(page, 'admin-accounts', width);

      // The rest of the admin's screens: each loads, passes axe, and fits the width.
      await adminSection(page, 'Fees', 'Consultation fees');
      await review(page, 'admin-fees', width);
      await adminSection(page, 'Refunds');
      await review(page, 'admin-refunds', width);

      // Site content: a Drive share link is previewed as the site will show it.
      await openSection(page, 'Site content');
      const events = page.getByRole('region', { name: 'Events', exact: true });
      await expect.poll(() => events.getByRole('button', { name: 'Add event', exact: true }).isEnabled(), { message: 'the events have loaded', timeout: STEP_MS }).toBe(true);
      await events.getByRole('button', { name: 'Add event', exact: true }).click();
      const eventForm = adminForm(page, 'Add event');
      await eventForm.getByLabel('Caption', { exact: true }).fill('Free camp');
      await eventForm.getByLabel('Image link', { exact: true }).fill('https://drive.google.com/file/d/1AbC_dEf-123/view?usp=sharing');
      await expect
        .poll(() => eventForm.locator('code').first().innerText(), { message: 'the converted link is previewed', timeout: STEP_MS })
        .toBe('https://drive.google.com/thumbnail?id=1AbC_dEf-123&sz=w2000');
      await review(page, 'admin-site', width);
      await eventForm.getByRole('button', { name: 'Cancel', exact: true }).click();

      await adminSection(page, 'Appointments');
      await review(page, 'admin-appointments-empty', width);

      // The role change reached the server: the doctor's token opens the console as a doctor, but
      // not the admin's calls.
      expect(await status('GET', '/staff/me', doctorAccount.token)).toBe(200);
      expect(await status('GET', '/staff/doctors', doctorAccount.token), "the admin's doctor list with a doctor's token").toBe(403);
      expect(await status('GET', '/staff/accounts', doctorAccount.token), "the staff accounts with a doctor's token").toBe(403);
    });

    step('the patient books the new doctor in the Book Appointment popup and pays at the sandbox checkout', async () => {
      const page = await open(await contextFor(viewport, patient));
      await page.goto(`${base()}/#/`, { waitUntil: 'load' });
      await expect.poll(() => header(page).getByRole('button', { name: 'My Profile', exact: true }).isVisible(), { message: 'logged in', timeout: STEP_MS }).toBe(true);
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (width <= 768) {
        const menu = nav.getByRole('button', { name: 'Menu' });
        if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      }
      await nav.getByRole('button', { name: 'Book Appointment', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Book Appointment', exact: true });
      await expectDialogOpen(dialog, 'the Book Appointment popup is open');
      await expect.poll(() => dialog.getByLabel('Location', { exact: true }).isEnabled(), { message: 'the doctors loaded', timeout: STEP_MS }).toBe(true);
      await dialog.getByLabel('Location', { exact: true }).selectOption(cast.location);
      await dialog.getByLabel('Doctor', { exact: true }).selectOption(cast.doctor.email);
      await dialog.getByLabel('Consultation type', { exact: true }).selectOption('Clinic Visit');
      const { date, time, slots: hoursSlots } = visit();
      await dialog.getByLabel('Date', { exact: true }).fill(date);
      const slots = dialog.getByRole('group', { name: 'Time slot' });
      await expect.poll(() => slots.getByRole('radio').count(), { message: `the new doctor's slots on ${date}`, timeout: STEP_MS }).toBe(HOURS_SLOTS);
      const times = await slots.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(times, 'the hours the admin set, in 30-minute slots').toEqual(hoursSlots);
      await slots.getByRole('radio', { name: time, exact: true }).check();
      await shot(page, 'patient-booking', width, false);
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await payAtSandbox(page, 600, width, 'patient-fee');
      await page.waitForURL((url) => url.hash.startsWith('#/paymentsuccess?order='), { timeout: STEP_MS });
      // The page says so once the server confirms the payment, and stays on the confirmation.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: 'the success heading', timeout: STEP_MS }).toBe(MSG.booked);

      const mine = await call<StoredAppointment[]>('GET', `/auth/getUser/${encodeURIComponent(patient.email)}`, patient.token);
      booking = mine.find((a) => a.doctorEmail === cast.doctor.email);
      expect(booking, 'the booking with the new doctor').toBeTruthy();
      expect({ date: booking!.date, startTime: booking!.startTime, paid: booking!.appointmentPaymentStatus }).toEqual({ date, startTime: time, paid: 'paid' });
    });

    step("the admin sees the paid booking; an hours change that would orphan it lists it and changes nothing", async () => {
      expect(booking, 'the patient booked (step above)').toBeTruthy();
      const { page, watch } = await site.open(await contextFor(viewport, admin));
      // The refused save is a 409 (the ORPHAN RULE): Chromium logs the refused call.
      watch.allow(/Failed to load resource: the server responded with a status of 409 .*\/api\/staff\/doctors\/[^/]+\/hours\//);
      await openConsole(page);
      const { date, time } = visit();
      const weekday = weekdayOf(date);

      // Appointments by day, doctor and location, with the payment state.
      const appointments = await adminSection(page, 'Appointments');
      await appointments.getByLabel('Date', { exact: true }).fill(date);
      await appointments.getByLabel('Doctor', { exact: true }).selectOption({ label: cast.doctor.name });
      const row = appointments.getByRole('row').filter({ hasText: booking!.appointmentId });
      await expect.poll(() => row.count(), { message: `the booking of the new doctor on ${date}`, timeout: STEP_MS }).toBe(1);
      expect(await row.getByRole('cell').filter({ hasText: 'Paid' }).count(), 'its fee is paid').toBe(1);
      await review(page, 'admin-appointments', width);

      // The visit's hours moved to another weekday would leave the booking outside the schedule.
      const doctorId = (await call<{ _id: string; email: string }[]>('GET', '/staff/doctors', admin.token)).find((d) => d.email === cast.doctor.email)!._id;
      const before = await call<unknown>('GET', `/staff/doctors/${doctorId}`, admin.token);
      const doctors = await adminSection(page, 'Doctors');
      await doctors.getByRole('button', { name: `Hours and leave of ${cast.doctor.name}`, exact: true }).click();
      const schedule = page.getByRole('region', { name: `Hours and leave: ${cast.doctor.name}`, exact: true });
      const hours = schedule.getByRole('form', { name: 'Weekly hours' });
      const hoursRow = hours.getByRole('group', { name: 'Hours 1', exact: true });
      await expect.poll(() => hoursRow.count(), { message: 'the saved hours are shown', timeout: STEP_MS }).toBe(1);
      expect(await hoursRow.getByLabel('Day', { exact: true }).locator('option:checked').innerText()).toBe(WEEKDAYS[weekday]);
      await hoursRow.getByLabel('Day', { exact: true }).selectOption({ label: WEEKDAYS[(weekday + 1) % 7]! });
      await hours.getByRole('button', { name: 'Save hours', exact: true }).click();
      await expectToast(page, 'alert', MSG.orphaned);
      const affected = schedule.getByRole('region', { name: 'Nothing was changed', exact: true });
      await expect.poll(() => affected.count(), { message: 'the affected appointments are listed', timeout: STEP_MS }).toBe(1);
      expect(await affected.getByRole('listitem').count()).toBe(1);
      expect(await affected.getByRole('listitem').innerText()).toContain('Meena Rao');
      expect(await affected.getByRole('button', { name: 'Move the appointment of Meena Rao', exact: true }).count()).toBe(1);
      expect(await affected.getByRole('button', { name: 'Cancel the appointment of Meena Rao', exact: true }).count()).toBe(1);
      await review(page, 'admin-orphan', width);
      await affected.getByRole('button', { name: 'Hide this list', exact: true }).click();
      expect(await affected.count(), 'the list hides').toBe(0);
      // Closing the editor gives focus back to the doctor's Hours and leave button.
      await schedule.getByRole('button', { name: 'Close', exact: true }).click();
      expect(await schedule.count(), 'the editor closes').toBe(0);
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
      expect(focused, 'focus returns to the button that opened the editor').toBe(`Hours and leave of ${cast.doctor.name}`);

      // Nothing changed on the server: the same schedule, and the booking stays Booked and paid.
      expect(await call<unknown>('GET', `/staff/doctors/${doctorId}`, admin.token)).toEqual(before);
      const mine = await call<StoredAppointment[]>('GET', `/auth/getUser/${encodeURIComponent(patient.email)}`, patient.token);
      expect(mine.find((a) => a._id === booking!._id)).toMatchObject({ date, startTime: time, appointmentPaymentStatus: 'paid' });
    });

    step("the doctor opens the appointment from its day's list and completes it with a prescription and a Card order", async () => {
      expect(booking, 'the patient booked (step above)').toBeTruthy();
      const page = await open(await contextFor(viewport, doctorAccount));
      const list = page.getByRole('list', { name: 'Appointments' });
      // Today lists the clinic date a list is opened on, Upcoming the days after it: the visit is in
      // Today, or in Upcoming until clinic midnight.
      const listOf = (today: string): 'Today' | 'Upcoming' => (visit().date === today ? 'Today' : 'Upcoming');
      /**
       * `section`, shown by `show`, once loaded: its rows (a doctor sees only their own: here, the one
       * booking) and the clinic date it was made on, read before and after; shown again (reloaded)
       * when clinic midnight came in between.
       */
      const shown = async (section: 'Today' | 'Upcoming', show: () => Promise<void>): Promise<{ rows: number; today: string }> => {
        for (;;) {
          const today = clinicDate(0);
          await show();
          await expectHeading(page, 1, new RegExp(`^${section}, `));
          await expect
            .poll(async () => (await list.getByRole('listitem').count()) > 0 || (await page.getByText('No Appointments Found.', { exact: true }).count()) > 0, {
              message: `${section} has loaded`,
              timeout: STEP_MS,
            })
            .toBe(true);
          const rows = await list.getByRole('listitem').count();
          if (clinicDate(0) === today) return { rows, today };
          show = async () => void (await page.reload({ waitUntil: 'load' }));
        }
      };

      const today = await shown('Today', () => openConsole(page));
      const nav = page.getByRole('navigation', { name: 'Staff console sections' });
      expect(await nav.getByRole('link', { name: 'Doctors', exact: true }).count(), 'a doctor has no admin sections').toBe(0);
      expect(await nav.getByRole('link', { name: 'Audit log', exact: true }).count(), 'nor the audit log').toBe(0);
      expect(today.rows, `Today (${today.today}) lists the visit on ${visit().date} when it is that day`).toBe(listOf(today.today) === 'Today' ? 1 : 0);
      await review(page, 'doctor-today', width);

      const upcoming = await shown('Upcoming', () => openSection(page, 'Upcoming'));
      expect(upcoming.rows, `Upcoming (after ${upcoming.today}) lists the visit on ${visit().date} when it is after that day`).toBe(
        listOf(upcoming.today) === 'Upcoming' ? 1 : 0,
      );
      await review(page, 'doctor-upcoming', width);
      const from = listOf(upcoming.today);
      if (from === 'Today') expect((await shown('Today', () => openSection(page, 'Today'))).rows, 'Today lists the visit').toBe(1);
      await list.getByRole('link', { name: /Meena Rao/ }).click();
      await expectHeading(page, 1, /^Appointment: Meena Rao, /);
      const appointmentCard = page.getByRole('region', { name: 'Appointment', exact: true });
      expect(await fact(appointmentCard, 'Appointment ID')).toBe(booking!.appointmentId);
      expect(await fact(appointmentCard, 'Fee payment')).toBe('Paid');
      await review(page, 'doctor-consultation', width);

      // The prescription: two remedies, shown to the patient.
      const prescription = page.getByRole('region', { name: 'Complete the consultation', exact: true });
      await prescription.getByLabel('Complaint', { exact: true }).fill('Seasonal cough, worse at night');
      await prescription.getByLabel('Provisional diagnosis', { exact: true }).fill('Acute bronchitis');
      // The form starts with one empty remedy row; Add a remedy gives the second.
      expect(await prescription.getByRole('group', { name: /^Remedy \d$/ }).count()).toBe(1);
      // The first remedy picked from the catalogue (its name as the catalogue writes it), the second typed.
      for (const [index, remedy] of [
        ['1', { name: 'bryonia', dosage: '4 pills', frequency: 'Twice a day' }],
        ['2', { name: 'Drosera', dosage: '2 pills', frequency: 'At bedtime' }],
      ] as const) {
        if (index === '2') await prescription.getByRole('button', { name: 'Add a remedy', exact: true }).click();
        const group = prescription.getByRole('group', { name: `Remedy ${index}`, exact: true });
        const medicine = group.getByLabel('Medicine name', { exact: true });
        await medicine.fill(remedy.name);
        if (index === '1') {
          const hit = group.getByRole('option').filter({ hasText: 'BRYONIA ALBA 30C' });
          await expect.poll(() => hit.count(), { message: 'the catalogue offers BRYONIA ALBA 30C', timeout: STEP_MS }).toBe(1);
          await hit.click();
          await expect.poll(() => medicine.inputValue(), { message: 'the catalogue name chosen', timeout: STEP_MS }).toBe('BRYONIA ALBA 30C');
          expect(await group.getByText('From the catalogue', { exact: true }).count()).toBe(1);
        }
        await group.getByLabel('Dosage', { exact: true }).fill(remedy.dosage);
        await group.getByLabel('Frequency', { exact: true }).fill(remedy.frequency);
      }
      await prescription.getByLabel('Potency', { exact: true }).fill('30C');
      await prescription.getByLabel('Duration', { exact: true }).fill('2 weeks');
      await prescription.getByLabel('Pharmacy name', { exact: true }).fill('Sahaj Pharmacy');
      await prescription.getByLabel('Pharmacy ID', { exact: true }).fill('PH-1');
      await prescription.getByLabel('Instructions', { exact: true }).fill('Avoid coffee.');
      await prescription.getByLabel('Show the medicines to the patient', { exact: true }).check();
      // A course of follow-ups: 2 visits, every 2 weeks.
      await prescription.getByRole('radio', { name: 'After', exact: true }).check();
      await prescription.getByLabel('Every (number)', { exact: true }).fill('2');
      await prescription.getByLabel('Days or weeks', { exact: true }).selectOption('weeks');
      await prescription.getByLabel('Visits (1 to 12; more than 1 for a course)', { exact: true }).fill('2');
      await review(page, 'doctor-prescription', width);
      await prescription.getByRole('button', { name: 'Complete consultation', exact: true }).click();
      await expectToast(page, 'status', MSG.completed);
      await expect.poll(() => fact(appointmentCard, 'Status'), { message: 'the appointment is Completed', timeout: STEP_MS }).toBe('Completed');
      // The form now shows the prescription as saved, to be updated if need be.
      const saved = page.getByRole('region', { name: 'Update the prescription', exact: true });
      await expect.poll(() => saved.getByRole('group', { name: /^Remedy \d$/ }).count(), { message: 'the two remedies saved', timeout: STEP_MS }).toBe(2);

      // Its pharmacy order, paid by card online.
      const order = page.getByRole('form', { name: 'Create the pharmacy order', exact: true });
      await expect.poll(() => order.count(), { message: 'the order form is offered', timeout: STEP_MS }).toBe(1);
      // A line written by hand at its price (the first location fills it; no tax or delivery fee set).
      await order.getByRole('button', { name: 'Add a line by hand (not in the catalogue)', exact: true }).click();
      await order.getByRole('textbox', { name: 'Item', exact: true }).fill('Remedies as prescribed');
      await order.getByLabel('Price each (₹)', { exact: true }).fill('349.50');
      await order.getByRole('radio', { name: /^Card/ }).check();
      await order.getByRole('button', { name: 'Check the total', exact: true }).click();
      // The server's pricing, shown before anything is saved.
      await expect.poll(() => order.getByRole('button', { name: 'Send the order', exact: true }).count(), { message: 'the total is priced', timeout: STEP_MS }).toBe(1);
      await review(page, 'doctor-order-review', width);
      await order.getByRole('button', { name: 'Send the order', exact: true }).click();
      await expectToast(page, 'status', MSG.orderCreated);
      const orderSection = page.getByRole('region', { name: 'Pharmacy order', exact: true });
      await expect.poll(() => factNow(orderSection, 'Payment mode'), { message: 'the order is shown', timeout: STEP_MS }).toBe('Card');
      expect((await fact(orderSection, 'Total')).replace(/[\s,]/g, '')).toBe('₹349.50');
      await review(page, 'doctor-completed', width);
      // Back to the list it was opened from.
      await page.getByRole('link', { name: 'Back to the list', exact: true }).click();
      await expectHeading(page, 1, new RegExp(`^${from}, `));
      // Opened again, the list is made on the clinic date of now: past clinic midnight the visit has
      // moved from Upcoming to Today.
      const now = listOf(clinicDate(0));
      if (now !== from) {
        await openSection(page, now);
        await expectHeading(page, 1, new RegExp(`^${now}, `));
      }
      await expect.poll(() => list.getByText('Completed', { exact: true }).count(), { message: `${now} shows it Completed`, timeout: STEP_MS }).toBe(1);
    });

    step('the patient sees the prescription and the order on My appointments and pays the order', async () => {
      expect(booking, 'the patient booked (step above)').toBeTruthy();
      const page = await open(await contextFor(viewport, patient));
      await page.goto(`${base()}/#/myappointment`, { waitUntil: 'load' });
      const card = page.locator('article.appointment-card', { hasText: booking!.appointmentId });
      await expect.poll(() => card.count(), { message: 'the appointment is listed', timeout: STEP_MS }).toBe(1);
      expect(await fact(card, 'Status')).toBe('Completed');
      const prescription = card.getByRole('region', { name: 'Prescription' });
      expect(await prescription.getByRole('cell', { name: 'BRYONIA ALBA 30C' }).count()).toBe(1);
      expect(await prescription.getByRole('cell', { name: 'Drosera' }).count()).toBe(1);
      expect(await fact(prescription, 'Potency')).toBe('30C');
      // The follow-up in the prescription's words, and its visits proposed on the card.
      expect(await fact(prescription, 'Follow-up')).toBe('2 visits, every 2 weeks');
      const followUp = card.getByRole('region', { name: 'Your follow-up', exact: true });
      await expect.poll(() => followUp.getByRole('list', { name: 'Your follow-up visits' }).getByRole('listitem').count(), { message: 'the course proposed', timeout: STEP_MS }).toBe(2);
      const orderSection = card.getByRole('region', { name: 'Pharmacy order' });
      expect((await fact(orderSection, 'Total')).replace(/[\s,]/g, '')).toBe('₹349.50');
      expect(await fact(orderSection, 'Payment mode')).toBe('Card');
      await shot(page, 'patient-order', width);

      await orderSection.getByRole('button', { name: 'Pay Now', exact: true }).click();
      await payAtSandbox(page, 349.5, width, 'patient-order');
      await page.waitForURL((url) => url.hash.startsWith('#/paymentsuccess?for=order'), { timeout: STEP_MS });
      await page.getByRole('button', { name: 'Go now', exact: true }).click();
      await expect.poll(() => routeOf(page), { message: 'back to My appointments', timeout: STEP_MS }).toBe('/myappointment');
      const paidOrder = page.locator('article.appointment-card', { hasText: booking!.appointmentId }).getByRole('region', { name: 'Pharmacy order' });
      await expect
        .poll(async () => (await openEarlier(page), factNow(paidOrder, 'Payment status')), { message: 'the order is paid', timeout: STEP_MS })
        .toBe('Completed');
      await shot(page, 'patient-order-paid', width);
    });

    step("the audit log shows the doctor's and the admin's changes", async () => {
      const page = await open(await contextFor(viewport, admin));
      await openConsole(page);
      await openSection(page, 'Audit log');
      await expectHeading(page, 1, 'Audit log');
      const entries = page.locator('.staff-audit__entry');
      await expect.poll(() => entries.count(), { message: 'the log has loaded', timeout: STEP_MS }).toBeGreaterThan(0);
      const entry = (action: string, who: string) => entries.filter({ has: page.getByRole('heading', { name: new RegExp(`^${action} `) }) }).filter({ hasText: who });
      for (const [action, who] of [
        ['Completed a consultation', cast.doctor.email],
        ['Created a pharmacy order', cast.doctor.email],
        ['Added a location', adminEmail],
        ['Added a doctor', adminEmail],
        ['Changed weekly hours', adminEmail],
        ['Changed a staff role', adminEmail],
      ] as const) {
        expect(await entry(action, who).count(), `"${action}" by ${who}`).toBeGreaterThan(0);
      }
      // The refused hours change recorded nothing: one hours change for this doctor, the first.
      const added = entry('Added a doctor', adminEmail).filter({ hasText: cast.doctor.email });
      expect(await added.count(), `the doctor ${cast.doctor.email} was added once`).toBe(1);
      await review(page, 'admin-audit', width);

      // The admin sees the completed consultation too.
      await entries.filter({ has: page.getByRole('heading', { name: /^Completed a consultation / }) }).filter({ hasText: cast.doctor.email }).getByRole('link').first().click();
      await expectHeading(page, 1, /^Appointment: Meena Rao, /);
      const orderSection = page.getByRole('region', { name: 'Pharmacy order', exact: true });
      await expect.poll(() => factNow(orderSection, 'Payment status'), { message: 'the order shows as paid', timeout: STEP_MS }).toBe('Completed');
      await review(page, 'admin-consultation', width);
    });

    step("the admin moves the order along, and retires and reactivates the doctor", async () => {
      expect(booking, 'the patient booked (step above)').toBeTruthy();
      const page = await open(await contextFor(viewport, admin));
      await openConsole(page);

      // The order's status, from the appointments of the day.
      const appointments = await adminSection(page, 'Appointments');
      await appointments.getByLabel('Date', { exact: true }).fill(visit().date);
      const row = appointments.getByRole('row').filter({ hasText: booking!.appointmentId });
      await expect.poll(() => row.count(), { message: "the visit's day lists the consultation", timeout: STEP_MS }).toBe(1);
      expect(await row.innerText()).toContain('Placed, payment Completed');
      await row.getByRole('button', { name: 'Change the order status of Meena Rao', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Order status', exact: true });
      await expectDialogOpen(dialog, 'the Order status popup is open');
      await dialog.getByRole('radio', { name: /^Ready/ }).check();
      await review(page, 'admin-order-status', width);
      await dialog.getByRole('button', { name: 'Save status', exact: true }).click();
      await expectToast(page, 'status', 'Order status saved.');
      await expect.poll(() => row.innerText(), { message: 'the list shows the new status', timeout: STEP_MS }).toContain('Ready, payment Completed');

      // Retire the doctor (their one appointment is completed: nothing to move), then reactivate them.
      const doctors = await adminSection(page, 'Doctors');
      await doctors.getByRole('button', { name: `Retire ${cast.doctor.name}`, exact: true }).click();
      const retire = page.getByRole('region', { name: `Retire ${cast.doctor.name}?`, exact: true });
      await review(page, 'admin-doctor-retire', width);
      await retire.getByRole('button', { name: 'Yes, retire', exact: true }).click();
      await expectToast(page, 'status', 'Doctor retired: no longer listed or bookable.');
      const reactivate = doctors.getByRole('button', { name: `Reactivate ${cast.doctor.name}`, exact: true });
      await expect.poll(() => reactivate.count(), { message: 'the doctor is retired', timeout: STEP_MS }).toBe(1);
      const publicDoctors = async () => (await (await fetch(`${base()}/api/doctor/getall`)).json()) as { email: string }[];
      expect((await publicDoctors()).map((d) => d.email), 'a retired doctor is not offered to patients').not.toContain(cast.doctor.email);
      await reactivate.click();
      await page.getByRole('region', { name: `Reactivate ${cast.doctor.name}?`, exact: true }).getByRole('button', { name: 'Yes, reactivate', exact: true }).click();
      await expectToast(page, 'status', 'Doctor listed and bookable again.');
      await expect
        .poll(() => doctors.getByRole('button', { name: `Retire ${cast.doctor.name}`, exact: true }).count(), { message: 'the doctor is active again', timeout: STEP_MS })
        .toBe(1);
      expect((await publicDoctors()).map((d) => d.email)).toContain(cast.doctor.email);
    });

    test('site content per language: the admin gives a team member a Marathi role; the list marks Hindi as showing English', async () => {
      // Its own member, named for this width: the test runs alone and in any order.
      const name = `Asha Gokhale ${width}`;
      const page = await open(await contextFor(viewport, admin));
      await openConsole(page);
      await openSection(page, 'Site content');
      const team = page.getByRole('region', { name: 'Team members', exact: true });
      const add = team.getByRole('button', { name: 'Add team member', exact: true });
      await expect.poll(() => add.isEnabled(), { message: 'the team has loaded', timeout: STEP_MS }).toBe(true);
      await add.click();
      const form = adminForm(page, 'Add team member');
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Role', { exact: true }).fill('Dispensary pharmacist');
      const marathiRole = form.getByLabel('Role (मराठी)', { exact: true });
      expect(await marathiRole.getAttribute('lang'), 'the Marathi input says its language').toBe('mr');
      expect(await form.getByLabel('Role (हिन्दी)', { exact: true }).getAttribute('lang')).toBe('hi');
      await marathiRole.fill('दवाखान्याच्या फार्मसीचे प्रमुख');
      await review(page, 'admin-site-translations', width);
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'status', 'Added.');

      const row = team.getByRole('listitem').filter({ hasText: name });
      await expect.poll(() => row.count(), { message: 'the member is listed', timeout: STEP_MS }).toBe(1);
      await expect.poll(() => row.getByText('Hindi: English shown', { exact: true }).count(), { message: 'Hindi marked as showing English', timeout: STEP_MS }).toBe(1);
      expect(await row.getByText('Marathi: English shown', { exact: true }).count(), 'Marathi is given').toBe(0);
      await row.scrollIntoViewIfNeeded();
      await review(page, 'admin-site-marked', width);

      // The public site answers it: Marathi given, Hindi falls back to English.
      const member = async (lang: string) =>
        ((await (await fetch(`${base()}/api/super/teams?lang=${lang}`)).json()) as { name: string; role: string }[]).find((m) => m.name === name);
      expect((await member('mr'))?.role).toBe('दवाखान्याच्या फार्मसीचे प्रमुख');
      expect((await member('hi'))?.role).toBe('Dispensary pharmacist');
    });

    test('the journey: the admin sets up a doctor, the patient books and pays, the doctor completes it, the patient pays the order, the audit log, the admin moves the order on', () => runJourney(journey), JOURNEY_MS);
  });
});
