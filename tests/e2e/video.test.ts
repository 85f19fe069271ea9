// The portal's own video in a real browser with Chromium's fake camera and microphone
// (--use-fake-ui-for-media-stream grants them, --use-fake-device-for-media-stream makes them),
// against the production server (VIDEO_PROVIDER=portal, the default) and its real clock, with
// Debian's coturn on this machine as its TURN server (TURN_URLS, TURN_SECRET), reached through a
// UDP relay the test can cut (support/coturn.ts). Before the server starts: two paid Videos with
// Dr. Kavita Iyer that start in 3 and 4 minutes (their join windows are open). One server and one
// browser for both cases; every wait is on a condition, none a fixed time.
//
// 1. Direct (VIDEO_ICE_POLICY unset: all). The patient at 375 px, the doctor at 1280:
//    - the patient's card: the device check (the camera's preview, the microphone's level),
//      "Nothing is recorded"; Join; "The doctor will let you in"; screenshots
//      video-patient-check-<width> and video-patient-waiting-<width> at both widths;
//    - a third account is refused the seat (404);
//    - the doctor's console: Join, "Asha Deshpande is waiting." with the consent line, Admit;
//    - both see and hear the other: frames shown by the remote video element and inbound audio
//      energy growing, on each side (support/videoMedia.ts); screenshots video-doctor-live-<width>;
//    - the patient leaves, then Join again: a new device check and seat in the same page (no
//      reload), and both see and hear again.
// 2. TURN only: the join answers as with VIDEO_ICE_POLICY=relay (the answer's iceTransportPolicy;
//    the server's side of the setting: tests/server/video.test.ts). Both connect with a relay
//    candidate pair through coturn and see and hear; then the patient's network is cut (its TURN
//    flows dropped at the relay, its page offline): both pages say "Reconnecting"; restored, the
//    call resumes by an ICE restart with fresh credentials, through coturn again, frames and
//    sound flowing.
import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, useSite, type Viewport } from './harness';
import { startCoturn, startTurnCut, type Coturn, type TurnCut } from './support/coturn';
import { signedInContext, type Account } from './support/preparedSite';
import { clinicAt, kavita, patientOf, preparePaidOnline, teleconsultPeople, thirdEmail } from './support/teleconsult';
import { STEP_MS } from './support/ui';
import { atStage, callMedia, seesAndHears, watchPeerConnections } from './support/videoMedia';

const people = teleconsultPeople();
const turnSecret = 'a-coturn-static-auth-secret-for-e2e';
let videoId = '';
let relayedId = '';
let coturn: Coturn | null = null;
let turnCut: TurnCut | null = null;

const site = useSite(async () => {
  coturn = await startCoturn(turnSecret);
  turnCut = await startTurnCut(coturn.port);
  return {
    prepare: async (dataDir: string) => {
      await people.prepare(dataDir);
      [videoId = '', relayedId = ''] = await preparePaidOnline(dataDir, [
        { width: PHONE.width, type: 'Video', at: clinicAt(new Date(Date.now() + 3 * 60_000)), number: 910001 },
        { width: DESKTOP.width, type: 'Video', at: clinicAt(new Date(Date.now() + 4 * 60_000)), number: 910002 },
      ]);
    },
    env: { TURN_URLS: `turn:127.0.0.1:${turnCut.port}?transport=udp`, TURN_SECRET: turnSecret },
    browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  };
});
afterAll(() => {
  turnCut?.stop();
  coturn?.stop();
});

/** A watched page signed in as `account`, its peer connections in the test's sight. */
async function callPage(viewport: Viewport, account: Account) {
  const context = await signedInContext(site.browser, viewport, account.token);
  await watchPeerConnections(context);
  const { page, watch } = await site.open(context);
  page.once('close', () => void context.close().catch(() => undefined));
  return { page, watch, context };
}

async function atBothWidths(page: Page, name: string, last: Viewport) {
  for (const viewport of [PHONE, DESKTOP].filter((v) => v !== last).concat([last])) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${viewport.width}`);
  }
}

/** The doctor's console for `id`: Join, then Admit the patient who waits. */
async function doctorAdmits(doctor: Page, id: string) {
  await doctor.goto(site.url(`/staff/appointments/${id}`));
  const console_ = doctor.getByRole('region', { name: 'Video consultation' });
  const doctorJoin = console_.getByRole('button', { name: 'Join the consultation' });
  await expect.poll(() => doctorJoin.isEnabled(), { timeout: STEP_MS }).toBe(true);
  await doctorJoin.click();
  await console_.getByText('Asha Deshpande is waiting.').waitFor({ timeout: STEP_MS });
  await console_.getByRole('button', { name: 'Admit' }).click();
  return console_;
}

/** The patient's card: the device check done, Join, then the waiting room. */
async function patientJoins(patient: Page) {
  const call = patient.getByRole('region', { name: 'Video consultation' });
  const join = call.getByRole('button', { name: 'Join the consultation' });
  await expect.poll(() => join.isEnabled(), { timeout: STEP_MS }).toBe(true);
  await join.click();
  return call;
}

/** The answers to video/join as with VIDEO_ICE_POLICY=relay. */
async function relayOnly(page: Page) {
  await page.route('**/api/appointment/*/video/join', async (route) => {
    try {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), iceTransportPolicy: 'relay' } });
    } catch {
      // The page went (the test's end) while its join was asked, or the join failed: the page says so.
      await route.abort().catch(() => undefined);
    }
  });
}

describe('the portal video', () => {
  test('device check, waiting room, admitted, live: both see and hear the other; Join again in the same page', async () => {
    const { page: patient } = await callPage(PHONE, people.account(patientOf(PHONE.width)));
    await patient.goto(site.url('/myappointment'));
    const call = patient.getByRole('region', { name: 'Video consultation' });
    await call.getByText('Nothing is recorded.', { exact: false }).waitFor({ timeout: STEP_MS });
    await expect.poll(() => call.getByRole('button', { name: 'Join the consultation' }).isEnabled(), { timeout: STEP_MS }).toBe(true);
    await call.getByLabel('Microphone level').waitFor();
    await patient.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.video-call__preview')?.videoWidth ?? 0) > 0, undefined, { timeout: STEP_MS });
    await expectNoA11yViolations(patient, "the patient's device check");
    await atBothWidths(patient, 'video-patient-check', PHONE);
    await patientJoins(patient);
    await call.getByText('The doctor will let you in.').waitFor({ timeout: STEP_MS });
    await atBothWidths(patient, 'video-patient-waiting', PHONE);

    // Nobody else takes a seat (asked outside the page: a 404 in it would be a console error).
    const refused = await fetch(`${site.server.url}/api/appointment/${videoId}/video/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${people.account(thirdEmail).token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 'tab-thirdthirdthird' }),
    });
    expect(refused.status).toBe(404);

    const { page: doctor } = await callPage(DESKTOP, people.account(kavita));
    const console_ = await doctorAdmits(doctor, videoId);
    await Promise.all([seesAndHears(doctor, 'the doctor at 1280'), seesAndHears(patient, 'the patient at 375')]);
    await console_.getByRole('button', { name: 'Switch to a call' }).waitFor();
    await expectNoA11yViolations(doctor, "the doctor's live video");
    await atBothWidths(doctor, 'video-doctor-live', DESKTOP);

    // Leave, then Join again: the same page (no reload), a new device check and seat, the call again.
    await patient.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await call.getByRole('button', { name: 'Leave' }).click();
    await call.getByRole('button', { name: 'Join again' }).click();
    await patientJoins(patient);
    await Promise.all([seesAndHears(doctor, 'the doctor, after the patient joined again'), seesAndHears(patient, 'the patient, joined again')]);
    expect(await patient.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("TURN only: a relay pair through coturn; the patient's network cut and restored, the call resumes", async () => {
    const { page: patient, watch, context } = await callPage(PHONE, people.account(patientOf(DESKTOP.width)));
    const { page: doctor } = await callPage(DESKTOP, people.account(kavita));
    await Promise.all([relayOnly(patient), relayOnly(doctor)]);
    await patient.goto(site.url('/myappointment'));
    const call = await patientJoins(patient);
    await call.getByText('The doctor will let you in.').waitFor({ timeout: STEP_MS });
    await doctorAdmits(doctor, relayedId);
    for (const [page, what] of [[patient, 'the patient'], [doctor, 'the doctor']] as const) {
      const media = await seesAndHears(page, `${what}, relayed`);
      expect({ local: media.local, remote: media.remote }, `${what}'s selected candidate pair`).toEqual({ local: 'relay', remote: 'relay' });
    }

    // The patient's network goes: its requests fail while offline (the page's console says so).
    watch.allow(/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/);
    turnCut!.cut('patient');
    await context.setOffline(true);
    await Promise.all([atStage(patient, 'reconnecting'), atStage(doctor, 'reconnecting')]);
    await call.getByText('The connection dropped. Reconnecting…').waitFor();
    await screenshot(patient, `video-patient-reconnecting-${PHONE.width}`);

    turnCut!.restore();
    await context.setOffline(false);
    for (const [page, what] of [[patient, 'the patient'], [doctor, 'the doctor']] as const) {
      const media = await seesAndHears(page, `${what}, after the network came back`, { timeout: 45_000 });
      expect(media.local, `${what}'s candidate after the restart`).toBe('relay');
    }
    expect((await callMedia(patient)).stage).toBe('live');
  });
});
