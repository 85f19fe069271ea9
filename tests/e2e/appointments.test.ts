// My appointments in a real browser, at 1280 and 375 px, against the production server
// with the sandbox payment provider. Before the server starts, its embedded database is prepared
// (support/preparedSite.ts): migrated and seeded as a start would, a patient for each width and a
// clinic admin (made an admin with the command line's own function, `npm run clinic -- create-admin`),
// each with a login token. The patient's session is the stored token (the Login popup has its own
// suite); two appointments of the patient and one of a second patient are booked through the
// API, and yesterday's visit (Booked, never paid) is written for the patient before the server
// starts (a consultation is completed from its join window on, which a booking made now has not
// reached), one per test that changes one. Then, on /#/myappointment:
// - the unconfirmed fee says so, and Pay goes through the sandbox checkout to /#/paymentsuccess, which
//   confirms it with the server;
//   the appointment is paid and offers Add to calendar (the .ics downloads);
// - Edit moves another to another date and slot ('Appointment updated successfully.'), and the list
//   shows the new date and time;
// - Cancel of an unpaid hold asks whether to release its slot, says 'Appointment Deleted
//   Successfully.', and the record stays, as Cancelled; Cancel of a paid one days ahead (inside
//   free cancellation, CANCEL_FREE_HOURS 24) says the fee will be refunded, and the card then says
//   'Refund of ₹… started' (or completed: the sandbox refunds at once once the job ran);
// - the admin completes yesterday's one with a prescription and a Card order (staff API); the card
//   shows both, Pay Now goes through the sandbox to /#/paymentsuccess?for=order, which speaks of
//   the order and comes back to My appointments, where the order's payment status is Completed;
// - Help opens chat (wa.me with 'Hello, I want help.', followed into an intercepted popup), call
//   (tel:) and email (mailto:) links built from the server's configured contacts.
// axe on the page at each step that changes it; screenshots in test-results/screenshots/appointments-*.png.
//
// Each test has its own appointment, so the tests run in any order (one browser context per
// width, its stored token the patient's session, which no test changes).
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoA11yViolations, screenshot, useSite, type Viewport } from './harness';
import { clinicDate, demoSeed as seed, type Weekday } from './support/clinic';
import { preparedPeople, signedInContext, type Account } from './support/preparedSite';
import { pgliteDir } from '../../server/db/open';
import { openPGliteDir } from '../../server/db/pglite';
import { freePort } from './support/server.mjs';
import { expectDialogOpen, expectToast, fact, factNow, openEarlier, sandboxCheckout, STEP_MS } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };

const MSG = {
  booked: 'Appointment booked successfully.',
  updated: 'Appointment updated successfully.',
  deleted: 'Appointment Deleted Successfully.',
  cancelWarning: 'Your appointment fee will not be refunded. Still want to cancel?',
  /** An unpaid hold's cancel question (no fee was paid, so no refund warning). */
  cancelReleaseHold: 'No fee has been paid for this appointment. Cancelling releases its slot for someone else. Still want to cancel?',
  cancelRefund: (rupees: number) => `Cancelling now is free: your appointment fee of ₹${rupees} will be refunded. Still want to cancel?`,
  orderPending: 'Order Status: Pending',
} as const;

/** The clinic's help contacts: the server's defaults (HELP_* unset). */
const HELP = { chatDigits: '912040001234', tel: 'tel:+912040001234', email: 'mailto:care@sahaj-clinic.example' };

const feeOf = (type: string): number => seed.fees.find((f) => f.consultationType === type)!.consultationFee;

const weekdayOf = (date: string): Weekday =>
  (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/** The first two days from tomorrow on (clinic time) on which the doctor works at their first location. */
function daysOf(doctorEmail: string): { location: string; first: string; second: string } {
  const doctor = seed.doctors.find((d) => d.email === doctorEmail)!;
  const location = doctor.locations[0]!;
  const days: string[] = [];
  for (let n = 1; days.length < 2 && n < 30; n++) {
    const date = clinicDate(n);
    if (doctor.hours[location]?.includes(weekdayOf(date))) days.push(date);
  }
  return { location, first: days[0]!, second: days[1]! };
}

// ---------------------------------------------------------------------------------------------
// The server, its prepared database, the browser

const admin = 'clinic.admin@clinic-e2e.example';
const patientEmail = (width: number) => `meena.rao.${width}@clinic-e2e.example`;
/** A second patient per width, whose appointment the Edit test moves (a patient may hold three unpaid bookings). */
const editorEmail = (width: number) => `anil.joshi.${width}@clinic-e2e.example`;
/** A third patient per width, with an online Video consultation: Help is offered for chat, video and call ones only. */
const helpEmail = (width: number) => `lata.pawar.${width}@clinic-e2e.example`;
/** A doctor with online hours in the demo clinic (seed), for the Help test's Video consultation. */
const onlineDoctor = 'rohan.patil@sahaj-clinic.example';

const people = preparedPeople(
  [
    { email: admin, firstName: 'Kiran', lastName: 'Rao' },
    { email: patientEmail(DESKTOP.width), firstName: 'Meena', lastName: 'Rao' },
    { email: patientEmail(PHONE.width), firstName: 'Meena', lastName: 'Rao' },
    { email: editorEmail(DESKTOP.width), firstName: 'Anil', lastName: 'Joshi' },
    { email: editorEmail(PHONE.width), firstName: 'Anil', lastName: 'Joshi' },
    { email: helpEmail(DESKTOP.width), firstName: 'Lata', lastName: 'Pawar' },
    { email: helpEmail(PHONE.width), firstName: 'Lata', lastName: 'Pawar' },
  ],
  { admin },
);

/** Each width's doctor (see the suites below). */
const widthDoctors = [
  { width: DESKTOP.width, doctorEmail: 'meera.kulkarni@sahaj-clinic.example' },
  { width: PHONE.width, doctorEmail: 'arjun.deshpande@sahaj-clinic.example' },
];
/** Yesterday's visit of each width's patient, written before the server starts (the one the admin completes). */
const pastVisits = new Map<number, Booked>();

/**
 * For each width's patient, a Clinic Visit with that width's doctor yesterday at 10:00, Booked and
 * never paid (it reads Expired): past its join window, so the clinic can complete it. Written into
 * the data directory before the server opens it (PGlite lets one process in at a time).
 */
async function preparePastVisits(dataDir: string): Promise<void> {
  const db = await openPGliteDir(pgliteDir(dataDir));
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
    const date = clinicDate(-1);
    for (const [index, { width, doctorEmail }] of widthDoctors.entries()) {
      const doctorId = await one('select id from doctors where email = $1', [doctorEmail]);
      const locationId = await one('select id from locations where name = $1', [daysOf(doctorEmail).location]);
      const userId = await one('select id from users where email = $1', [patientEmail(width)]);
      const appointmentId = `SHC-26-${900001 + index}`;
      const _id = await one(
        `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
           consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, holds_slot,
           created_at, updated_at)
         values ($1, $2, $3, $4, $5, '10:00', 'Clinic Visit', $6, 'Meena', 'Rao', $7, '9822012345', 38, 'female', 'Booked', 'failed', false, now(), now())
         returning id`,
        [appointmentId, userId, doctorId, locationId, date, feeOf('Clinic Visit'), patientEmail(width)],
      );
      pastVisits.set(width, { _id, appointmentId, date, startTime: '10:00', consultationType: 'Clinic Visit' });
    }
  } finally {
    await db.close();
  }
}

const site = useSite(async () => {
  const port = await freePort();
  // PUBLIC_URL: where the sandbox checkout sends the browser back to (our own origin).
  return {
    port,
    prepare: async (dataDir: string) => {
      await people.prepare(dataDir);
      await preparePastVisits(dataDir);
    },
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox' },
  };
});

const base = (): string => site.server.url;

/** One browser context per width, its local storage holding the patient's token. */
const contexts = new Map<number, BrowserContext>();
async function contextFor(viewport: Viewport, token: string): Promise<BrowserContext> {
  let context = contexts.get(viewport.width);
  if (!context) {
    context = await signedInContext(site.browser, viewport, token);
    contexts.set(viewport.width, context);
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
// The API, as the patient and the admin

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Booked {
  _id: string;
  appointmentId: string;
  date: string;
  startTime: string;
  consultationType: string;
}

/** Free slots at a clinic, or in the doctor's online hours when `location` is ''. */
async function freeSlots(doctorEmail: string, location: string, date: string, token: string): Promise<string[]> {
  const doctor = encodeURIComponent(doctorEmail);
  const path = location === '' ? `/doctor/onlinetimeslot/${doctor}/${date}` : `/doctor/gettimeslot/${doctor}/${encodeURIComponent(location)}/${date}`;
  const slots = await call<{ time: string; status: string }[]>('GET', path, token);
  return slots.filter((s) => s.status === 'free').map((s) => s.time);
}

/** Books the online doctor's first free slot from tomorrow on, as a Video consultation. */
async function bookOnlineVideo(account: Account): Promise<Booked> {
  for (let n = 1; n < 15; n++) {
    const date = clinicDate(n);
    const [startTime] = await freeSlots(onlineDoctor, '', date, account.token);
    if (startTime) return book(account, { doctorEmail: onlineDoctor, location: '', date, startTime, consultationType: 'Video' });
  }
  throw new Error(`no free online slot of ${onlineDoctor} in two weeks`);
}

function book(account: Account, choice: { doctorEmail: string; location: string; date: string; startTime: string; consultationType: string }): Promise<Booked> {
  return call<Booked>('POST', '/appointment/add', account.token, {
    firstName: account.firstName,
    lastName: 'Rao',
    email: account.email,
    phoneNumber: '9822012345',
    age: 38,
    gender: 'female',
    date: choice.date,
    doctorName: '',
    doctorEmail: choice.doctorEmail,
    location: choice.location,
    consultationType: choice.consultationType,
    startTime: choice.startTime,
    appointmentPaymentStatus: 'failed',
    appointmentPaymentId: null,
    medicines: { complain: '', remedies: [], potency: '', duration: '', pharmacyName: '', pharmacyId: '', instructions: '', showMedicine: false },
    // Chat, Video and Call need the teleconsultation consent's words; ignored for a Clinic Visit.
    consentText: 'I agree to a teleconsultation.',
  });
}

// ---------------------------------------------------------------------------------------------
// Page helpers

const routeOf = (page: Page): string => site.routeOf(page);

/** /#/myappointment, loaded afresh (a reload when already there: the clinic changed something meanwhile). */
async function gotoAppointments(page: Page): Promise<void> {
  if (page.url().startsWith(base()) && routeOf(page) === '/myappointment') await page.reload({ waitUntil: 'load' });
  else await page.goto(`${base()}/#/myappointment`, { waitUntil: 'load' });
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'My appointments' }).count(), { message: 'the My appointments heading', timeout: STEP_MS })
    .toBe(1);
  await expect
    .poll(() => page.locator('.appointments__list article').count(), { message: 'the list has loaded', timeout: STEP_MS })
    .toBeGreaterThan(0);
  // The past and cancelled ones are below, collapsed; the tests read them too, so open it.
  const collapsed = page.locator('details.appointments__earlier:not([open]) > summary');
  if ((await collapsed.count()) > 0) await collapsed.click();
}

/** The card of the appointment with this appointment id. */
const card = (page: Page, appointmentId: string): Locator => page.locator('article.appointment-card', { hasText: appointmentId });

async function shot(page: Page, step: string, width: number, fullPage = true): Promise<void> {
  await screenshot(page, `appointments-${step}-${width}`, { fullPage });
}

/** The sandbox checkout on our own origin (photographed whole): Pay, then the result page. */
function payAtSandbox(page: Page, rupees: number, width: number, step: string): Promise<void> {
  return sandboxCheckout(page, base(), rupees, () => shot(page, `${step}-checkout`, width));
}

// ---------------------------------------------------------------------------------------------

describe.each([
  { label: 'desktop', viewport: DESKTOP, doctorEmail: widthDoctors[0]!.doctorEmail },
  { label: 'phone', viewport: PHONE, doctorEmail: widthDoctors[1]!.doctorEmail },
])('my appointments at $viewport.width px', ({ viewport, doctorEmail }) => {
  const width = viewport.width;
  const { location, first, second } = daysOf(doctorEmail);
  let patient: Account;
  let context: BrowserContext;
  /** A: paid in the browser; D (the second patient's): moved; B: cancelled; C (yesterday's): completed by the clinic, with an order (one each, so the tests run in any order). */
  let a: Booked;
  let b: Booked;
  let c: Booked;
  let d: Booked;
  /** E: paid through the API, on the second day (over 24 hours ahead): cancelled with a refund. */
  let e: Booked;
  /** The second patient's own context, for the Edit test. */
  let editContext: BrowserContext;

  beforeAll(async () => {
    patient = people.account(patientEmail(width));
    const [t1, t2, , t4] = await freeSlots(doctorEmail, location, first, patient.token);
    expect(t4, `four free slots of ${doctorEmail} at ${location} on ${first}`).toBeTruthy();
    // At a clinic, a Clinic Visit: Chat, Video and Call are booked online only.
    a = await book(patient, { doctorEmail, location, date: first, startTime: t1!, consultationType: 'Clinic Visit' });
    b = await book(patient, { doctorEmail, location, date: first, startTime: t2!, consultationType: 'Clinic Visit' });
    c = pastVisits.get(width)!;
    const editor = people.account(editorEmail(width));
    d = await book(editor, { doctorEmail, location, date: first, startTime: t4!, consultationType: 'Clinic Visit' });
    const later = await freeSlots(doctorEmail, location, second, patient.token);
    e = await book(patient, { doctorEmail, location, date: second, startTime: later.at(-1)!, consultationType: 'Clinic Visit' });
    const { checkoutPageUrl } = await call<{ checkoutPageUrl: string }>('POST', '/payment/create-appointment', patient.token, {
      appointmentId: e._id,
      consultationAmount: feeOf('Clinic Visit'),
    });
    const pressed = await fetch(`${checkoutPageUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pressed.status, 'the sandbox took the payment').toBeLessThan(400);
    context = await contextFor(viewport, patient.token);
    editContext = await signedInContext(site.browser, viewport, editor.token);
  });
  afterAll(async () => {
    await editContext?.close();
  });

  test('an unconfirmed fee says so; Pay goes through the sandbox, and the paid appointment offers its .ics', async () => {
    const page = await open(context);
    await gotoAppointments(page);
    const cardA = card(page, a.appointmentId);
    expect(await fact(cardA, 'Status')).toBe('Booked');
    expect(await fact(cardA, 'Consultation type')).toBe('Clinic Visit');
    expect(await fact(cardA, 'Location')).toBe(location);
    expect(await cardA.locator(`dd time[datetime="${first}"]`).count(), 'the date').toBe(1);
    expect(await cardA.locator(`dd time[datetime="${a.startTime}"]`).count(), 'the time').toBe(1);
    expect(await cardA.getByText(/^Fee not paid: this appointment is not confirmed yet\./).count(), 'the unpaid fee is said plainly').toBe(1);
    expect(await cardA.getByRole('button', { name: 'Add to calendar' }).count(), 'no calendar for an unconfirmed one').toBe(0);
    // Upcoming first; a's card is among them, doctor and date in its heading.
    expect(await page.getByRole('region', { name: 'Upcoming' }).locator('article.appointment-card', { hasText: a.appointmentId }).count()).toBe(1);
    await expectNoA11yViolations(page, `/myappointment at ${width} px`);
    await shot(page, 'list', width);

    await cardA.getByRole('button', { name: /^Pay ₹/ }).click();
    await payAtSandbox(page, feeOf('Clinic Visit'), width, 'fee');
    await page.waitForURL((url) => url.hash.startsWith('#/paymentsuccess?order='), { timeout: STEP_MS });
    // Said only once the server confirms the payment, on the page, with the confirmation.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: 'the success heading', timeout: STEP_MS }).toBe(MSG.booked);
    await page.getByRole('region', { name: 'Your appointment' }).getByRole('link', { name: 'Go to My appointments' }).click();

    await gotoAppointments(page);
    const paid = card(page, a.appointmentId);
    await expect.poll(() => paid.getByText(/^Fee not paid/).count(), { message: 'the fee is paid now', timeout: STEP_MS }).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), paid.getByRole('button', { name: 'Add to calendar' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const file = await download.path();
    const ics = readFileSync(file, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(a.appointmentId);
    await shot(page, 'paid', width);
  });

  test('Edit moves the appointment to another date and slot, and the list shows it', async () => {
    const page = await open(editContext);
    await gotoAppointments(page);
    await card(page, d.appointmentId).getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit appointment' });
    await expectDialogOpen(dialog, 'the Edit appointment popup is open');
    await expect.poll(() => dialog.getByLabel('Location', { exact: true }).inputValue(), { message: 'the location is chosen', timeout: STEP_MS }).toBe(location);
    await dialog.getByLabel('Date', { exact: true }).fill(second);
    const slots = dialog.getByRole('group', { name: 'Time' });
    await expect.poll(() => slots.getByRole('radio', { disabled: false }).count(), { message: 'the free slots of the new date', timeout: STEP_MS }).toBeGreaterThan(0);
    const slot = slots.getByRole('radio', { disabled: false }).first();
    const time = (await slot.getAttribute('value'))!;
    await slot.check();
    await expectNoA11yViolations(page, `the Edit appointment popup at ${width} px`);
    await shot(page, 'edit', width, false);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'status', MSG.updated);
    await expect.poll(() => dialog.count(), { message: 'the popup closes', timeout: STEP_MS }).toBe(0);

    const moved = card(page, d.appointmentId);
    await expect.poll(() => moved.locator(`dd time[datetime="${second}"]`).count(), { message: 'the list shows the new date', timeout: STEP_MS }).toBe(1);
    expect(await moved.locator(`dd time[datetime="${time}"]`).count(), 'and the new time').toBe(1);
    expect(await fact(moved, 'Status')).toBe('Booked');
    await shot(page, 'edited', width);
  });

  test('Cancel asks first, says so, and the record stays as Cancelled', async () => {
    const page = await open(context);
    await gotoAppointments(page);
    await card(page, b.appointmentId).getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expectDialogOpen(dialog, 'the Cancel appointment popup is open');
    // b was never paid: the question says its slot will be released, not that a fee is kept.
    expect(await dialog.getByText(MSG.cancelReleaseHold, { exact: true }).count()).toBe(1);
    expect(await dialog.getByText(MSG.cancelWarning, { exact: true }).count()).toBe(0);
    await expectNoA11yViolations(page, `the cancel popup at ${width} px`);
    await shot(page, 'cancel', width, false);
    await dialog.getByRole('button', { name: 'Yes, cancel it', exact: true }).click();
    await expectToast(page, 'status', MSG.deleted);
    const cancelled = card(page, b.appointmentId);
    // A cancelled appointment moves to the collapsed Earlier group.
    await expect.poll(async () => (await openEarlier(page), factNow(cancelled, 'Status')), { message: 'the record stays, Cancelled', timeout: STEP_MS }).toBe('Cancelled');
    expect(await cancelled.getByRole('button', { name: 'Cancel', exact: true }).count(), 'no Cancel any more').toBe(0);
    await shot(page, 'cancelled', width);
  });

  test('Cancel of a paid fee in time says it will be refunded; the card then says the refund started', async () => {
    const page = await open(context);
    await gotoAppointments(page);
    await card(page, e.appointmentId).getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expectDialogOpen(dialog, 'the Cancel appointment popup is open');
    expect(await dialog.getByText(MSG.cancelRefund(feeOf('Clinic Visit')), { exact: true }).count()).toBe(1);
    expect(await dialog.getByText(MSG.cancelWarning, { exact: true }).count()).toBe(0);
    await expectNoA11yViolations(page, `the refund cancel popup at ${width} px`);
    await shot(page, 'cancel-refund', width, false);
    await dialog.getByRole('button', { name: 'Yes, cancel it', exact: true }).click();
    await expectToast(page, 'status', MSG.deleted);
    const cancelled = card(page, e.appointmentId);
    await expect.poll(async () => (await openEarlier(page), factNow(cancelled, 'Status')), { message: 'Cancelled', timeout: STEP_MS }).toBe('Cancelled');
    const refundLine = new RegExp(`^Refund of ₹${feeOf('Clinic Visit')} (started|completed)$`);
    expect(await cancelled.getByText(refundLine).count(), 'the refund line').toBe(1);
    await expectNoA11yViolations(page, `the refunded card at ${width} px`);
    await shot(page, 'refund-started', width);
  });

  test("a completed consultation shows its prescription and Card order; Pay Now pays the order through the sandbox", async () => {
    const staff = people.account(admin);
    await call('POST', `/staff/appointments/${c._id}/complete`, staff.token, {
      complain: 'Seasonal cough',
      diagnosis: 'Allergic rhinitis',
      remedies: [{ medicineName: 'Bryonia alba', dosage: '4 pills', frequency: 'Twice a day' }],
      potency: '30C',
      duration: '2 weeks',
      pharmacyName: 'Sahaj Pharmacy',
      pharmacyId: 'PH-1',
      instructions: 'Avoid coffee.',
      showMedicine: true,
    });
    const page = await open(context);
    await gotoAppointments(page);
    const done = card(page, c.appointmentId);
    expect(await fact(done, 'Status')).toBe('Completed');
    expect(await done.getByText(MSG.orderPending, { exact: true }).count(), 'no order yet').toBe(1);
    expect(await done.getByText(/^Fee not paid/).count(), 'a completed consultation is settled: no fee notice').toBe(0);

    // An order line written by hand at its price, filled at the first location (no tax or delivery fee set).
    const [where] = await call<Array<{ _id: string }>>('GET', '/staff/pharmacies', staff.token);
    await call('POST', `/staff/appointments/${c._id}/order`, staff.token, {
      lines: [{ name: 'Remedies as prescribed', quantity: 1, unitPrice: 349.5 }],
      paymentMode: 'Card',
      locationId: where!._id,
      fulfilment: 'pickup',
    });
    await gotoAppointments(page);
    const withOrder = card(page, c.appointmentId);
    const prescription = withOrder.getByRole('region', { name: 'Prescription' });
    expect(await prescription.getByRole('cell', { name: 'Bryonia alba' }).count()).toBe(1);
    expect(await fact(prescription, 'Potency')).toBe('30C');
    const orderSection = withOrder.getByRole('region', { name: 'Pharmacy order' });
    expect((await fact(orderSection, 'Total')).replace(/[\s,]/g, '')).toBe('₹349.50');
    expect(await fact(orderSection, 'Payment mode')).toBe('Card');
    expect(await fact(orderSection, 'Payment status')).not.toBe('Completed');
    await expectNoA11yViolations(page, `/myappointment with a completed consultation at ${width} px`);
    await shot(page, 'completed', width);

    await orderSection.getByRole('button', { name: 'Pay Now', exact: true }).click();
    await payAtSandbox(page, 349.5, width, 'order');
    await page.waitForURL((url) => url.hash.startsWith('#/paymentsuccess?for=order'), { timeout: STEP_MS });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: "the order's success heading", timeout: STEP_MS })
      .toBe('Order payment received');
    await expect.poll(() => page.getByRole('timer').innerText(), { message: 'the countdown', timeout: STEP_MS }).toMatch(/^Going to My appointments in [1-5] seconds?\.$/);
    await shot(page, 'order-success', width);
    await expect.poll(() => routeOf(page), { message: 'the countdown ends on My appointments', timeout: STEP_MS }).toBe('/myappointment');

    const paidOrder = card(page, c.appointmentId).getByRole('region', { name: 'Pharmacy order' });
    // Paid, the completed appointment asks for nothing more: it sits in the collapsed Earlier group.
    await expect
      .poll(async () => (await openEarlier(page), factNow(paidOrder, 'Payment status')), { message: 'the order is paid', timeout: STEP_MS })
      .toBe('Completed');
    expect(await paidOrder.getByText('You have already paid ₹349.50.').count()).toBe(1);
    expect(await paidOrder.getByRole('button', { name: 'Pay Now' }).count(), 'nothing left to pay').toBe(0);
    await shot(page, 'order-paid', width);
  });

  test("Help offers chat, call and email from the clinic's configured contacts", async () => {
    // Help is for a chat, video or call consultation: its own patient with a Video one.
    const helped = people.account(helpEmail(width));
    await bookOnlineVideo(helped);
    const context = await signedInContext(site.browser, viewport, helped.token);
    const page = await open(context);
    // The chat opens WhatsApp in a new tab: answered here, so the real site is never loaded.
    const opened: string[] = [];
    await context.route('https://wa.me/**', (route) => {
      opened.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>chat</p>' });
    });
    try {
      await gotoAppointments(page);
      await page.getByRole('button', { name: 'Help', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Help with your consultation' });
      await expectDialogOpen(dialog, 'the Help popup is open');
      const chat = dialog.getByRole('link', { name: /^Chat on WhatsApp/ });
      await expect.poll(() => chat.count(), { message: 'the contacts loaded', timeout: STEP_MS }).toBe(1);
      const chatHref = `https://wa.me/${HELP.chatDigits}?text=${encodeURIComponent('Hello, I want help.')}`;
      expect(await chat.getAttribute('href')).toBe(chatHref);
      expect(await chat.getAttribute('target')).toBe('_blank');
      expect(await dialog.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe(HELP.tel);
      expect(await dialog.getByRole('link', { name: /^Email / }).getAttribute('href')).toBe(HELP.email);
      await expectNoA11yViolations(page, `the Help popup at ${width} px`);
      await shot(page, 'help', width, false);

      const [popup] = await Promise.all([context.waitForEvent('page', { timeout: STEP_MS }), chat.click()]);
      await popup.waitForLoadState('load');
      expect(popup.url()).toBe(chatHref);
      expect(new URL(popup.url()).searchParams.get('text')).toBe('Hello, I want help.');
      expect(opened).toEqual([chatHref]);
      await popup.close();
      expect(routeOf(page), 'the page itself stays').toBe('/myappointment');
    } finally {
      await context.close();
    }
  });
});
