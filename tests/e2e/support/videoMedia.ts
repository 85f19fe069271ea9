// What the video suite (tests/e2e/video.test.ts) reads of a page's call: the other side's frames
// as the video element counts them (getVideoPlaybackQuality), the other side's sound as WebRTC
// measures it (getStats: the inbound audio's totalAudioEnergy and audioLevel), and the selected
// candidate pair's types (host, srflx, prflx or relay on each end). The page's peer connections
// are seen through a subclass of RTCPeerConnection put in before the app runs (the app's code is
// unchanged; it is the test's window into the page).
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

export interface CallMedia {
  /** Frames the remote video element has shown so far. */
  frames: number;
  /** The inbound audio's total energy so far (grows while sound arrives), and its level now (0 to 1). */
  audioEnergy: number;
  audioLevel: number;
  /** The selected candidate pair's local and remote candidate types ('' before one is selected). */
  local: string;
  remote: string;
  /** The page's call stage (the section's data-stage). */
  stage: string;
}

/** Lets the test find the page's peer connections (window.__peerConnections). */
export async function watchPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const seen: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = seen;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        seen.push(this);
      }
    };
  });
}

/** The call's media in the page now (the latest open peer connection). */
export function callMedia(page: Page): Promise<CallMedia> {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
    const pc = all.filter((p) => p.connectionState !== 'closed').at(-1);
    const video = document.querySelector<HTMLVideoElement>('.video-call__remote');
    const stage = document.querySelector<HTMLElement>('.video-call')?.dataset.stage ?? '';
    const media = { frames: video ? video.getVideoPlaybackQuality().totalVideoFrames : 0, audioEnergy: 0, audioLevel: 0, local: '', remote: '', stage };
    if (!pc) return media;
    const report = await pc.getStats();
    let pairId = '';
    report.forEach((s: { type: string; kind?: string; selectedCandidatePairId?: string; totalAudioEnergy?: number; audioLevel?: number }) => {
      if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
      if (s.type === 'inbound-rtp' && s.kind === 'audio') {
        media.audioEnergy = s.totalAudioEnergy ?? 0;
        media.audioLevel = s.audioLevel ?? 0;
      }
    });
    const pair = pairId ? (report.get(pairId) as { localCandidateId: string; remoteCandidateId: string } | undefined) : undefined;
    if (pair) {
      media.local = (report.get(pair.localCandidateId) as { candidateType?: string } | undefined)?.candidateType ?? '';
      media.remote = (report.get(pair.remoteCandidateId) as { candidateType?: string } | undefined)?.candidateType ?? '';
    }
    return media;
  });
}

/**
 * Waits until the page shows the other side and hears it: from a first reading, at least
 * `frames` more frames shown and more audio energy received (the fake microphone's beeps), the
 * call live. Answers the last reading.
 */
export async function seesAndHears(page: Page, what: string, { frames = 15, timeout = 20_000 } = {}): Promise<CallMedia> {
  const first = await callMedia(page);
  let last = first;
  await expect
    .poll(
      async () => {
        last = await callMedia(page);
        return last.stage === 'live' && last.frames >= first.frames + frames && last.audioEnergy > first.audioEnergy;
      },
      { message: `${what}: frames and sound from the other side (last: ${JSON.stringify(last)})`, timeout, interval: 250 },
    )
    .toBe(true);
  return last;
}

/** Waits until the page's call is at `stage` (the section's data-stage). */
export async function atStage(page: Page, stage: string, timeout = 20_000): Promise<void> {
  await page.locator(`.video-call[data-stage="${stage}"]`).waitFor({ timeout });
}
