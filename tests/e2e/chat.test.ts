// A Chat consultation in a real browser, at 1280 and 375 px, against the production
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
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, useSite } from './harness';
import { chatAppointmentsByWidth, kavita, patientOf, signedInPages, teleconsultPeople, thirdEmail } from './support/teleconsult';
import { STEP_MS } from './support/ui';

const people = teleconsultPeople();

const { ids, prepare } = chatAppointmentsByWidth(people, 910001);

const site = useSite(async () => ({ prepare }));
const pageFor = signedInPages(site);

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
