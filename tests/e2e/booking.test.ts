// Booking and paying in a real browser, at 1280 and 375 px, against the production server with
// the sandbox payment provider (PAYMENT_PROVIDER's default) and a real SMTP server for the
// sign-up codes: a patient (made through the API with the code from the mail, then logged in
// through the Login popup) opens Book Appointment, chooses location, doctor, consultation type,
// date (typed into the date input) and a free slot, sees the fee of that type, presses Book and
// lands on the sandbox checkout on our own origin, showing the amount; Pay -> /#/paymentsuccess?order=,
// which asks the server and shows 'Appointment booked successfully.' with the confirmation;
// a direct visit there claims nothing. A patient who paid for one slot books a second -> Fail ->
// /#/paymentfail -> Go now -> '/' with the Book Appointment popup open again and every choice
// kept, the paid slot not choosable. The server is asked each time what it believes (paid or
// not). Another patient sees a first patient's paid slots and the slots held for their failed
// payments as not choosable, 'This slot is already booked'. A patient whose payment failed pays
// the held booking again: their own hold is free to them, and paying makes it paid without a
// second appointment. The popup follows the phone's Back (and a hash link) and keeps what was
// typed for its next opening; a doctor chosen from the soonest online list by keyboard leaves the
// focus on the consent box. axe on the open popup; screenshots
// of each step in test-results/screenshots/booking-*.png.
//
// Each test makes what it needs itself (its own patients through the API, the paid and held
// bookings it looks at through the API and the sandbox checkout, its own browser context), so any
// one runs alone and in any order; the server is shared by the file.
//
// The date is computed in clinic time (Asia/Kolkata): the first day from tomorrow on on which the
// chosen doctor works at the chosen location (server/seed/demo-clinic.json), so no slot is past.
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, useSiteWithMailbox, type Viewport } from './harness';
import { clinicDate, demoSeed as seed, planFor, type Plan } from './support/clinic';
import { clinicApi, contextsPerTest, type Patient } from './support/patients';
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
// Set-up: patients and bookings through the API (the code read from the mail)

const api = clinicApi(() => site.server.url);
const contexts = contextsPerTest();
afterEach(() => contexts.closeAll());

/** A patient of this test alone: `who` keeps the email apart from every other test's. */
const patientFor = (who: string, width: number): Patient => ({
  firstName: 'Anjali',
  lastName: 'Mehta',
  email: `anjali.mehta.${who}.${width}@clinic-e2e.example`,
  age: 29,
  gender: 'female',
  phoneNumber: '9822012345',
  password: `saffron river evening ${width}`,
});

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

/** The home page in a new context that starts signed in with `token` (a login leaves it so). */
async function homeSignedIn(viewport: Viewport, token: string): Promise<Page> {
  const { page } = await site.open(await contexts.signedIn(site.browser, viewport, token));
  await goto(page, '/');
  await expect
    .poll(() => header(page).getByRole('button', { name: 'My Profile', exact: true }).isVisible(), { message: 'logged in (the stored token)', timeout: STEP_MS })
    .toBe(true);
  return page;
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
  // Chat, Video and Call: the teleconsultation consent is ticked for each booking.
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

const widths = [
  { label: 'desktop', viewport: DESKTOP, kind: 'clinic' as const, types: ['Clinic Visit', 'Clinic Visit'] },
  { label: 'phone', viewport: PHONE, kind: 'online' as const, types: ['Chat', 'Call'] },
];
/** A width's two bookings: the first is paid, the second's payment fails (same doctor and day). */
const choicesOf = ({ kind, types }: (typeof widths)[number]): { first: Choice; second: Choice } => {
  const plan = planFor(kind, 1);
  return { first: { ...plan, consultationType: types[0]! }, second: { ...plan, consultationType: types[1]! } };
};

describe.each(widths)('booking at $viewport.width px', (width_) => {
  const { viewport } = width_;
  const width = viewport.width;
  const { first, second } = choicesOf(width_);

  test("Book before the choices: the spec's toast covers neither the choices nor Book", async () => {
    const { page } = await site.open(await contexts.fresh(site.browser, viewport));
    await goto(page, '/');
    const dialog = await openBooking(page, width);
    const book = dialog.getByRole('button', { name: 'Book', exact: true });
    await book.click();
    const toastBox = page.locator('.toast', { hasText: 'Please select all required fields.' });
    await expect.poll(() => toastBox.count(), { message: "the spec's toast", timeout: STEP_MS }).toBe(1);
    await book.scrollIntoViewIfNeeded();
    const box = async (l: Locator) => (await l.boundingBox())!;
    const meets = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const toastAt = await box(toastBox);
    for (const [name, control] of [
      ['Book', book],
      ['Location', dialog.getByLabel('Location', { exact: true })],
    ] as const) {
      expect(meets(toastAt, await box(control)), `the toast does not cover ${name}`).toBe(false);
    }
    await shot(page, 'book-before-choices', width);
  });

  // The popup follows the phone's Back and keeps what was typed; a doctor chosen from
  // the soonest list by keyboard leaves the focus on the next thing to do, not on the page.
  test("Back closes the popup and keeps what was typed; the soonest online doctor chosen by keyboard moves the focus to the consent box", async () => {
    const patient = patientFor('back', width);
    const token = await api.registerAndLogIn(mailbox, patient);
    const page = await homeSignedIn(viewport, token);

    const dialog = await openBooking(page, width);
    await dialog.getByLabel('Location', { exact: true }).selectOption(first.location);
    const phone = dialog.getByLabel('Phone number', { exact: true });
    await phone.fill('9822099999');
    await page.goBack();
    await expect.poll(() => bookingDialog(page).count(), { message: "the phone's Back closes the popup", timeout: STEP_MS }).toBe(0);
    expect(routeOf(page), 'and stays on the page').toBe('/');

    const again = await openBooking(page, width);
    expect(await again.getByLabel('Location', { exact: true }).inputValue(), 'the place chosen is kept').toBe(first.location);
    expect(await again.getByLabel('Phone number', { exact: true }).inputValue(), 'the phone typed is kept').toBe('9822099999');

    // By keyboard: "Consult online now / soonest", then the first doctor of the list.
    await again.getByRole('button', { name: 'Consult online now / soonest', exact: true }).press('Enter');
    const list = again.getByRole('region', { name: 'Online doctors, soonest first' });
    const doctor = list.getByRole('button', { name: /^Choose / }).first();
    await expect.poll(() => doctor.count(), { message: 'the soonest online doctors are listed', timeout: STEP_MS }).toBe(1);
    await doctor.press('Enter');
    await expect.poll(() => list.count(), { message: 'the list closes once a doctor is chosen', timeout: STEP_MS }).toBe(0);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el instanceof HTMLInputElement ? `${el.type}: ${el.labels?.[0]?.textContent ?? ''}` : (el?.tagName ?? '');
      });
    await expect
      .poll(focused, { message: 'the focus is on the next thing to do, the consent box (not on <body>)', timeout: STEP_MS })
      .toMatch(/^checkbox: I agree to a teleconsultation/);
    await page.keyboard.press('Space');
    expect(await again.getByRole('checkbox', { name: /I agree to a teleconsultation/ }).isChecked(), 'one Space ticks it').toBe(true);
    await shot(page, 'soonest-focus', width);

    // A link elsewhere (a hash route) closes it too.
    await page.evaluate(() => {
      window.location.hash = '#/contactus';
    });
    await expect.poll(() => bookingDialog(page).count(), { message: 'a link to another page closes the popup', timeout: STEP_MS }).toBe(0);
    expect(routeOf(page)).toBe('/contactus');
  });

  test('book, pay at the sandbox checkout, and come back to "Appointment booked successfully."', async () => {
    const patient = patientFor('pays', width);
    await api.registerAndLogIn(mailbox, patient);
    const { page } = await site.open(await contexts.fresh(site.browser, viewport));
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

    // /#/paymentsuccess names its payment and asks the server about it; only a
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
  });

  test('a failed payment comes back to the popup with every choice kept', async () => {
    // This patient already paid for one slot of the day (through the API and the sandbox checkout).
    const patient = patientFor('fails', width);
    const token = await api.registerAndLogIn(mailbox, patient);
    const before = await api.bookAndSettle(patient, token, first, 'pay');
    const page = await homeSignedIn(viewport, token);

    const dialog = await openBooking(page, width);
    await choose(dialog, second);
    // The slot this patient paid for is booked now: not choosable, and it says why.
    const paidSlot = (await slotStates(dialog)).find((s) => s.time === before.startTime);
    expect(paidSlot, `slot ${before.startTime} is listed`).toEqual({ time: before.startTime, enabled: false, checked: false, title: MSG.slotBooked });
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
  });

  // Paying again after the failure: the patient's own hold is still theirs (free to them), and Book
  // pays the appointment the server already holds for this booking: no 409, no second appointment.
  test('paying again after a failed payment: the held slot is still choosable by its patient, and paying it makes one paid appointment', async () => {
    const patient = patientFor('pays-again', width);
    const token = await api.registerAndLogIn(mailbox, patient);
    const { startTime: time } = await api.bookAndSettle(patient, token, second, 'fail');
    const choice = second;
    const page = await homeSignedIn(viewport, token);

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
    // The server confirms it, and the page says so with the confirmation (no countdown).
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: 'the confirmation', timeout: STEP_MS })
      .toBe(MSG.booked);
    await shot(page, 'again-confirmed', width);

    // One appointment for that slot, now paid (expectPaymentStatus wants exactly one).
    await expectPaymentStatus(page, patient, choice, time, 'paid', `the held ${time} appointment is paid, and there is only one`);
  });
});

describe('another patient (1280 px)', () => {
  test('sees paid slots and slots held for an unpaid booking as not choosable: "This slot is already booked"', async () => {
    // A first patient pays for one slot and fails the payment of another, for each width's doctor and day.
    const first = patientFor('holds', DESKTOP.width);
    const firstToken = await api.registerAndLogIn(mailbox, first);
    const slots: (readonly ['paid' | 'held', { choice: Choice; time: string }])[] = [];
    for (const w of widths) {
      const choices = choicesOf(w);
      const paid = await api.bookAndSettle(first, firstToken, choices.first, 'pay');
      const held = await api.bookAndSettle(first, firstToken, choices.second, 'fail');
      slots.push(['paid', { choice: choices.first, time: paid.startTime }], ['held', { choice: choices.second, time: held.startTime }]);
    }
    expect(slots.map(([what]) => what)).toEqual(['paid', 'held', 'paid', 'held']);

    const other: Patient = {
      firstName: 'Vikram',
      lastName: 'Nair',
      email: 'vikram.nair@clinic-e2e.example',
      age: 41,
      gender: 'male',
      phoneNumber: '9890012345',
      password: 'teak window monsoon',
    };
    await api.registerAndLogIn(mailbox, other);
    const { page } = await site.open(await contexts.fresh(site.browser, DESKTOP));
    await goto(page, '/');
    await logIn(page, other);
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
    // Four bookings set up, then four slots checked in the popup: past the file's 120 s on a loaded machine.
  }, 240_000);
});
