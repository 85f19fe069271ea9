// The patient's record in a real browser, at 1280 and 375 px, against the production
// server with the sandbox payment provider and a mail catcher. Each test, at each width, has its
// own patient (name in Devanagari on the booking) with yesterday's paid clinic visit with Dr. Meera
// Kulkarni (written before the server starts: a consultation is completed from its join window on,
// which a booking made now has not reached), completed by the admin with a prescription (one
// remedy in Devanagari) and a Card order paid through the sandbox, so the tests pass in any order. Then:
// - /#/myremedies lists it under "Current remedies" with each remedy's dose and frequency as written;
//   the prescription and the fee receipt download as PDFs whose text (pdftotext) has the doctor's
//   registration number, the patient's name in Devanagari, the remedies and the amount;
// - another patient gets 404 for each document;
// - /#/account's "Download my data" downloads a zip of JSON and PDFs;
// - "Delete my account" sends a code to the account's address; with it the account is deleted,
//   the page goes home logged out, and the account can no longer log in.
// axe at each step; screenshots in test-results/screenshots/records-*.png.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoA11yViolations, screenshot, useSite, type Viewport } from './harness';
import { clinicDate, demoSeed as seed } from './support/clinic';
import { MailCatcher } from './support/mailCatcher';
import { preparedPeople, signedInContext, type Account } from './support/preparedSite';
import { writePaidVisits } from './support/paidVisits';
import { freePort } from './support/server.mjs';
import { expectToast, openEarlier, STEP_MS } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };
const meera = 'meera.kulkarni@sahaj-clinic.example';
const admin = 'clinic.admin@records-e2e.example';
const patientEmail = (width: number) => `sunita.${width}@records-e2e.example`;
const closingEmail = (width: number) => `asha.${width}@records-e2e.example`;
const strangerEmail = 'stranger@records-e2e.example';

const mailbox = new MailCatcher();
const people = preparedPeople(
  [
    { email: admin, firstName: 'Kiran', lastName: 'Rao' },
    { email: patientEmail(DESKTOP.width), firstName: 'Sunita', lastName: 'Kshatriya' },
    { email: patientEmail(PHONE.width), firstName: 'Sunita', lastName: 'Kshatriya' },
    { email: closingEmail(DESKTOP.width), firstName: 'Asha', lastName: 'Kulkarni' },
    { email: closingEmail(PHONE.width), firstName: 'Asha', lastName: 'Kulkarni' },
    { email: strangerEmail, firstName: 'Other', lastName: 'Person' },
  ],
  { admin },
);

/** Yesterday's paid visit of each patient whose record the tests read, by email (written before the server starts). */
const pastVisits = new Map<string, { _id: string; appointmentId: string; consultationFee: number; location: string }>();

/**
 * For each patient a test completes a visit of: yesterday's Clinic Visit with Dr. Meera at her
 * first location, Booked and paid (its sandbox payment settled), written into the data directory
 * before the server opens it (PGlite lets one process in at a time).
 */
async function preparePastVisits(dataDir: string): Promise<void> {
  const doctor = seed.doctors.find((d) => d.email === meera)!;
  const location = doctor.locations[0]!;
  const fee = seed.fees.find((f) => f.consultationType === 'Clinic Visit')!.consultationFee;
  const emails = [DESKTOP, PHONE].flatMap((v) => [patientEmail(v.width), closingEmail(v.width)]);
  const visits = emails.map((email, index) => ({
    email,
    doctorEmail: meera,
    location,
    date: clinicDate(-1),
    time: `1${index}:00`,
    consultationType: 'Clinic Visit' as const,
    fee,
    number: 900001 + index,
    firstName: 'सुनीता',
    lastName: 'क्षत्रिय',
  }));
  const ids = await writePaidVisits(dataDir, visits);
  for (const [index, email] of emails.entries()) {
    pastVisits.set(email, { _id: ids[index]!, appointmentId: `SHC-26-${900001 + index}`, consultationFee: fee, location });
  }
}

const site = useSite(async () => {
  await mailbox.start();
  const port = await freePort();
  return {
    port,
    prepare: async (dataDir: string) => {
      await people.prepare(dataDir);
      await preparePastVisits(dataDir);
    },
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox', SMTP_URL: mailbox.url },
  };
});
afterAll(async () => {
  await mailbox.stop();
});

const base = (): string => site.server.url;

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base()}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json: json as T };
}
async function ok<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await call<T>(method, path, token, body);
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json;
}

/** Pays a checkout of the sandbox the way its page's Pay button does. */
async function paySandbox(checkoutPageUrl: string): Promise<void> {
  const res = await fetch(`${new URL(checkoutPageUrl).pathname.replace(/^/, base())}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status, 'the sandbox Pay').toBeLessThan(400);
}

const prescription = {
  complain: 'Dry cough for two weeks, worse at night',
  diagnosis: 'Acute bronchitis',
  remedies: [
    { medicineName: 'Bryonia alba', dosage: '4 pills', frequency: 'Twice a day' },
    { medicineName: 'आर्निका मॉन्टाना', dosage: '2 pills', frequency: 'HS' },
  ],
  potency: '30C',
  duration: '30 days',
  pharmacyName: 'Sahaj Pharmacy',
  pharmacyId: 'PH-1',
  instructions: 'No coffee or mint while taking the remedies.',
  showMedicine: true,
};

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize('NFC');
}

async function downloadVia(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), path: path! };
}

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('the patient record at $viewport.width px', ({ viewport }) => {
  const width = viewport.width;
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  /**
   * What each test reads, made for it alone (so the tests pass in any order): `email`'s paid clinic
   * visit with Dr. Meera yesterday (preparePastVisits), completed by the admin with a prescription,
   * and its Card order paid through the sandbox; a browser signed in as them.
   */
  async function completedVisit(email: string) {
    const patient = people.account(email);
    const staff = people.account(admin);
    const { location, ...appointment } = pastVisits.get(email)!;
    await ok('POST', `/staff/appointments/${appointment._id}/complete`, staff.token, prescription);
    // An order line written by hand at its price, filled at the first location (no tax or delivery fee set).
    const [where] = await ok<Array<{ _id: string; name: string }>>('GET', '/staff/pharmacies', staff.token);
    const ordered = await ok<{ appointment: { order: { _id: string } } }>('POST', `/staff/appointments/${appointment._id}/order`, staff.token, {
      lines: [{ name: 'Remedies as prescribed', quantity: 1, unitPrice: 349.5 }],
      paymentMode: 'Card',
      locationId: where!._id,
      fulfilment: 'pickup',
    });
    const orderPay = await ok<{ checkoutPageUrl: string }>('POST', '/payment/create-order', patient.token, {
      pharmacyId: where!.name, // an order's pharmacy is the location that fills it
      orderId: ordered.appointment.order._id,
      amount: 34950,
    });
    await paySandbox(orderPay.checkoutPageUrl);
    const context = await signedInContext(site.browser, viewport, patient.token);
    contexts.push(context);
    return { patient, appointment, context, place: location };
  }

  test('My Remedies shows the current prescription; its prescription and receipt download as PDFs; others get 404', async () => {
    const { appointment, context, place } = await completedVisit(patientEmail(width));
    const page = (await site.open(context)).page;
    await page.goto(`${base()}/#/myremedies`, { waitUntil: 'load' });
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Current remedies' }).count(), { timeout: STEP_MS }).toBe(1);
    const card = page.locator('.prescription-card', { hasText: appointment.appointmentId });
    // Each remedy's dose and frequency exactly as the doctor wrote them, and nothing added.
    const remedyItems = card.locator('.remedy-list > li');
    expect(await remedyItems.allInnerTexts()).toHaveLength(2);
    expect(await remedyItems.nth(0).locator('.remedy-list__name').innerText()).toBe('Bryonia alba 30C');
    expect(await remedyItems.nth(0).locator('dd').allInnerTexts()).toEqual(['4 pills', 'Twice a day']);
    expect(await remedyItems.nth(1).locator('.remedy-list__name').innerText()).toBe('आर्निका मॉन्टाना 30C');
    expect(await remedyItems.nth(1).locator('dd').allInnerTexts()).toEqual(['2 pills', 'HS']);
    expect(await card.innerText()).not.toMatch(/morning|evening|bedtime|Take until/i);
    await expectNoA11yViolations(page, `/myremedies at ${width} px`);
    await screenshot(page, `records-remedies-${width}`);

    const rx = await downloadVia(page, () => card.getByRole('button', { name: 'Download prescription (PDF)' }).click());
    expect(rx.name).toBe(`prescription-${appointment.appointmentId}.pdf`);
    expect(readFileSync(rx.path).subarray(0, 5).toString()).toBe('%PDF-');
    const rxText = pdfText(rx.path);
    for (const expected of ['Dr. Meera Kulkarni', 'सुनीता', 'क्षत्रिय', 'BRYONIA ALBA 30C', 'Twice a day', 'आर्निका', `Clinic visit, ${place}`]) expect(rxText, expected).toContain(expected);
    // The demo seed's registration of Dr. Meera Kulkarni (server/seed/demo-clinic.json).
    const registration = (seed.doctors.find((d) => d.email === meera) as unknown as { registration: { number: string } }).registration.number;
    expect(rxText).toContain(registration);
    // The code under the signature, as a pharmacist would type it from the paper: the verify page
    // says the prescription is genuine, with the remedies as the doctor wrote them.
    const printed = /(?:[A-Z2-7]{4}-){6}[A-Z2-7]{2}/.exec(rxText)?.[0];
    expect(printed, 'the verification code printed under the signature').toBeDefined();
    const verify = await context.newPage();
    await verify.goto(`${base()}/verify/${printed!.replaceAll('-', '')}`, { waitUntil: 'load' });
    await expect.poll(() => verify.getByRole('heading', { level: 2, name: 'Genuine prescription' }).count(), { timeout: STEP_MS }).toBe(1);
    const remediesShown = await verify.locator('.verify-remedies').innerText();
    for (const expected of ['Bryonia alba', 'आर्निका मॉन्टाना', '4 pills', 'Twice a day']) expect(remediesShown, expected).toContain(expected);
    expect(await verify.getByText(`Code ${printed}`).count()).toBe(1);
    await expectNoA11yViolations(verify, `the verify page of a genuine prescription at ${width} px`);
    await screenshot(verify, `records-verify-genuine-${width}`);
    await verify.close();

    const receipt = await downloadVia(page, () => card.getByRole('button', { name: 'Download fee receipt (PDF)' }).click());
    expect(receipt.name).toBe(`receipt-${appointment.appointmentId}.pdf`);
    const receiptText = pdfText(receipt.path);
    expect(receiptText).toMatch(/RCT-\d{6}/);
    expect(receiptText).toContain(`₹${appointment.consultationFee.toFixed(2)}`);
    const orderReceipt = await downloadVia(page, () => card.getByRole('button', { name: 'Download order receipt (PDF)' }).click());
    expect(pdfText(orderReceipt.path)).toContain('₹349.50');

    // The prescription as a FHIR document (PrescriptionRecord of the NRCeS guide for ABDM): the doctor's words, the signed PDF.
    const fhirButton = card.getByRole('button', { name: 'Download health record (FHIR)' });
    await fhirButton.scrollIntoViewIfNeeded();
    await screenshot(page, `records-remedies-fhir-${width}`);
    const fhir = await downloadVia(page, () => fhirButton.click());
    expect(fhir.name).toBe(`prescription-${appointment.appointmentId}.fhir.json`);
    const bundle = JSON.parse(readFileSync(fhir.path, 'utf8')) as { resourceType: string; type: string; entry: Array<{ resource: Record<string, any> }> };
    expect([bundle.resourceType, bundle.type]).toEqual(['Bundle', 'document']);
    expect(bundle.entry[0]!.resource.meta.profile).toEqual(['https://nrces.in/ndhm/fhir/r4/StructureDefinition/PrescriptionRecord']);
    const requests = bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === 'MedicationRequest');
    expect(requests.map((r) => r.medicationCodeableConcept.text)).toEqual(['Bryonia alba 30C', 'आर्निका मॉन्टाना 30C']);
    expect(requests.map((r) => r.dosageInstruction[0].timing.code.text)).toEqual(['Twice a day', 'HS']);

    const stranger = people.account(strangerEmail);
    for (const url of [
      `/records/appointments/${appointment._id}/prescription.pdf`,
      `/records/appointments/${appointment._id}/receipt.pdf`,
      `/records/appointments/${appointment._id}/prescription.fhir.json`,
    ]) {
      expect((await call('GET', url, stranger.token)).status, url).toBe(404);
    }

    // The link from the completed appointment.
    await page.goto(`${base()}/#/myappointment`, { waitUntil: 'load' });
    const link = page.locator('article.appointment-card', { hasText: appointment.appointmentId }).getByRole('link', { name: 'My remedies: prescription and receipts' });
    // The completed appointment, paid up, is in the collapsed Earlier group.
    await expect.poll(async () => (await openEarlier(page), link.count()), { timeout: STEP_MS }).toBe(1);
    // The card offers the same documents itself (one download code with My Remedies).
    const appointmentCard = page.locator('article.appointment-card', { hasText: appointment.appointmentId });
    const cardButtons = appointmentCard.getByRole('button', { name: /^Download/ });
    expect(await cardButtons.allTextContents()).toEqual(['Download prescription (PDF)', 'Download fee receipt (PDF)', 'Download order receipt (PDF)']);
    await appointmentCard.scrollIntoViewIfNeeded();
    await expectNoA11yViolations(page, `/myappointment with documents at ${width} px`);
    await screenshot(page, `records-appointment-card-${width}`);
    const fromCard = await downloadVia(page, () => appointmentCard.getByRole('button', { name: 'Download prescription (PDF)' }).click());
    expect(fromCard.name).toBe(`prescription-${appointment.appointmentId}.pdf`);
    expect(pdfText(fromCard.path)).toContain('BRYONIA ALBA 30C');
    const cardReceipt = await downloadVia(page, () => appointmentCard.getByRole('button', { name: 'Download order receipt (PDF)' }).click());
    expect(pdfText(cardReceipt.path)).toContain('₹349.50');
  });

  test('Download my data gives a zip; Delete my account with an emailed code closes it for good', async () => {
    // Its own patient: closing the account must not take another test's records with it.
    const { patient, appointment, context } = await completedVisit(closingEmail(width));
    const page = (await site.open(context)).page;
    await page.goto(`${base()}/#/account`, { waitUntil: 'load' });
    const exportButton = page.getByRole('button', { name: 'Download my data' });
    await expect.poll(() => exportButton.count(), { timeout: STEP_MS }).toBe(1);
    const sendCode = page.getByRole('button', { name: 'Email me a code to delete my account' });
    await expect.poll(() => sendCode.count(), { timeout: STEP_MS }).toBe(1);
    expect(await page.getByText(/clinical records \(consultations, prescriptions\) for 3 years/).count()).toBe(1);
    await expectNoA11yViolations(page, `/account at ${width} px`);
    await screenshot(page, `records-account-${width}`);

    const zip = await downloadVia(page, () => exportButton.click());
    expect(zip.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = execFileSync('zipinfo', ['-1', zip.path], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toEqual(expect.arrayContaining(['profile.json', 'appointments.json', `prescriptions/prescription-${appointment.appointmentId}.pdf`]));

    const since = mailbox.count();
    await sendCode.click();
    const code = await mailbox.codeFor(patient.email, since);
    const field = page.getByLabel('Code from the email');
    await expect.poll(() => field.count(), { timeout: STEP_MS }).toBe(1);
    await field.fill(code);
    await expectNoA11yViolations(page, `/account, deleting, at ${width} px`);
    await screenshot(page, `records-delete-code-${width}`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, 'status', 'Your account is deleted. Thank you for trusting us with your care.');
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '', { timeout: STEP_MS });
    await expect.poll(() => page.getByRole('button', { name: /^Login/ }).count(), { timeout: STEP_MS }).toBeGreaterThan(0);
    await screenshot(page, `records-deleted-${width}`);

    // The old token is dead, and the address has no account to log in to.
    expect((await call('GET', '/auth/getuser', patient.token)).status).toBe(401);
    const login = await call('POST', '/auth/login', null, { email: patient.email, password: 'a long enough password 42' });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
  });
});
