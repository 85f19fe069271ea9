// Booking and paying in a real browser, at 1280 and 375 px, against the production server with
// the sandbox payment provider (PAYMENT_PROVIDER's default) and a real SMTP server for the
// sign-up codes: a patient (made through the API with the code from the mail, then logged in
// through the Login popup) opens Book Appointment, chooses location, doctor, consultation type,
// date (typed into the date input) and a free slot, sees the fee of that type, presses Book and
// lands on the sandbox checkout on our own origin, showing the amount; Pay -> /#/paymentsuccess?order=,
// which asks the server and shows 'Appointment booked successfully.' with the confirmation (issue 12);
// a direct visit there claims nothing. A second booking -> Fail ->
// /#/paymentfail -> Go now -> '/' with the Book Appointment popup open again and every choice
// kept. The server is asked each time what it believes (paid or not). Another patient then sees
// the paid slots and the slots held for the failed payments as not choosable, 'This slot is
// already booked'. Last, each first patient pays the held booking again: their own hold is free to
// them, and paying makes it paid without a second appointment. axe on the open popup; screenshots
// of each step in test-results/screenshots/booking-*.png.
//
// The tests build on each other in file order (one server, one browser context per width).
//
// The date is computed in clinic time (Asia/Kolkata): the first day from tomorrow on on which the
// chosen doctor works at the chosen location (server/seed/demo-clinic.json), so no slot is past.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, expectNoA11yViolations, newContext, PHONE, screenshot, useSiteWithMailbox, type Viewport } from './harness';
import { clinicDate, demoSeed as seed, planFor, type Plan } from './support/clinic';
import { expectBookingStepsStill, expectDialogOpen, expectToast, STEP_MS } from './support/ui';

const { site, mailbox } = useSiteWithMailbox();

const MSG = {
  welcome: (firstName: string) => `Welcome ${firstName}!`,
  booked: 'Appointment booked successfully.',
  slotBooked: 'This slot is already booked',
} as const;

const feeOf = (type: string): number => {
  const fee = seed.fees.find((f) => f.consultationType === type)?.consultationFee;
  if (fee === undefined) throw new Error(`the seed has no fee for ${type}`);
  return fee;
};

// ---------------------------------------------------------------------------------------------
// Dates in clinic time

// ---------------------------------------------------------------------------------------------
// Accounts: made through the API (the code read from the mail), logged in through the UI

interface Patient {
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  gender: 'male' | 'female';
  phoneNumber: string;
  password: string;
}

async function api(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${site.server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /api${path} answered ${res.status}: ${text.slice(0, 300)}`);
}

async function register(patient: Patient): Promise<void> {
  const since = mailbox.count();
  await api('/otp/send-otp', { email: patient.email });
  const otp = await mailbox.codeFor(patient.email, since);
  await api('/otp/validate-otp', { email: patient.email, otp });
  const { firstName, lastName, email, age, gender, phoneNumber, password } = patient;
  await api('/auth/register', { firstName, lastName, email, age, gender, phoneNumber, password });
}

// ---------------------------------------------------------------------------------------------
// Page helpers

/** The route part of the page's address: '#/paymentfail' -> '/paymentfail'; '' for another page. */
function routeOf(page: Page): string {
  const url = new URL(page.url());
  if (url.origin !== site.server.url || url.pathname !== '/') return url.pathname;
  const hash = url.hash.replace(/^#/, '');
  return hash === '' ? '/' : hash.split('?')[0]!;
}

async function goto(page: Page, route: string): Promise<void> {
  await page.goto(site.url(route), { waitUntil: 'load' });
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { message: `a level-1 heading on ${route}`, timeout: STEP_MS }).toBeGreaterThan(0);
}

const header = (page: Page) => page.locator('header.site-header');
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Login', exact: true });
const bookingDialog = (page: Page) => page.getByRole('dialog', { name: 'Book Appointment', exact: true });

async function shot(page: Page, step: string, width: number, fullPage = false): Promise<void> {
  await screenshot(page, `booking-${step}-${width}`, { fullPage });
}

async function logIn(page: Page, patient: Patient): Promise<void> {
  await header(page).getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = loginDialog(page);
  await expectDialogOpen(dialog, 'the Login dialog is open');
  await dialog.getByLabel('Email', { exact: true }).fill(patient.email);
  await dialog.getByLabel('Password', { exact: true }).fill(patient.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'status', MSG.welcome(patient.firstName));
  await expect.poll(() => loginDialog(page).count(), { message: 'the Login dialog closes after logging in', timeout: STEP_MS }).toBe(0);
  await expect
    .poll(() => header(page).getByRole('button', { name: 'My Profile', exact: true }).isVisible(), { message: 'the header shows My Profile', timeout: STEP_MS })
    .toBe(true);
}

/** Book Appointment from the main navigation (behind Menu at 768 px and less). */
async function openBooking(page: Page, width: number): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (width <= 768) {
    const menu = nav.getByRole('button', { name: 'Menu' });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await nav.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  const dialog = bookingDialog(page);
  await expectDialogOpen(dialog, 'the Book Appointment dialog is open');
  await expect
    .poll(() => dialog.getByLabel('Location', { exact: true }).isEnabled(), { message: 'the doctors loaded (Location can be chosen)', timeout: STEP_MS })
    .toBe(true);
  return dialog;
}

const slotGroup = (dialog: Locator) => dialog.getByRole('group', { name: 'Time slot' });

/** The slots shown: time, enabled, checked, tooltip. */
function slotStates(dialog: Locator): Promise<{ time: string; enabled: boolean; checked: boolean; title: string | null }[]> {
  return slotGroup(dialog)
    .getByRole('radio')
    .evaluateAll((inputs) =>
      inputs.map((i) => {
        const input = i as HTMLInputElement;
        return { time: input.value, enabled: !input.disabled, checked: input.checked, title: input.closest('label')?.getAttribute('title') ?? null };
      }),
    );
}

/** Waits for the slot list of the chosen doctor, location and date to be shown with at least one slot. */
async function waitForSlots(dialog: Locator): Promise<void> {
  await expect.poll(async () => (await slotStates(dialog)).length, { message: 'the slots of the chosen day are listed', timeout: STEP_MS }).toBeGreaterThan(0);
}

interface Choice extends Plan {
  consultationType: string;
}

/** Chooses location, doctor, type and date (typed into the date input), then waits for the slots. */
async function choose(dialog: Locator, choice: Choice): Promise<void> {
  await dialog.getByLabel('Location', { exact: true }).selectOption(choice.location);
  await dialog.getByLabel('Doctor', { exact: true }).selectOption(choice.doctorEmail);
  await dialog.getByLabel('Consultation type', { exact: true }).selectOption(choice.consultationType);
  const date = dialog.getByLabel('Date', { exact: true });
  expect(await date.getAttribute('type'), 'the date is a date input').toBe('date');
  expect(await date.getAttribute('min'), 'the date input starts at today (clinic time)').toBe(clinicDate(0));
  await date.fill(choice.date);
  await waitForSlots(dialog);
}

/** Picks the first free slot and returns its time. */
async function chooseFreeSlot(dialog: Locator): Promise<string> {
  const free = (await slotStates(dialog)).find((s) => s.enabled);
  expect(free, 'a free slot on the chosen day').toBeTruthy();
  const radio = slotGroup(dialog).getByRole('radio', { name: free!.time, exact: true });
  await radio.check();
  await expect.poll(() => radio.isChecked(), { message: `slot ${free!.time} is chosen`, timeout: STEP_MS }).toBe(true);
  return free!.time;
}

async function expectFee(dialog: Locator, rupees: number): Promise<void> {
  await expect
    .poll(async () => (await dialog.getByTestId('booking-fee').innerText()).replace(/[\s,]/g, ''), { message: `the fee shown is ₹${rupees}`, timeout: STEP_MS })
    .toBe(`₹${rupees}`);
}

/** Book -> /#/payment -> the sandbox checkout, on our own origin, showing the amount. */
async function bookToCheckout(page: Page, dialog: Locator, rupees: number, width: number, step: string): Promise<void> {
  // Chat, Video and Call: the teleconsultation consent is ticked for each booking (issue 12/13).
  const consent = dialog.getByRole('checkbox', { name: /I agree to a teleconsultation/ });
  if ((await consent.count()) > 0) await consent.check();
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/checkout/'), { timeout: STEP_MS, waitUntil: 'load' });
  expect(new URL(page.url()).origin, 'the sandbox checkout is served from our origin').toBe(site.server.url);
  const main = page.locator('main');
  expect(await main.getByRole('heading', { level: 1 }).innerText()).toBe('Sahaj Homeopathy Clinic');
  const amount = (await main.locator('.amount').innerText()).replace(/[\s,]/g, '');
  expect(amount, 'the checkout shows the fee').toBe(`₹${rupees}.00`);
  expect(await main.getByRole('button', { name: /^Pay / }).innerText()).toMatch(new RegExp(`^Pay ₹\\s?${rupees}\\.00$`));
  await shot(page, `${step}-checkout`, width, true);
}

/** The patient's appointments as the server has them (GET /api/auth/getUser/{email}, with the stored token). */
function appointmentsOf(page: Page, email: string): Promise<{ date: string; startTime: string; doctorEmail: string; consultationType: string; consultationFee: number; appointmentPaymentStatus: string }[]> {
  return page.evaluate(async (email) => {
    const token = localStorage.getItem('token');
    const res = await fetch(`/api/auth/getUser/${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET /api/auth/getUser answered ${res.status}`);
    return res.json();
  }, email);
}

async function expectPaymentStatus(page: Page, patient: Patient, choice: Choice, time: string, status: string, what: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await appointmentsOf(page, patient.email))
          .filter((a) => a.date === choice.date && a.startTime === time && a.doctorEmail === choice.doctorEmail)
          .map((a) => `${a.consultationType} ${a.consultationFee} ${a.appointmentPaymentStatus}`),
      { message: what, timeout: STEP_MS },
    )
    .toEqual([`${choice.consultationType} ${feeOf(choice.consultationType)} ${status}`]);
}

// ---------------------------------------------------------------------------------------------

/** What each width paid for, and what it holds unpaid after a failed payment: for the other patient's check. */
const paid: { choice: Choice; time: string }[] = [];
const held: { choice: Choice; time: string; patient: Patient; width: number }[] = [];

/** One browser context per width (its localStorage is the session), kept for the whole file. */
const contexts = new Map<number, BrowserContext>();
async function contextFor(viewport: Viewport): Promise<BrowserContext> {
  let context = contexts.get(viewport.width);
  if (!context) {
    context = await newContext(site.browser, viewport);
    contexts.set(viewport.width, context);
  }
  return context;
}
afterAll(async () => {
  for (const context of contexts.values()) await context.close();
});

// One story in file order, even when the run shuffles: the later tests read what the earlier left
// (the paid and held slots, the logged-in contexts). Not yet independent tests: see the header.
describe('booking, as one story', { shuffle: false }, () => {
  describe.each([
    { label: 'desktop', viewport: DESKTOP, kind: 'clinic' as const, types: ['Clinic Visit', 'Clinic Visit'] },
    { label: 'phone', viewport: PHONE, kind: 'online' as const, types: ['Chat', 'Call'] },
  ])('booking at $viewport.width px', ({ viewport, kind, types }) => {
    const width = viewport.width;
    const patient: Patient = {
      firstName: 'Anjali',
      lastName: 'Mehta',
      email: `anjali.mehta.${width}@clinic-e2e.example`,
      age: 29,
      gender: 'female',
      phoneNumber: '9822012345',
      password: `saffron river evening ${width}`,
    };
    const plan = planFor(kind, 1);
    const first: Choice = { ...plan, consultationType: types[0]! };
    const second: Choice = { ...plan, consultationType: types[1]! };
    let context: BrowserContext;

    beforeAll(async () => {
      await register(patient);
      context = await contextFor(viewport);
    });

    test('book, pay at the sandbox checkout, and come back to "Appointment booked successfully."', async () => {
      const { page } = await site.open(context);
      await goto(page, '/');
      await logIn(page, patient);

      const dialog = await openBooking(page, width);
      await expectNoA11yViolations(page, `the Book Appointment popup at ${width} px`);
      await shot(page, 'open', width);

      // The personal fields come from the logged-in user.
      expect(await dialog.getByLabel('First name', { exact: true }).inputValue()).toBe(patient.firstName);
      expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(patient.email);

      await choose(dialog, first);
      const time = await chooseFreeSlot(dialog);
      await expectFee(dialog, feeOf(first.consultationType));
      await expectBookingStepsStill(dialog);
      await expectNoA11yViolations(page, `the Book Appointment popup with every choice made at ${width} px`);
      await shot(page, 'chosen', width);

      await bookToCheckout(page, dialog, feeOf(first.consultationType), width, 'pay');
      await page.getByRole('button', { name: /^Pay / }).click();

      // Issue 12: /#/paymentsuccess names its payment and asks the server about it; only a
      // confirmed payment says 'Appointment booked successfully.', with the confirmation view.
      await page.waitForURL((url) => /^#\/paymentsuccess\?order=SHCA-/.test(url.hash), { timeout: STEP_MS });
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: 'the /paymentsuccess heading', timeout: STEP_MS })
        .toBe(MSG.booked);
      const confirmation = page.getByRole('region', { name: 'Your appointment' });
      expect(await confirmation.getByText(new RegExp(`^${first.consultationType} consultation with `)).count(), 'what').toBe(1);
      expect(await confirmation.getByText(/\(clinic time, IST\)$/).count(), 'when, in clinic time').toBe(1);
      expect(await confirmation.getByText(`₹${feeOf(first.consultationType)}.00`).count(), 'the fee paid').toBe(1);
      expect(await confirmation.getByRole('button', { name: 'Add to calendar' }).count()).toBe(1);
      expect(await confirmation.getByRole('link', { name: 'Go to My appointments' }).count()).toBe(1);
      await expectNoA11yViolations(page, `the payment confirmation at ${width} px`);
      await shot(page, 'success', width, true);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: STEP_MS }),
        confirmation.getByRole('button', { name: 'Add to calendar' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      // Nothing replayed: no toast, no countdown home, however long the page stays.
      await page.waitForTimeout(1500);
      expect(routeOf(page), 'still on the result page').toBe('/paymentsuccess');
      expect(new URL(page.url()).hash).toMatch(/^#\/paymentsuccess\?order=SHCA-/);
      expect(await page.locator('.toast__text', { hasText: MSG.booked }).count(), 'no success toast replayed').toBe(0);
      expect(await bookingDialog(page).count(), 'no booking popup after a success').toBe(0);

      // A direct visit claims nothing.
      await goto(page, '/paymentsuccess');
      await expect
        .poll(() => page.getByText(/^There is no payment to confirm on this page\./).count(), { message: 'a direct visit claims nothing', timeout: STEP_MS })
        .toBe(1);
      expect(await page.getByText(MSG.booked).count(), 'nothing booked is claimed').toBe(0);
      await expectNoA11yViolations(page, `/paymentsuccess visited directly at ${width} px`);
      await shot(page, 'success-direct', width);

      // The server believes it: paid, at the fee of the type.
      await expectPaymentStatus(page, patient, first, time, 'paid', `the ${time} appointment is paid`);
      paid.push({ choice: first, time });
    });

    test('a failed payment comes back to the popup with every choice kept', async () => {
      const before = paid.find((p) => p.choice === first);
      expect(before, 'the first booking of this width was paid (previous test)').toBeTruthy();
      const { page } = await site.open(context);
      await goto(page, '/');
      await expect
        .poll(() => header(page).getByRole('button', { name: 'My Profile', exact: true }).isVisible(), { message: 'still logged in', timeout: STEP_MS })
        .toBe(true);

      const dialog = await openBooking(page, width);
      await choose(dialog, second);
      // The slot paid for in the first test is booked now: not choosable, and it says why.
      const paidSlot = (await slotStates(dialog)).find((s) => s.time === before!.time);
      expect(paidSlot, `slot ${before!.time} is listed`).toEqual({ time: before!.time, enabled: false, checked: false, title: MSG.slotBooked });
      const time = await chooseFreeSlot(dialog);
      await expectFee(dialog, feeOf(second.consultationType));
      await expectBookingStepsStill(dialog);
      await shot(page, 'second-chosen', width);

      await bookToCheckout(page, dialog, feeOf(second.consultationType), width, 'fail');
      await page.getByRole('button', { name: 'Fail the payment', exact: true }).click();

      await page.waitForURL((url) => url.hash.startsWith('#/paymentfail'), { timeout: STEP_MS });
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: 'the /paymentfail heading', timeout: STEP_MS })
        .toBe('Payment not completed');
      await expect.poll(() => page.getByRole('timer').innerText(), { message: 'the countdown', timeout: STEP_MS }).toMatch(/^Going to the home page in [1-5] seconds?\.$/);
      await shot(page, 'fail', width);
      await page.getByRole('button', { name: 'Go now', exact: true }).click();

      // Home, with the popup open again and the choices as they were.
      await expect.poll(() => routeOf(page), { message: '/paymentfail goes to /', timeout: STEP_MS }).toBe('/');
      const again = bookingDialog(page);
      await expectDialogOpen(again, 'the Book Appointment popup opens again after a failed payment');
      const kept = async () => ({
        location: await again.getByLabel('Location', { exact: true }).inputValue(),
        doctor: await again.getByLabel('Doctor', { exact: true }).inputValue(),
        type: await again.getByLabel('Consultation type', { exact: true }).inputValue(),
        date: await again.getByLabel('Date', { exact: true }).inputValue(),
        slot: (await slotStates(again)).filter((s) => s.checked).map((s) => s.time),
      });
      await expect
        .poll(kept, { message: 'every choice is kept', timeout: STEP_MS })
        .toEqual({ location: second.location, doctor: second.doctorEmail, type: second.consultationType, date: second.date, slot: [time] });
      await expectFee(again, feeOf(second.consultationType));
      await expectBookingStepsStill(again);
      await expectNoA11yViolations(page, `the Book Appointment popup reopened after a failed payment at ${width} px`);
      await shot(page, 'fail-reopened', width);

      // The server did not take the failure for a payment.
      await expectPaymentStatus(page, patient, second, time, 'failed', `the ${time} appointment is not paid`);
      held.push({ choice: second, time, patient, width });
    });
  });

  describe('another patient (1280 px)', () => {
    const other: Patient = {
      firstName: 'Vikram',
      lastName: 'Nair',
      email: 'vikram.nair@clinic-e2e.example',
      age: 41,
      gender: 'male',
      phoneNumber: '9890012345',
      password: 'teak window monsoon',
    };
    let context: BrowserContext;

    beforeAll(async () => {
      await register(other);
      context = await newContext(site.browser, DESKTOP);
    });
    afterAll(async () => {
      await context?.close();
    });

    test('sees paid slots and slots held for an unpaid booking as not choosable: "This slot is already booked"', async () => {
      expect(paid.length, 'the bookings above were paid').toBe(2);
      expect(held.length, 'the failed payments above left their holds').toBe(2);
      const { page } = await site.open(context);
      await goto(page, '/');
      await logIn(page, other);
      const slots = [...paid.map((p) => ['paid', p] as const), ...held.map((h) => ['held', h] as const)];
      for (const [what, { choice, time }] of slots) {
        const dialog = await openBooking(page, DESKTOP.width);
        await choose(dialog, choice);
        const slot = (await slotStates(dialog)).find((s) => s.time === time);
        expect(slot, `${what} slot ${time} of ${choice.doctorName} on ${choice.date}`).toEqual({ time, enabled: false, checked: false, title: MSG.slotBooked });
        const radio = slotGroup(dialog).getByRole('radio', { name: time, exact: true });
        const describedBy = await radio.getAttribute('aria-describedby');
        expect(describedBy, 'the booked slot is described').toBeTruthy();
        expect(await page.locator(`[id="${describedBy}"]`).innerText(), 'and says why').toBe(MSG.slotBooked);
        // Clicking it changes nothing.
        await radio.click({ force: true });
        expect(await radio.isChecked(), 'a booked slot cannot be chosen').toBe(false);
        await expectBookingStepsStill(dialog);
        const doctor = choice.doctorEmail.split('@')[0]!.replace(/\./g, '-');
        await shot(page, `other-patient-${what}-${doctor}`, DESKTOP.width);
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();
        await expect.poll(() => bookingDialog(page).count(), { message: 'Close closes the popup', timeout: STEP_MS }).toBe(0);
      }
    });
  });

  // Paying again after the failure: the patient's own hold is still theirs (free to them), and Book
  // pays the appointment the server already holds for this booking: no 409, no second appointment.
  describe.each([
    { label: 'desktop', viewport: DESKTOP },
    { label: 'phone', viewport: PHONE },
  ])('paying again after a failed payment at $viewport.width px', ({ viewport }) => {
    const width = viewport.width;

    test('the held slot is still choosable by its patient, and paying it makes one paid appointment', async () => {
      const hold = held.find((h) => h.width === width);
      expect(hold, 'the failed payment of this width left its hold (tests above)').toBeTruthy();
      const { choice, time, patient } = hold!;
      const { page } = await site.open(await contextFor(viewport));
      await goto(page, '/');
      await expect
        .poll(() => header(page).getByRole('button', { name: 'My Profile', exact: true }).isVisible(), { message: 'still logged in', timeout: STEP_MS })
        .toBe(true);

      const dialog = await openBooking(page, width);
      await choose(dialog, choice);
      const own = (await slotStates(dialog)).find((s) => s.time === time);
      expect(own, `the patient's own held slot ${time} is free to them`).toEqual({ time, enabled: true, checked: false, title: null });
      const radio = slotGroup(dialog).getByRole('radio', { name: time, exact: true });
      await radio.check();
      await expect.poll(() => radio.isChecked(), { message: `slot ${time} is chosen`, timeout: STEP_MS }).toBe(true);
      await expectFee(dialog, feeOf(choice.consultationType));
      await expectBookingStepsStill(dialog);
      await shot(page, 'again-chosen', width);

      await bookToCheckout(page, dialog, feeOf(choice.consultationType), width, 'again');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((url) => url.hash.startsWith('#/paymentsuccess'), { timeout: STEP_MS });
      // Issue 12: the server confirms it, and the page says so with the confirmation (no countdown).
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: 'the confirmation', timeout: STEP_MS })
        .toBe(MSG.booked);
      await shot(page, 'again-confirmed', width);

      // One appointment for that slot, now paid (expectPaymentStatus wants exactly one).
      await expectPaymentStatus(page, patient, choice, time, 'paid', `the held ${time} appointment is paid, and there is only one`);
    });
  });
});
