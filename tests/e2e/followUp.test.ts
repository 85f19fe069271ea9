// A consultation's follow-up in a real browser, at 1280 and 375 px, against the production server
// with the sandbox payment provider. Each test, at each width, has its own patient with yesterday's
// paid clinic visit with Dr. Meera Kulkarni, completed by the admin with a prescription asking for
// a follow-up (written before the server starts: a consultation is completed from its join window
// on). Then on /#/myappointment, whose past part opens by itself while the follow-up waits:
// - one follow-up "after 1 week": its card offers the soonest free times (those the server's offer
//   lists), and a tap opens the Book Appointment popup with the doctor, place, type, day and time;
// - a course "2 visits, every week": the visits proposed, reviewed and booked with Book all; the
//   list shows them as upcoming, each unpaid; "Add all to calendar" downloads one .ics holding both.
// axe and no sideways scroll at each step; screenshots in test-results/screenshots/follow-up-*.png.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import type { FollowUpOffer } from '../../contract/followUps';
import { useSite, type Viewport } from './harness';
import { clinicDate, demoSeed as seed } from './support/clinic';
import { writePaidVisits } from './support/paidVisits';
import { preparedPeople, signedInContext } from './support/preparedSite';
import { freePort } from './support/server.mjs';
import { expectDialogOpen, expectToast, STEP_MS, reviewScreen } from './support/ui';

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };
const meera = 'meera.kulkarni@sahaj-clinic.example';
const admin = 'clinic.admin@follow-up-e2e.example';
const kinds = ['single', 'course'] as const;
const patientEmail = (kind: string, width: number) => `vaishali.${kind}.${width}@follow-up-e2e.example`;
const patients = [DESKTOP, PHONE].flatMap((v) => kinds.map((kind) => patientEmail(kind, v.width)));
const people = preparedPeople(
  [{ email: admin, firstName: 'Kiran', lastName: 'Rao' }, ...patients.map((email) => ({ email, firstName: 'Vaishali', lastName: 'Patil' }))],
  { admin },
);
const location = seed.doctors.find((d) => d.email === meera)!.locations[0]!;
/** Each patient's completed visit, by email. */
const visits = new Map<string, string>();

const site = useSite(async () => {
  const port = await freePort();
  return {
    port,
    prepare: async (dataDir: string) => {
      await people.prepare(dataDir);
      const fee = seed.fees.find((f) => f.consultationType === 'Clinic Visit')!.consultationFee;
      const ids = await writePaidVisits(
        dataDir,
        patients.map((email, index) => ({
          email,
          doctorEmail: meera,
          location,
          date: clinicDate(-1),
          time: `1${index}:00`,
          consultationType: 'Clinic Visit' as const,
          fee,
          number: 930001 + index,
          firstName: 'Vaishali',
          lastName: 'Patil',
        })),
      );
      for (const [index, email] of patients.entries()) visits.set(email, ids[index]!);
    },
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox' },
  };
});

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${site.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The admin completes `email`'s visit with a prescription asking for this follow-up. */
async function complete(email: string, times: number): Promise<string> {
  const id = visits.get(email)!;
  await api('POST', `/staff/appointments/${id}/complete`, people.account(admin).token, {
    complain: 'Eczema on both hands, itching at night',
    diagnosis: 'Atopic dermatitis',
    remedies: [{ medicineName: 'Sulphur', dosage: '4 pills', frequency: 'Twice a day' }],
    potency: '30C',
    duration: '14 days',
    pharmacyName: '',
    pharmacyId: '',
    instructions: 'Keep the hands dry.',
    showMedicine: true,
    followUp: { kind: 'after', every: 1, unit: 'weeks', times },
  });
  return id;
}

/** A screen checked (axe, no sideways scroll) and photographed, without toasts. */
const review = (page: Page, name: string, width: number) => reviewScreen(page, `follow-up-${name}-${width}`, `${name} at ${width} px`);

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('the follow-up at $viewport.width px', ({ viewport }) => {
  const width = viewport.width;
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  async function myAppointments(email: string): Promise<{ page: Page; block: Locator }> {
    const context = await signedInContext(site.browser, viewport, people.account(email).token);
    contexts.push(context);
    const { page } = await site.open(context);
    await page.goto(`${site.server.url}/#/myappointment`, { waitUntil: 'load' });
    const block = page.getByRole('region', { name: 'Your follow-up', exact: true });
    // The past part opened by itself: the follow-up is visible without unfolding anything.
    await expect.poll(() => block.isVisible(), { message: 'the follow-up on the completed card', timeout: STEP_MS }).toBe(true);
    return { page, block };
  }

  test('one follow-up: the soonest free times, and a tap opens the booking popup on one', async () => {
    const email = patientEmail('single', width);
    const id = await complete(email, 1);
    const offer = await api<FollowUpOffer>('GET', `/followup/${id}`, people.account(email).token);
    expect(offer.slots.length, 'free times near the due date').toBeGreaterThan(0);
    const { page, block } = await myAppointments(email);
    await expect.poll(() => block.innerText(), { timeout: STEP_MS }).toContain('Dr. Meera Kulkarni asked to see you again: After 1 week, from');
    const times = block.getByRole('list', { name: 'Free times for your follow-up' }).getByRole('button');
    await expect.poll(() => times.count(), { timeout: STEP_MS }).toBe(offer.slots.length);
    await review(page, 'single', width);

    await times.first().click();
    const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
    await expectDialogOpen(dialog, 'the Book Appointment popup');
    const first = offer.slots[0]!;
    const field = (label: string) => dialog.getByLabel(label, { exact: true }).inputValue();
    await expect.poll(() => field('Doctor'), { message: 'the doctor chosen', timeout: STEP_MS }).toBe(meera);
    expect(await field('Location')).toBe(location);
    expect(await field('Consultation type')).toBe('Clinic Visit');
    expect(await field('Date')).toBe(first.date);
    // The slot tapped is the one chosen in the popup's slot list.
    const radio = dialog.getByRole('group', { name: 'Time slot' }).getByRole('radio', { name: first.startTime, exact: true });
    await expect.poll(() => radio.isChecked(), { message: `slot ${first.startTime} is chosen`, timeout: STEP_MS }).toBe(true);
    await review(page, 'single-popup', width);
  });

  test('a course: proposed, booked with Book all, listed as upcoming, and one .ics holding every visit', async () => {
    const email = patientEmail('course', width);
    await complete(email, 2);
    const { page, block } = await myAppointments(email);
    await expect.poll(() => block.innerText(), { timeout: STEP_MS }).toContain('asked to see you again: 2 visits, every week');
    const series = block.getByRole('list', { name: 'Your follow-up visits' }).getByRole('listitem');
    await expect.poll(() => series.count(), { timeout: STEP_MS }).toBe(2);
    await review(page, 'course', width);

    await block.getByRole('button', { name: 'Review and book these visits' }).click();
    const confirm = block.getByRole('group', { name: 'Book these visits?' });
    await expect.poll(() => confirm.innerText(), { timeout: STEP_MS }).toContain('2 appointments, each its own booking');
    await review(page, 'course-confirm', width);
    await confirm.getByRole('button', { name: 'Book all' }).click();
    await expectToast(page, 'status', 'Your follow-up visits are booked. Pay each one from My appointments to confirm it.');
    await expect.poll(() => block.getByText('Your follow-up visits are booked', { exact: true }).count(), { timeout: STEP_MS }).toBe(1);
    // The list loaded again: both visits are upcoming, each held unpaid.
    const upcoming = page.getByRole('region', { name: 'Upcoming', exact: true }).locator('.appointment-card', { hasText: 'Fee not paid' });
    await expect.poll(() => upcoming.count(), { message: 'the two visits upcoming', timeout: STEP_MS }).toBe(2);
    await review(page, 'course-booked', width);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), block.getByRole('button', { name: 'Add all to calendar' }).click()]);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('Dr. Meera Kulkarni');

    // Cancel all asks once more, in place; No keeps the visits.
    await block.getByRole('button', { name: 'Cancel all remaining visits' }).click();
    const ask = block.getByRole('group', { name: 'Cancel all remaining visits' });
    expect(await ask.innerText()).toContain('Cancel every follow-up visit that has not begun? Paid fees are not refunded.');
    await review(page, 'course-cancel-ask', width);
    await ask.getByRole('button', { name: 'No, keep them' }).click();
    await expect.poll(() => block.getByRole('button', { name: 'Cancel all remaining visits' }).count(), { timeout: STEP_MS }).toBe(1);
    expect(await upcoming.count(), 'both visits kept').toBe(2);
  });
});
