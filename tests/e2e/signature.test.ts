// A doctor's signature in a real browser, at 1280 and 375 px, against the production server:
// Dr. Meera Kulkarni (a doctor account) opens the staff console's "My signature", chooses a PNG of
// her signature (the file field; a preview, then Upload, or Replace at the second width), sees it
// on file; then completes yesterday's paid clinic visit of a patient (its consultation, through
// the API her console calls) and the prescription PDF carries the image: `pdfimages -list` lists
// an image of the re-encoded size (600 x 200, with its soft mask). axe on the section; screenshots
// in test-results/screenshots/signature-*.png.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoA11yViolations, screenshot, useSite, type Viewport } from './harness';
import { clinicDate, demoSeed as seed } from './support/clinic';
import { preparedPeople, signedInContext } from './support/preparedSite';
import { pgliteDir } from '../../server/db/open';
import { openPGliteDir } from '../../server/db/pglite';
import { freePort } from './support/server.mjs';
import { expectToast, STEP_MS } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };
const meera = 'meera.kulkarni@sahaj-clinic.example';
const admin = 'clinic.admin@signature-e2e.example';
const patientEmail = (width: number) => `rekha.${width}@signature-e2e.example`;

const people = preparedPeople(
  [
    { email: admin, firstName: 'Kiran', lastName: 'Rao' },
    { email: meera, firstName: 'Meera', lastName: 'Kulkarni' },
    { email: patientEmail(DESKTOP.width), firstName: 'Rekha', lastName: 'Joshi' },
    { email: patientEmail(PHONE.width), firstName: 'Rekha', lastName: 'Joshi' },
  ],
  { admin },
);

const pastVisits = new Map<string, string>();

/** Yesterday's paid Clinic Visit with Dr. Meera for each patient (a booking made now could not be completed yet). */
async function preparePastVisits(dataDir: string): Promise<void> {
  const db = await openPGliteDir(pgliteDir(dataDir));
  try {
    const doctor = seed.doctors.find((d) => d.email === meera)!;
    const fee = seed.fees.find((f) => f.consultationType === 'Clinic Visit')!.consultationFee;
    for (const [index, viewport] of [DESKTOP, PHONE].entries()) {
      const email = patientEmail(viewport.width);
      const { rows } = await db.query<{ id: string }>(
        `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
           consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id, holds_slot,
           created_at, updated_at)
         values ($1, (select id from users where email = $2), (select id from doctors where email = $3), (select id from locations where name = $4),
           $5, $6, 'Clinic Visit', $7, 'Rekha', 'Joshi', $2, '9822012345', 41, 'female', 'Booked', 'paid', $8, false, now(), now())
         returning id`,
        [`SHC-26-${910001 + index}`, email, meera, doctor.locations[0]!, clinicDate(-1), `1${index}:30`, fee, `E2ESIG${910001 + index}`],
      );
      const id = rows[0]!.id;
      await db.query(
        `insert into payments (merchant_order_id, provider, purpose, appointment_id, user_id, amount_paise, status, created_at, updated_at, settled_at)
         values ($1, 'sandbox', 'appointment', $2, (select id from users where email = $3), $4, 'paid', now(), now(), now())`,
        [`E2ESIG${910001 + index}`, id, email, Math.round(fee * 100)],
      );
      pastVisits.set(email, id);
    }
  } finally {
    await db.close();
  }
}

const site = useSite(async () => {
  const port = await freePort();
  return {
    port,
    prepare: async (dataDir: string) => {
      await people.prepare(dataDir);
      await preparePastVisits(dataDir);
    },
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox' },
  };
});

async function api(method: string, url: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${site.server.url}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const work = mkdtempSync(path.join(os.tmpdir(), 'clinic-signature-e2e-'));
let signatureFile = '';

beforeAll(async () => {
  // Dr. Meera's account acts as her doctor record (the admin gives the role, as the console's Accounts does).
  const role = await api('PUT', '/staff/accounts/role', people.account(admin).token, { email: meera, role: 'doctor' });
  expect(role.status, await role.clone().text()).toBe(200);
  // A wide signature in dark ink on a transparent background: the server fits it within 600 x 200.
  signatureFile = path.join(work, 'meera-signature.png');
  const svg = '<svg width="1200" height="400"><path d="M40 300 C 200 40, 360 380, 520 160 S 900 60, 1160 260" fill="none" stroke="#0b2a6b" stroke-width="18"/></svg>';
  writeFileSync(signatureFile, await sharp({ create: { width: 1200, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([{ input: Buffer.from(svg) }]).png().toBuffer());
});

const prescription = {
  complain: 'Recurring headaches in the afternoon',
  diagnosis: 'Tension headache',
  remedies: [{ medicineName: 'Natrum muriaticum', dosage: '4 pills', frequency: 'Twice a day' }],
  potency: '200C',
  duration: '15 days',
  pharmacyName: 'Sahaj Pharmacy',
  pharmacyId: 'PH-1',
  instructions: 'Drink enough water.',
  showMedicine: true,
};

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('the doctor\'s signature at $viewport.width px', ({ label, viewport }) => {
  let closeContext: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await closeContext?.();
  });

  test('My signature takes a PNG, shows it on file, and the prescription PDF draws it', async () => {
    const doctor = people.account(meera);
    const context = await signedInContext(site.browser, viewport, doctor.token);
    closeContext = () => context.close();
    const { page } = await site.open(context);
    // No signature on file yet: GET .../signature answers 204 No Content, so the console logs no error.
    await page.goto(`${site.server.url}/#/staff/signature`, { waitUntil: 'load' });
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'My signature' }).count(), { timeout: STEP_MS }).toBe(1);
    await page.getByLabel('Signature image (PNG, JPEG or WebP, at most 2 MB)').setInputFiles(signatureFile);
    await expect.poll(() => page.getByRole('img', { name: 'The chosen image' }).count(), { timeout: STEP_MS }).toBe(1);
    await page.getByRole('button', { name: /^(Upload|Replace) signature$/ }).click();
    await expectToast(page, 'status', 'Signature saved.');
    const onFile = page.getByRole('img', { name: /^Signature of / });
    await expect.poll(() => onFile.count(), { timeout: STEP_MS }).toBe(1);
    // The image on file is the server's PNG, loaded: it has its size.
    await expect.poll(() => onFile.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: STEP_MS }).toBe(600);
    await expectNoA11yViolations(page, `My signature at ${viewport.width}`);
    await screenshot(page, `signature-${label}`);

    // The consultation completed, its prescription carries the image.
    const appointmentId = pastVisits.get(patientEmail(viewport.width))!;
    const completed = await api('POST', `/staff/appointments/${appointmentId}/complete`, doctor.token, prescription);
    expect(completed.status, await completed.clone().text()).toBe(200);
    const pdf = await api('GET', `/records/appointments/${appointmentId}/prescription.pdf`, doctor.token);
    expect(pdf.status).toBe(200);
    const file = path.join(work, `prescription-${label}.pdf`);
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const listed = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).map((line) => line.trim().split(/\s+/));
    // page num type width height ...: the signature and its transparency (soft mask), 600 x 200.
    const sized = listed.filter((cols) => cols[3] === '600' && cols[4] === '200').map((cols) => cols[2]);
    expect(sized, listed.map((c) => c.join(' ')).join('\n')).toEqual(expect.arrayContaining(['image', 'smask']));
  });
});
