/** The video call machine's context and input (./videoCallMachine.ts). */
import type { VideoJoin } from '../../contract/video.js';
import type { ApiFailure } from '../failures.js';

export interface VideoCallInput {
  appointmentId: string;
  token: string;
  /** This tab's own random id (the seat it takes: contract/video.ts VideoTab); a new one for Join again. */
  tab: string;
}

/** Why the browser gave no camera or microphone: refused by the person, none there, in use elsewhere, or another reason. */
export type DeviceProblem = 'denied' | 'notFound' | 'inUse' | 'other';

/** How the call ended: hung up, another tab took it, the doctor switched to a Call, the window closed or the appointment changed. */
export type EndReason = 'hungUp' | 'elsewhere' | 'switched' | 'over';

/** The connection's quality, from getStats: round-trip time and lost packets. */
export type Quality = 'good' | 'fair' | 'poor' | 'unknown';

export interface VideoCallContext extends VideoCallInput {
  deviceProblem: DeviceProblem | null;
  /** Camera off: sound only (chosen in the device check or during the call). */
  audioOnly: boolean;
  join: VideoJoin | null;
  /** The other side holds its seat (the doctor's console: the patient waits). */
  peerPresent: boolean;
  quality: Quality;
  ended: EndReason | null;
  failure: ApiFailure | null;
}

/** How long the call may try to reconnect (a new network, ICE restarts) before it gives up. */
export const reconnectMs = 45_000;

/**
 * How often an ICE restart is tried again while reconnecting: a restart made while the network is
 * down (its join and its offer lost) must be made again once it is back.
 */
export const restartMs = 5_000;

export const initialContext = (input: VideoCallInput): VideoCallContext => ({
  ...input,
  deviceProblem: null,
  audioOnly: false,
  join: null,
  peerPresent: false,
  quality: 'unknown',
  ended: null,
  failure: null,
});
