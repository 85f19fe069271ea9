// The consultation itself (issue 13) in a real browser, at 1280 and 375 px, against the production
// server and its real clock. Before the server starts, its embedded database is prepared
// (support/preparedSite.ts): for each width a patient with paid appointments with the online doctor
// Dr. Kavita Iyer, placed around the time the test runs (clinic time): a Video that starts in 3
// minutes (its join window, 10 minutes before the start, is open), a Video in 3 hours (not yet), a
// Call in 2 hours and a Call in 5 minutes (the second width's one minute later); a third account; the doctor's account (the command
// line's make-doctor). For each width:
// - the patient's card shows "Join video consultation" (a new tab, the Jitsi room) for the first,
//   "opens at ..." for the second, and "Dr. Kavita Iyer will call you on +91 98220 12345 at ..."
//   for the Call; axe-clean; screenshot consultation-patient-<width>;
// - the third account gets 404 for that appointment's consultation and sees no join link;
// - the doctor opens the appointment in the console: the person consulted, the registration, the
//   same room's join link; the Call in 6 minutes: a tel: link, and "Note: no answer" stored (a
//   toast, the consultation record); screenshots consultation-doctor-<width>.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { runClinicCommand } from '../../server/cli';
import { pgliteDir } from '../../server/db/open';
import { openPGliteDir } from '../../server/db/pglite';
import { expectNoA11yViolations, screenshot, useSite, type Viewport } from './harness';
import { preparedPeople, signedInContext, type Account } from './support/preparedSite';
import { expectToast, STEP_MS } from './support/ui';

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
const inMinutes = (minutes: number) => clinicAt(new Date(Date.now() + minutes * 60_000));

type Kind = 'videoNow' | 'videoLater' | 'callLater' | 'callNow';
const plan: Record<Kind, { type: 'Video' | 'Call'; minutes: number }> = {
  videoNow: { type: 'Video', minutes: 3 },
  videoLater: { type: 'Video', minutes: 180 },
  callLater: { type: 'Call', minutes: 120 },
  callNow: { type: 'Call', minutes: 5 },
};
/** Appointment ids by width and kind; their clinic times. */
const ids = new Map<string, string>();
const times = new Map<string, { date: string; time: string }>();

async function prepare(dataDir: string): Promise<void> {
  await people.prepare(dataDir);
  const db = await openPGliteDir(pgliteDir(dataDir));
  try {
    const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
    const doctorId = await one('select id from doctors where email = $1', [kavita]);
    const locationId = await one("select id from locations where name = 'Aundh'");
    let n = 900000;
    for (const [index, width] of [DESKTOP.width, PHONE.width].entries()) {
      const userId = await one('select id from users where email = $1', [patientOf(width)]);
      for (const [kind, { type, minutes }] of Object.entries(plan)) {
        // The widths' slots one minute apart: one doctor is never booked twice for one slot.
        const at = inMinutes(minutes + index);
        times.set(`${width} ${kind}`, at);
        const id = await one(
          `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
             consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
             holds_slot, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, 500, 'Asha', 'Deshpande', $8, '9822012345', 34, 'female', 'Booked', 'paid', $9, true, now(), now())
           returning id`,
          [`SHC-26-${++n}`, userId, doctorId, locationId, at.date, at.time, type, patientOf(width), `E2E${n}`],
        );
        ids.set(`${width} ${kind}`, id);
      }
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

/** "10:05 am": the card's way of saying a clinic time. */
const spoken = (time: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(`1970-01-01T${time}:00Z`));

describe.each([DESKTOP, PHONE])('the consultation at $width px', (viewport) => {
  const width = viewport.width;
  let roomUrl = '';

  test('the patient: Join video consultation now, when the later one opens, and who calls on which number', async () => {
    const page = await pageFor(viewport, people.account(patientOf(width)));
    await page.goto(site.url('/myappointment'));
    const join = page.getByRole('link', { name: /Join video consultation/ });
    await join.first().waitFor({ timeout: STEP_MS });
    expect(await join.count()).toBe(1);
    roomUrl = (await join.getAttribute('href')) ?? '';
    expect(roomUrl).toMatch(/^https:\/\/meet\.jit\.si\/[a-f0-9]{32}$/);
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await join.getAttribute('rel')).toContain('noopener');

    const later = times.get(`${width} videoLater`)!;
    const opens = clinicAt(new Date(Date.parse(`${later.date}T${later.time}:00+05:30`) - 10 * 60_000));
    const opensText = opens.date === clinicAt(new Date()).date ? `Join video consultation opens at ${spoken(opens.time)}.` : 'Join video consultation opens on';
    await page.getByText(opensText).first().waitFor({ timeout: STEP_MS });

    const call = times.get(`${width} callLater`)!;
    await page.getByText(`Dr. Kavita Iyer will call you on +91 98220 12345 at ${spoken(call.time)}.`).waitFor({ timeout: STEP_MS });
    await expectNoA11yViolations(page, `patient's consultations at ${width}`);
    await screenshot(page, `consultation-patient-${width}`);
  });

  test('a third account gets 404 and no link', async () => {
    const account = people.account(thirdEmail);
    const page = await pageFor(viewport, account);
    await page.goto(site.url('/myappointment'));
    await page.getByText('No Appointments Found.').waitFor({ timeout: STEP_MS });
    // Asked outside the page (a 404 in the page would be a console error the harness refuses).
    const refused = await fetch(`${site.server.url}/api/appointment/${ids.get(`${width} videoNow`)}/consultation`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toMatch(/meet\.jit\.si/);
    expect(await page.getByRole('link', { name: /Join video consultation/ }).count()).toBe(0);
  });

  test("the doctor: the person, the registration and the same room; the Call's tel: link and a no-answer note", async () => {
    const page = await pageFor(viewport, people.account(kavita));
    await page.goto(site.url(`/staff/appointments/${ids.get(`${width} videoNow`)}`));
    const panel = page.getByRole('region', { name: 'Teleconsultation' });
    await panel.waitFor({ timeout: STEP_MS });
    const join = panel.getByRole('link', { name: /Join video consultation/ });
    await join.waitFor({ timeout: STEP_MS });
    expect(await join.getAttribute('href')).toBe(roomUrl);
    await panel.getByText('Asha Deshpande, 34, Female').waitFor();
    await panel.getByText('Maharashtra Council of Homoeopathy, MH-HOM-57126').waitFor();
    await expectNoA11yViolations(page, `doctor's video consultation at ${width}`);
    await screenshot(page, `consultation-doctor-video-${width}`);

    await page.goto(site.url(`/staff/appointments/${ids.get(`${width} callNow`)}`));
    const callPanel = page.getByRole('region', { name: 'Teleconsultation' });
    const tel = callPanel.getByRole('link', { name: 'Call +91 98220 12345' });
    await tel.waitFor({ timeout: STEP_MS });
    expect(await tel.getAttribute('href')).toBe('tel:+919822012345');
    await callPanel.getByLabel('Note for the clinic (optional)').fill('Rang twice, switched off');
    await callPanel.getByRole('button', { name: 'Note: no answer' }).click();
    await expectToast(page, 'status', 'Noted: the clinic will follow up.');
    await callPanel.getByText(/Call not answered: doctor, .* — Rang twice, switched off/).waitFor({ timeout: STEP_MS });
    await expectNoA11yViolations(page, `doctor's call at ${width}`);
    await screenshot(page, `consultation-doctor-call-${width}`);
  });
});
