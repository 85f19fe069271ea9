// The portal's own video in a real browser with Chromium's fake camera and microphone
// (--use-fake-ui-for-media-stream grants them, --use-fake-device-for-media-stream makes them),
// against the production server (VIDEO_PROVIDER=portal, the default) and its real clock. Before
// the server starts: a paid Video with Dr. Kavita Iyer that starts in 3 minutes (its join window is
// open). One call, the patient at 375 px and the doctor at 1280:
// - the patient's card: the device check (the camera's preview, the microphone's level), "Nothing
//   is recorded"; Join; "The doctor will let you in"; screenshots video-patient-check-<width> and
//   video-patient-waiting-<width> at both widths;
// - a third account is refused the seat (404);
// - the doctor's console: the device check, Join, "Asha Deshpande is waiting." with the consent
//   line, Admit; both pages then show the other side's video playing (frames decoded: a width, a
//   moving currentTime); screenshots video-doctor-live-<width> at both widths.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, useSite } from './harness';
import { clinicAt, kavita, patientOf, preparePaidOnline, signedInPages, teleconsultPeople, thirdEmail } from './support/teleconsult';
import { STEP_MS } from './support/ui';

const people = teleconsultPeople();
let videoId = '';

const site = useSite(async () => ({
  prepare: async (dataDir: string) => {
    await people.prepare(dataDir);
    const at = clinicAt(new Date(Date.now() + 3 * 60_000));
    [videoId = ''] = await preparePaidOnline(dataDir, [{ width: PHONE.width, type: 'Video', at, number: 910001 }]);
  },
  browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
}));
const pageFor = signedInPages(site);

/** The other side's video plays: frames decoded and time moving on. */
async function remotePlays(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('.video-call__remote');
      if (!v || v.readyState < 2 || v.videoWidth === 0 || v.paused) return false;
      const seen = Number(v.dataset.seen ?? '-1');
      v.dataset.seen = String(v.currentTime);
      return seen >= 0 && v.currentTime > seen;
    },
    undefined,
    { timeout: STEP_MS, polling: 300 },
  );
}

async function atBothWidths(page: Page, name: string, last: typeof DESKTOP) {
  for (const viewport of [PHONE, DESKTOP].filter((v) => v !== last).concat([last])) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${viewport.width}`);
  }
}

describe('the portal video', () => {
  test('device check, waiting room, admitted, live: both see the other', async () => {
    const patient = await pageFor(PHONE, people.account(patientOf(PHONE.width)));
    await patient.goto(site.url('/myappointment'));
    const call = patient.getByRole('region', { name: 'Video consultation' });
    await call.getByText('Nothing is recorded.', { exact: false }).waitFor({ timeout: STEP_MS });
    const join = call.getByRole('button', { name: 'Join the consultation' });
    await expect.poll(() => join.isEnabled(), { timeout: STEP_MS }).toBe(true);
    await call.getByLabel('Microphone level').waitFor();
    await patient.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.video-call__preview')?.videoWidth ?? 0) > 0, undefined, { timeout: STEP_MS });
    await expectNoA11yViolations(patient, "the patient's device check");
    await atBothWidths(patient, 'video-patient-check', PHONE);
    await join.click();
    await call.getByText('The doctor will let you in.').waitFor({ timeout: STEP_MS });
    await atBothWidths(patient, 'video-patient-waiting', PHONE);

    // Nobody else takes a seat (asked outside the page: a 404 in it would be a console error).
    const refused = await fetch(`${site.server.url}/api/appointment/${videoId}/video/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${people.account(thirdEmail).token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 'tab-thirdthirdthird' }),
    });
    expect(refused.status).toBe(404);

    const doctor = await pageFor(DESKTOP, people.account(kavita));
    await doctor.goto(site.url(`/staff/appointments/${videoId}`));
    const console_ = doctor.getByRole('region', { name: 'Video consultation' });
    const doctorJoin = console_.getByRole('button', { name: 'Join the consultation' });
    await expect.poll(() => doctorJoin.isEnabled(), { timeout: STEP_MS }).toBe(true);
    await doctorJoin.click();
    await console_.getByText('Asha Deshpande is waiting.').waitFor({ timeout: STEP_MS });
    await console_.getByRole('button', { name: 'Admit' }).click();

    await Promise.all([remotePlays(doctor), remotePlays(patient)]);
    await console_.getByRole('button', { name: 'Switch to a call' }).waitFor();
    await expectNoA11yViolations(doctor, "the doctor's live video");
    await atBothWidths(doctor, 'video-doctor-live', DESKTOP);
  });
});
