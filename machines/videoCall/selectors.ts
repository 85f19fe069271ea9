/** What the video call's views read of its snapshot (./videoCallMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { videoCallMachine } from './videoCallMachine.js';

type Snapshot = SnapshotFrom<typeof videoCallMachine>;

/** One word per stage, for the page: checking, refused, joining, waiting, admitted, connecting, live, reconnecting, ended, failed. */
export type VideoStage = 'checking' | 'ready' | 'refused' | 'joining' | 'waiting' | 'admitting' | 'admitted' | 'connecting' | 'live' | 'reconnecting' | 'switching' | 'ended' | 'failed';

export function selectStage(s: Snapshot): VideoStage {
  if (s.matches({ CheckingDevices: 'Opening' })) return 'checking';
  if (s.matches({ CheckingDevices: 'Ready' })) return 'ready';
  if (s.matches({ CheckingDevices: 'Refused' })) return 'refused';
  if (s.matches('Joining')) return 'joining';
  if (s.matches({ InCall: 'Waiting' }) || s.matches({ InCall: 'Entering' })) return 'waiting';
  if (s.matches({ InCall: 'Admitting' })) return 'admitting';
  if (s.matches({ InCall: 'Admitted' })) return 'admitted';
  if (s.matches({ InCall: 'Connecting' })) return 'connecting';
  if (s.matches({ InCall: 'Live' })) return 'live';
  if (s.matches({ InCall: 'Reconnecting' })) return 'reconnecting';
  if (s.matches({ InCall: 'Switching' })) return 'switching';
  if (s.matches('Ended')) return 'ended';
  return 'failed';
}

export const selectDeviceProblem = (s: Snapshot) => s.context.deviceProblem;
export const selectAudioOnly = (s: Snapshot) => s.context.audioOnly;
export const selectPeerPresent = (s: Snapshot) => s.context.peerPresent;
export const selectQuality = (s: Snapshot) => s.context.quality;
export const selectEnded = (s: Snapshot) => s.context.ended;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectSide = (s: Snapshot) => s.context.join?.as ?? null;
