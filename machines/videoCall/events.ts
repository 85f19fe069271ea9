/**
 * What the video call machine (./videoCallMachine.ts) is sent: by the page (the person's
 * buttons), and by its `call` actor (the signalling stream and the RTCPeerConnection: the app's,
 * src/components/Video/callActor.ts), which it sends commands back.
 */
import type { DeviceProblem, EndReason, Quality } from './context.js';

export type VideoCallEvent =
  // The page.
  | { type: 'devices.retry' }
  | { type: 'devices.change' }
  | { type: 'join' }
  | { type: 'admit' }
  | { type: 'audioOnly.toggle' }
  | { type: 'switchToCall' }
  | { type: 'hangUp' }
  | { type: 'retry' }
  /** Join again after a hang-up or another tab took the call: a fresh random tab id (a new seat, so the other side is told). */
  | { type: 'rejoin'; tab: string }
  // The call actor.
  | { type: 'call.peer'; present: boolean }
  | { type: 'call.admitted' }
  | { type: 'call.connecting' }
  | { type: 'call.connected' }
  | { type: 'call.disconnected' }
  | { type: 'call.quality'; quality: Quality }
  | { type: 'call.ended'; reason: EndReason };

/** What the machine tells its call actor. */
export type CallCommand = { type: 'negotiate' } | { type: 'restart' } | { type: 'audioOnly'; on: boolean };

export type { DeviceProblem };
