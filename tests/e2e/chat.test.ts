// A Chat consultation (issue 13) in a real browser, at 1280 and 375 px, against the production
// server, its real clock and its embedded database. Before the server starts, the database is
// prepared (support/preparedSite.ts, as tests/e2e/consultation.test.ts does): for each width a
// patient with a paid Chat appointment with the online doctor Dr. Kavita Iyer starting in 3
// minutes (the chat opens 10 minutes before the start, so it is open); a third account; the
// doctor's account (the command line's make-doctor). For each width, in two browser contexts:
// - the patient opens the chat on the card and writes; the doctor's Today list counts it unread;
// - the doctor opens the appointment in the console and sees it; replies: the reply appears on the
//   patient's page without a reload (the stream), timed;
// - the patient sends a photo (a JPEG made here): it appears in the doctor's console, loaded;
// - a third account gets 404 from the chat's endpoints (the conversation, the stream, the photo);
// - axe-clean on both pages; screenshots chat-patient-<width>, chat-doctor-<width>.
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { runClinicCommand } from '../../server/cli';
import { pgliteDir } from '../../server/db/open';
import { openPGliteDir } from '../../server/db/pglite';
import { expectNoA11yViolations, screenshot, useSite, type Viewport } from './harness';
import { preparedPeople, signedInContext, type Account } from './support/preparedSite';
import { STEP_MS } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };
const kavita = 'kavita.iyer@sahaj-clinic.example';
const adminEmail = 'clinic.admin@clinic-e2e.example';
const thirdEmail = 'someone.else@clinic-e2e.example';
const patientOf = (width: number) => `asha.${width}@clinic-e2e.example`;

const people = preparedPeople(
  [
    { email: adminEmail, firstName: 'Kiran', lastName: 'Sawant' },
    { email: thirdEmail, firstName: 'Ravi', lastName: 'Kale' },
    { email: kavita, firstName: 'Kavita', lastName: 'Iyer' },
    ...[DESKTOP, PHONE].map((v) => ({ email: patientOf(v.width), firstName: 'Asha', lastName: 'Deshpande' })),
  ],
  { admin: adminEmail },
);

/** The clinic's date and time (Asia/Kolkata) of an instant, `YYYY-MM-DD` and `HH:MM`. */
function clinicAt(at: Date): { date: string; time: string } {
  const shifted = new Date(at.getTime() + 330 * 60_000);
  return { date: shifted.toISOString().slice(0, 10), time: shifted.toISOString().slice(11, 16) };
}

/** Chat appointment ids by width. */
const ids = new Map<number, string>();

async function prepare(dataDir: string): Promise<void> {
  await people.prepare(dataDir);
  const db = await openPGliteDir(pgliteDir(dataDir));
  try {
    const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
    const doctorId = await one('select id from doctors where email = $1', [kavita]);
    const locationId = await one("select id from locations where name = 'Aundh'");
    let n = 910000;
    for (const [index, width] of [DESKTOP.width, PHONE.width].entries()) {
      const userId = await one('select id from users where email = $1', [patientOf(width)]);
      // The widths' slots one minute apart: one doctor is never booked twice for one slot.
      const at = clinicAt(new Date(Date.now() + (3 + index) * 60_000));
      const id = await one(
        `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
           consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
           holds_slot, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 'Chat', 500, 'Asha', 'Deshpande', $7, '9822012345', 34, 'female', 'Booked', 'paid', $8, true, now(), now())
         returning id`,
        [`SHC-26-${++n}`, userId, doctorId, locationId, at.date, at.time, patientOf(width), `E2E${n}`],
      );
      ids.set(width, id);
    }
  } finally {
    await db.close();
  }
  const said: string[] = [];
  const status = await runClinicCommand(['make-doctor', kavita], { DATA_DIR: dataDir }, { out: (l) => said.push(l), err: (l) => said.push(l) });
  if (status !== 0) throw new Error(`make-doctor failed: ${said.join('\n')}`);
}

const site = useSite(async () => ({ prepare }));

const contexts: BrowserContext[] = [];
async function pageFor(viewport: Viewport, account: Account): Promise<Page> {
  const context = await signedInContext(site.browser, viewport, account.token);
  contexts.push(context);
  return (await site.open(context)).page;
}
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** Waits until a message with this text is in the chat log of the page. */
async function seen(page: Page, text: string): Promise<void> {
  await page.getByRole('log', { name: 'Messages' }).getByText(text, { exact: true }).waitFor({ timeout: STEP_MS });
}

describe.each([DESKTOP, PHONE])('the chat at $width px', (viewport) => {
  const width = viewport.width;
  test("the patient writes, the doctor's list counts it, the doctor replies and the patient's photo reaches the doctor, live", async () => {
    // Each test's pages close after it (the harness): the conversation is one test.
    const patient = await pageFor(viewport, people.account(patientOf(width)));
    await patient.goto(site.url('/myappointment'));
    const chat = patient.getByRole('region', { name: 'Chat with your doctor' });
    await chat.getByRole('button', { name: 'Open the chat' }).click();
    const box = chat.getByLabel('Your message');
    await box.fill('Hello doctor, the rash on my arm is worse today.');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await seen(patient, 'Hello doctor, the rash on my arm is worse today.');
    expect(await box.inputValue()).toBe('');

    const doctor = await pageFor(viewport, people.account(kavita));
    await doctor.goto(site.url('/staff/today'));
    const row = doctor.getByRole('article').filter({ hasText: 'Asha Deshpande' }).filter({ hasText: '1 unread message' });
    await row.first().waitFor({ timeout: STEP_MS });
    await doctor.goto(site.url(`/staff/appointments/${ids.get(width)}`));
    await doctor.getByRole('region', { name: 'Chat with the patient' }).waitFor({ timeout: STEP_MS });
    await seen(doctor, 'Hello doctor, the rash on my arm is worse today.');

    const reply = `Since when? Please send a photo. (${width})`;
    const doctorChat = doctor.getByRole('region', { name: 'Chat with the patient' });
    await doctorChat.getByLabel('Your message').fill(reply);
    const sentAt = Date.now();
    await doctorChat.getByLabel('Your message').press('Enter');
    await seen(patient, reply);
    // Through the stream (no reload): a second is the aim; a loaded machine gets a step's time.
    console.log(`chat e2e ${width}: the reply appeared on the patient's page ${Date.now() - sentAt} ms after Enter`);

    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 110, b: 100 } } }).jpeg().toBuffer();
    const patientChat = patient.getByRole('region', { name: 'Chat with your doctor' });
    const [posted] = await Promise.all([
      patient.waitForResponse((r) => r.url().endsWith('/chat/photos') && r.request().method() === 'POST', { timeout: STEP_MS }),
      patientChat.getByLabel('Send a photo').setInputFiles({ name: 'rash.jpg', mimeType: 'image/jpeg', buffer: jpeg }),
    ]);
    expect(posted.status()).toBe(200);
    const photo = doctorChat.getByRole('img', { name: /^Photo from Asha Deshpande, / });
    await photo.waitFor({ timeout: STEP_MS });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: STEP_MS }).toBe(320);
    expect(await photo.getAttribute('src')).toMatch(/^blob:/);
    await patientChat.getByRole('img', { name: /^Photo from You, / }).waitFor({ timeout: STEP_MS });

    // The photo's box never widens the page (it once did at 375 px).
    for (const page of [patient, doctor]) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoA11yViolations(patient, `patient's chat at ${width}`);
    await expectNoA11yViolations(doctor, `doctor's chat at ${width}`);
    await screenshot(patient, `chat-patient-${width}`);
    await screenshot(doctor, `chat-doctor-${width}`);
  });

  test('a third account gets 404 from the chat, its stream and its photo', async () => {
    const account = people.account(thirdEmail);
    const base = `${site.server.url}/api/appointment/${ids.get(width)}/chat`;
    // The photo the patient sent, as the patient's own call lists it.
    const own = await fetch(base, { headers: { authorization: `Bearer ${people.account(patientOf(width)).token}` } });
    const photoId = ((await own.json()) as { messages: Array<{ photo: { id: string } | null }> }).messages.find((m) => m.photo)?.photo?.id;
    expect(photoId).toBeTruthy();
    // Asked outside the page (a 404 in the page would be a console error the harness refuses).
    for (const path of ['', '/stream', `/photos/${photoId}`]) {
      const refused = await fetch(base + path, { headers: { authorization: `Bearer ${account.token}` } });
      expect(refused.status, path || '/chat').toBe(404);
      expect(await refused.text()).not.toContain('rash');
    }
    const written = await fetch(`${base}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Let me in' }),
    });
    expect(written.status).toBe(404);
  });
});
