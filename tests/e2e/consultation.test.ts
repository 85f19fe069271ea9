// The consultation itself in a real browser, at 1280 and 375 px, against the production
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
import { describe, expect, test } from 'vitest';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, useSite } from './harness';
import { clinicAt, kavita, patientOf, preparePaidOnline, signedInPages, teleconsultPeople, thirdEmail } from './support/teleconsult';
import { expectToast, STEP_MS } from './support/ui';

const people = teleconsultPeople();
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
  let n = 900000;
  const wanted = [DESKTOP.width, PHONE.width].flatMap((width, index) =>
    Object.entries(plan).map(([kind, { type, minutes }]) => {
      // The widths' slots one minute apart: one doctor is never booked twice for one slot.
      const at = inMinutes(minutes + index);
      times.set(`${width} ${kind}`, at);
      return { key: `${width} ${kind}`, width, type, at, number: ++n };
    }),
  );
  const made = await preparePaidOnline(dataDir, wanted);
  wanted.forEach(({ key }, i) => ids.set(key, made[i]!));
}

// The Jitsi rooms (VIDEO_PROVIDER=jitsi); the portal's own video: video.test.ts.
const site = useSite(async () => ({ prepare, env: { VIDEO_PROVIDER: 'jitsi' } }));
const pageFor = signedInPages(site);

/** "10:05": the card's way of saying a clinic time (24-hour, as the booking popup's slots). */
const spoken = (time: string) => time;

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
