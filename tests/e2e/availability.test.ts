// Availability at a glance and online consultations without a clinic, in Debian's
// Chromium at 1280 and 375 px, against the production server:
// - "Done means": a new patient (registered through the API with the code from the mail, logged in
//   through the Login popup) books the soonest Video slot with any online doctor from the home page
//   in under 6 interactions, counted in the page (every trusted pointer press and key press), with
//   no date typed and no location chosen: the home page's Book Appointment, "Consult online now /
//   soonest", the soonest doctor, the consent, Book. What the browser sent is checked: location ''
//   (none), Video, and the day and time the server called soonest. Counted again from the home
//   page's own "Consult online now" (the popup opened on the soonest list): 4 with Book.
// - The date strip for a Clinic Visit: the first free day is chosen without asking, days with
//   nothing free are marked and disabled, the arrow keys move between days, and the slots are
//   grouped Morning / Afternoon / Evening.
// axe on the open popup at each step; screenshots test-results/screenshots/availability-*.png.
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, expectNoA11yViolations, newAppPage, newContext, PHONE, screenshot, useSiteWithMailbox } from './harness';
import { clinicApi, type Patient } from './support/patients';
import { expectBookingStepsStill, expectDialogOpen, expectToast, STEP_MS } from './support/ui';

const { site, mailbox } = useSiteWithMailbox();

const api = clinicApi(() => site.server.url);
const register = (patient: Patient): Promise<void> => api.register(mailbox, patient);

const header = (page: Page) => page.locator('header.site-header');
const bookingDialog = (page: Page) => page.getByRole('dialog', { name: 'Book Appointment', exact: true });

async function logIn(page: Page, patient: Patient): Promise<void> {
  await header(page).getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login', exact: true });
  await expectDialogOpen(dialog, 'the Login dialog is open');
  await dialog.getByLabel('Email', { exact: true }).fill(patient.email);
  await dialog.getByLabel('Password', { exact: true }).fill(patient.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'status', `Welcome ${patient.firstName}!`);
  await expect.poll(() => dialog.count(), { message: 'the Login dialog closes', timeout: STEP_MS }).toBe(0);
}

/** Counts the person's own interactions in the page: trusted pointer presses and key presses. */
async function startCounting(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { interactions: string[] };
    w.interactions = [];
    const note = (kind: string) => (event: Event) => {
      if (!event.isTrusted) return;
      const target = event.target as HTMLElement | null;
      w.interactions.push(`${kind} ${target?.getAttribute('aria-label') ?? target?.textContent?.trim().slice(0, 40) ?? ''}`);
    };
    document.addEventListener('pointerdown', note('press'), true);
    document.addEventListener('keydown', note('key'), true);
  });
}
const interactions = (page: Page) => page.evaluate(() => (window as unknown as { interactions: string[] }).interactions);

/** The home page's own Book Appointment (the hero's): what a new patient sees first at any width. */
async function openBookingFromHome(page: Page): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: 'Book Appointment', exact: true }).first().click();
  const dialog = bookingDialog(page);
  await expectDialogOpen(dialog, 'the Book Appointment dialog is open');
  return dialog;
}

/** The teleconsultation consent (India's telemedicine guidelines): one tick, counted like any press. */
async function giveConsent(dialog: Locator): Promise<void> {
  const consent = dialog.getByRole('checkbox', { name: /teleconsultation/i });
  await consent.scrollIntoViewIfNeeded();
  await consent.check();
  // Laid out as a tick box beside its words: the booking form's full-width input style once
  // stretched the box across the popup and pushed the words out of sight.
  const [box, words, popup] = await Promise.all([consent.boundingBox(), dialog.locator('.people-consent label').boundingBox(), dialog.boundingBox()]);
  expect(box!.width, 'the consent box is a tick box, not a full-width field').toBeLessThan(40);
  expect(words!.x, 'the consent words start inside the popup').toBeGreaterThanOrEqual(popup!.x);
  expect(words!.x + words!.width, 'the consent words end inside the popup').toBeLessThanOrEqual(popup!.x + popup!.width);
}

async function openBooking(page: Page, width: number): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (width <= 768) await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  const dialog = bookingDialog(page);
  await expectDialogOpen(dialog, 'the Book Appointment dialog is open');
  return dialog;
}

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('availability at $viewport.width px', ({ viewport }) => {
  const width = viewport.width;
  const patient: Patient = {
    firstName: 'Meenal',
    lastName: 'Kale',
    email: `meenal.kale.${width}@clinic-e2e.example`,
    age: 41,
    gender: 'female',
    phoneNumber: '9822098220',
    password: `monsoon tamarind lantern ${width}`,
  };

  test('a new patient books the soonest Video slot with any online doctor in under 6 interactions, no date typed, no location asked', async () => {
    await register(patient);
    const context = await newContext(site.browser, viewport);
    try {
      const page = await newAppPage(context);
      await page.goto(site.url('/'), { waitUntil: 'load' });
      await logIn(page, patient);
      const sent: unknown[] = [];
      page.on('request', (request: Request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/appointment/add') sent.push(request.postDataJSON());
      });
      await startCounting(page);

      const dialog = await openBookingFromHome(page);
      // What the server answered this page (not a request of the test's own a moment apart, when a
      // slot starting now may have passed in between).
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/doctor/soonest/online', { timeout: STEP_MS });
      await dialog.getByRole('button', { name: 'Consult online now / soonest', exact: true }).click();
      const soonest = (await (await answered).json()) as { doctorName: string; next: { date: string; time: string } }[];
      expect(soonest.length, 'the seed has online doctors with free online slots').toBeGreaterThan(0);
      const list = dialog.getByRole('region', { name: 'Online doctors, soonest first' });
      const first = list.getByRole('listitem').first().getByRole('button');
      await expect.poll(() => first.isVisible(), { message: 'the soonest online doctors are listed', timeout: STEP_MS }).toBe(true);
      expect(await first.innerText()).toContain(soonest[0]!.doctorName);
      await expect.poll(() => list.getByRole('radio', { name: 'Video', exact: true }).isChecked()).toBe(true);
      await expectNoA11yViolations(page, `the soonest online list at ${width}px`);
      await screenshot(page, `availability-soonest-${width}`, { fullPage: false });

      await first.click();
      // Online, the doctor, Video, the day and the soonest slot are chosen; the patient's details are theirs.
      await expect
        .poll(() => dialog.getByRole('group', { name: 'Time slot' }).getByRole('radio', { checked: true }).count(), { message: 'the soonest slot is chosen', timeout: STEP_MS })
        .toBe(1);
      const chosenTime = await dialog.getByRole('group', { name: 'Time slot' }).getByRole('radio', { checked: true }).getAttribute('value');
      expect(chosenTime).toBe(soonest[0]!.next.time);
      expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe(soonest[0]!.next.date);
      expect(await dialog.getByLabel('Consultation type', { exact: true }).inputValue()).toBe('Video');
      await expect.poll(async () => (await dialog.getByTestId('booking-fee').innerText()).replace(/[\s,]/g, '')).toBe('₹500');
      await expectBookingStepsStill(dialog);
      await expectNoA11yViolations(page, `the popup with the soonest online slot chosen at ${width}px`);
      await dialog.getByRole('group', { name: 'Free days' }).scrollIntoViewIfNeeded();
      await screenshot(page, `availability-soonest-chosen-${width}`, { fullPage: false });
      await dialog.getByRole('group', { name: 'Time slot' }).scrollIntoViewIfNeeded();
      await screenshot(page, `availability-soonest-slots-${width}`, { fullPage: false });

      await giveConsent(dialog);
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/checkout/'), { timeout: STEP_MS, waitUntil: 'load' });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ location: '', consultationType: 'Video', date: soonest[0]!.next.date, startTime: soonest[0]!.next.time });
      expect((await page.locator('main .amount').innerText()).replace(/[\s,]/g, '')).toBe('₹500.00');
      await screenshot(page, `availability-soonest-checkout-${width}`, { fullPage: false });
    } finally {
      await context.close();
    }
  });

  test('counts: home to checkout for the soonest online Video slot', async () => {
    // Counted again from a fresh page of the same (logged-in) kind, up to Book; the checkout page is another document.
    const context = await newContext(site.browser, viewport);
    try {
      const page = await newAppPage(context);
      await page.goto(site.url('/'), { waitUntil: 'load' });
      await logIn(page, patient);
      await screenshot(page, `availability-home-${width}`, { fullPage: false });
      await startCounting(page);
      // The home page's "Consult online now": the popup opens on the soonest online doctors.
      await page.getByRole('main').getByRole('button', { name: 'Consult online now', exact: true }).click();
      const dialog = bookingDialog(page);
      await expectDialogOpen(dialog, 'the Book Appointment dialog is open on the soonest list');
      const list = dialog.getByRole('region', { name: 'Online doctors, soonest first' });
      const first = list.getByRole('listitem').first().getByRole('button');
      await expect.poll(() => first.isVisible(), { message: 'the soonest online doctors are listed', timeout: STEP_MS }).toBe(true);
      await expectNoA11yViolations(page, `the popup opened by the home page's Consult online now at ${width}px`);
      await screenshot(page, `availability-home-consult-online-${width}`, { fullPage: false });
      await expect.poll(() => first.isVisible(), { timeout: STEP_MS }).toBe(true);
      await first.click();
      await expect
        .poll(() => dialog.getByRole('group', { name: 'Time slot' }).getByRole('radio', { checked: true }).count(), { timeout: STEP_MS })
        .toBe(1);
      await giveConsent(dialog);
      const before = await interactions(page);
      // The home page's Consult online now, the doctor, the consent: then Book makes one more.
      expect(before, before.join('\n')).toHaveLength(3);
      expect(before.length + 1, 'interactions from the home page to the checkout').toBe(4);
      expect(before.filter((i) => i.startsWith('key')), 'no date typed, nothing typed at all').toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the team page shows registrations and "Book with Dr. X" opens the popup with that doctor chosen', async () => {
    const context = await newContext(site.browser, viewport);
    try {
      const page = await newAppPage(context);
      await page.goto(site.url('/teams'), { waitUntil: 'load' });
      const member = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dr. Kavita Iyer' }) });
      const book = member.getByRole('button', { name: 'Book with Dr. Kavita Iyer', exact: true });
      await expect.poll(() => book.isVisible(), { message: 'the doctor member has Book with', timeout: STEP_MS }).toBe(true);
      expect(await member.innerText()).toContain('Registration MH-HOM-57126, Maharashtra Council of Homoeopathy');
      expect(await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Prakash More' }) }).getByRole('button').count(), 'no Book with for a pharmacist').toBe(0);
      await expectNoA11yViolations(page, `the team page at ${width}px`);
      await book.scrollIntoViewIfNeeded();
      await screenshot(page, `availability-team-${width}`, { fullPage: false });
      await book.click();
      const dialog = bookingDialog(page);
      await expectDialogOpen(dialog, 'the Book Appointment dialog is open');
      await expect.poll(() => dialog.getByLabel('Doctor', { exact: true }).inputValue(), { timeout: STEP_MS }).toBe('kavita.iyer@sahaj-clinic.example');
      // An online-only doctor: online, no clinic asked; the types are Chat, Video and Call.
      expect(await dialog.getByLabel('Location', { exact: true }).inputValue()).toBe('@online');
      expect(await dialog.getByLabel('Consultation type', { exact: true }).locator('option').allInnerTexts()).toEqual(['Choose a consultation type', 'Chat', 'Video', 'Call']);
    } finally {
      await context.close();
    }
  });

  test('the date strip chooses the first free day, marks full days, moves with the arrow keys, and groups the slots', async () => {
    const context = await newContext(site.browser, viewport);
    try {
      const page = await newAppPage(context);
      await page.goto(site.url('/'), { waitUntil: 'load' });
      const dialog = await openBooking(page, width);
      await expect.poll(() => dialog.getByLabel('Location', { exact: true }).isEnabled(), { timeout: STEP_MS }).toBe(true);
      await dialog.getByLabel('Location', { exact: true }).selectOption('Kothrud');
      await dialog.getByLabel('Doctor', { exact: true }).selectOption('meera.kulkarni@sahaj-clinic.example');
      await dialog.getByLabel('Consultation type', { exact: true }).selectOption('Clinic Visit');
      const strip = dialog.getByRole('group', { name: 'Free days' });
      await expect.poll(() => strip.getByRole('radio', { checked: true }).count(), { message: 'a day is chosen for the patient', timeout: STEP_MS }).toBe(1);
      const days = await strip.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => ({ date: (i as HTMLInputElement).value, disabled: (i as HTMLInputElement).disabled, checked: (i as HTMLInputElement).checked, label: i.getAttribute('aria-label') ?? '' })));
      expect(days).toHaveLength(14);
      const chosen = days.find((d) => d.checked)!;
      expect(chosen.date, 'the first day with a free slot is chosen').toBe(days.find((d) => !d.disabled)!.date);
      // Meera is at Kothrud on Mondays, Thursdays and Saturdays only: the other days are marked and cannot be chosen.
      expect(days.filter((d) => d.disabled).length).toBeGreaterThanOrEqual(8);
      for (const d of days.filter((x) => x.disabled)) expect(d.label).toMatch(/: (Not working|Full|On leave)$/);
      expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe(chosen.date);
      await expect.poll(() => dialog.getByRole('group', { name: 'Time slot' }).getByRole('radio').count(), { timeout: STEP_MS }).toBeGreaterThan(0);
      const periods = await dialog.getByRole('group', { name: 'Time slot' }).locator('.booking__period-name').allInnerTexts();
      expect(periods.length).toBeGreaterThan(0);
      for (const p of periods) expect(['Morning', 'Afternoon', 'Evening']).toContain(p);
      expect(await strip.locator('[aria-live="polite"]').innerText()).toMatch(/^Free days from .+ to .+\. Next available: /);
      await expectBookingStepsStill(dialog);
      await expectNoA11yViolations(page, `the date strip at ${width}px`);
      await dialog.getByLabel('Doctor', { exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `availability-doctor-card-${width}`, { fullPage: false });
      await strip.scrollIntoViewIfNeeded();
      await screenshot(page, `availability-strip-${width}`, { fullPage: false });
      await dialog.getByRole('group', { name: 'Time slot' }).scrollIntoViewIfNeeded();
      await screenshot(page, `availability-slots-grouped-${width}`, { fullPage: false });

      // The arrow keys move to the next day that can be chosen, and it is chosen.
      await strip.getByRole('radio', { checked: true }).focus();
      await page.keyboard.press('ArrowRight');
      const nextOpen = days.filter((d) => !d.disabled && d.date > chosen.date)[0]!;
      await expect.poll(() => dialog.getByLabel('Date', { exact: true }).inputValue(), { message: 'ArrowRight chose the next open day', timeout: STEP_MS }).toBe(nextOpen.date);
      // Two weeks on.
      await strip.getByRole('button', { name: 'Later days' }).click();
      await expect.poll(async () => (await strip.getByRole('radio').first().getAttribute('value')) ?? '', { timeout: STEP_MS }).toBe(
        new Date(Date.parse(`${days[13]!.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      );
      await screenshot(page, `availability-strip-later-${width}`, { fullPage: false });
    } finally {
      await context.close();
    }
  });

  test("the doctor step says each doctor's next free time at the chosen place, as the server does, and the select still works by keyboard", async () => {
    const context = await newContext(site.browser, viewport);
    try {
      const page = await newAppPage(context);
      await page.goto(site.url('/'), { waitUntil: 'load' });
      const dialog = await openBooking(page, width);
      await expect.poll(() => dialog.getByLabel('Location', { exact: true }).isEnabled(), { timeout: STEP_MS }).toBe(true);
      await dialog.getByLabel('Location', { exact: true }).selectOption('Kothrud');
      const doctor = dialog.getByLabel('Doctor', { exact: true });
      // What the server says for Kothrud (one request for all its doctors).
      const res = await fetch(`${site.server.url}/api/doctor/nextfree?location=Kothrud`);
      expect(res.status).toBe(200);
      const list = (await res.json()) as { doctors: { doctorEmail: string; next: { date: string; time: string } | null }[] };
      expect(list.doctors.length).toBeGreaterThan(0);
      const texts = () => doctor.locator('option:not([value=""])').allInnerTexts();
      await expect.poll(async () => (await texts()).every((t) => / next free .+, \d\d:\d\d$| nothing free$/.test(t)), { message: 'every doctor says when', timeout: STEP_MS }).toBe(true);
      const options = await doctor.locator('option:not([value=""])').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
      expect(options.map((o) => o.value).sort()).toEqual(list.doctors.map((d) => d.doctorEmail).sort());
      for (const d of list.doctors) {
        const text = options.find((o) => o.value === d.doctorEmail)!.text;
        if (d.next === null) expect(text).toMatch(/, nothing free$/);
        else expect(text, d.doctorEmail).toMatch(new RegExp(`, next free .+, ${d.next.time}$`));
      }
      await expectNoA11yViolations(page, `the doctor step at ${width}px`);
      await doctor.scrollIntoViewIfNeeded();
      await screenshot(page, `availability-doctor-step-${width}`, { fullPage: false });
      // The keyboard: ArrowDown on the focused select chooses the first doctor; the card says the same time.
      await doctor.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => doctor.inputValue(), { message: 'ArrowDown chose a doctor', timeout: STEP_MS }).toBe(options[0]!.value);
      const first = list.doctors.find((d) => d.doctorEmail === options[0]!.value)!;
      const card = dialog.locator('.doctor-card__next');
      await expect
        .poll(() => card.innerText(), { message: 'the card says the next free time', timeout: STEP_MS })
        .toMatch(first.next === null ? /^No free times/ : new RegExp(`^Next available: .+, ${first.next.time}$`));
      await screenshot(page, `availability-doctor-step-card-${width}`, { fullPage: false });
    } finally {
      await context.close();
    }
  });
});
