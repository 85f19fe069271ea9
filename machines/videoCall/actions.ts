/**
 * The video call machine's setup (types, actors the app provides, ./guards.ts, the reconnect
 * delay, its actions: the context's changes and the commands to the call actor): `videoCallSetup`,
 * from which the chart (./videoCallMachine.ts) is made; and how a device failure reads.
 */
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { Consultation } from '../../contract/consultation.js';
import type { VideoJoin } from '../../contract/video.js';
import { asApiFailure } from '../failures.js';
import { initialContext, reconnectMs, restartMs, type DeviceProblem, type VideoCallContext, type VideoCallInput } from './context.js';
import type { CallCommand, VideoCallEvent } from './events.js';
import { videoCallGuards } from './guards.js';

export interface CallActorInput {
  join: VideoJoin;
  token: string;
  audioOnly: boolean;
}

export const videoCallSetup = setup({
  types: {} as { context: VideoCallContext; events: VideoCallEvent; input: VideoCallInput },
  actors: {
    // Declared with their types; the app provides the real ones (src/components/Video).
    openDevices: fromPromise<void, { audioOnly: boolean }>(() => {
      throw new Error('openDevices is provided by the app');
    }),
    joinCall: fromPromise<VideoJoin, { appointmentId: string; tab: string; token: string }>(() => {
      throw new Error('joinCall is provided by the app');
    }),
    admit: fromPromise<void, { appointmentId: string; tab: string; token: string }>(() => {
      throw new Error('admit is provided by the app');
    }),
    switchToCall: fromPromise<Consultation, { appointmentId: string; tab: string; token: string }>(() => {
      throw new Error('switchToCall is provided by the app');
    }),
    call: fromCallback<CallCommand, CallActorInput>(() => {
      throw new Error('call is provided by the app');
    }),
  },
  guards: videoCallGuards,
  delays: { reconnect: reconnectMs, restartAgain: restartMs },
  actions: {
    storeDeviceProblem: assign({ deviceProblem: (_, params: { problem: DeviceProblem }) => params.problem }),
    clearDeviceProblem: assign({ deviceProblem: null }),
    toggleAudioOnly: assign({ audioOnly: ({ context }) => !context.audioOnly }),
    storeJoin: assign({ join: (_, params: { join: VideoJoin }) => params.join, peerPresent: (_, params: { join: VideoJoin }) => params.join.peerPresent, failure: null }),
    storeFailure: assign({ failure: (_, params: { error: unknown }) => asApiFailure(params.error) }),
    storePeer: assign({ peerPresent: ({ context, event }) => (event.type === 'call.peer' ? event.present : context.peerPresent) }),
    storeQuality: assign({ quality: ({ context, event }) => (event.type === 'call.quality' ? event.quality : context.quality) }),
    end: assign({ ended: (_, params: { reason: VideoCallContext['ended'] }) => params.reason }),
    // Join again: a new tab id, and nothing of the last call but the choice of sound only.
    startAgain: assign(({ context }, params: { tab: string }) => ({ ...initialContext({ ...context, tab: params.tab }), audioOnly: context.audioOnly })),
    // Commands to the call actor.
    negotiate: sendTo('call', { type: 'negotiate' } satisfies CallCommand),
    restart: sendTo('call', { type: 'restart' } satisfies CallCommand),
    tellAudioOnly: sendTo('call', ({ context }: { context: VideoCallContext }) => ({ type: 'audioOnly', on: context.audioOnly }) satisfies CallCommand),
  },
});

/** How a device failure reads (DOMException names of getUserMedia). */
export function deviceProblemOf(error: unknown): DeviceProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotReadableError' || name === 'AbortError') return 'inUse';
  return 'other';
}
