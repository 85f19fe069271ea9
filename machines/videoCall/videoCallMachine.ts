/**
 * The portal's own video call, on the patient's card and in the doctor's console
 * (docs/consultations.md; the server: server/services/video.ts):
 *
 * - CheckingDevices: the camera and microphone are opened (`openDevices`, the app's: the preview and
 *   the level meter show them); refused (`deviceProblem`: the page's words), retried, or changed
 *   (another camera, sound only); Join takes the seat (`joinCall`: POST video/join).
 * - In the call, its `call` actor (the app's: the signalling stream and the RTCPeerConnection)
 *   reports what happens and takes commands (negotiate, restart, audio only); it hangs up when
 *   it stops (leaving the call, whatever the reason):
 *   Waiting (the patient: "The doctor will let you in"; the doctor: who waits, Admit), Admitting,
 *   Admitted (the browsers negotiate), Connecting, Live, Reconnecting (ICE restarts with fresh
 *   TURN credentials, every `restartMs`, the same link: `reconnectMs` before it fails), Switching (the doctor: the
 *   consultation becomes a Call).
 * - Ended (hung up, opened elsewhere, switched to a Call, the window closed; after a hang-up or
 *   another tab, Join again: a new device check and a new tab's seat, without reloading the page)
 *   and Failed (the join or a reconnect failed: Try again).
 */
import { deviceProblemOf, videoCallSetup } from './actions.js';
import { initialContext, type VideoCallContext } from './context.js';

export type { CallActorInput } from './actions.js';

const tabInput = ({ context }: { context: VideoCallContext }) => ({ appointmentId: context.appointmentId, tab: context.tab, token: context.token });

export const videoCallMachine = videoCallSetup.createMachine({
  id: 'videoCall',
  description: "The portal's own one-to-one video: the device check, the waiting room, the call, its reconnects and its end.",
  context: ({ input }) => initialContext(input),
  initial: 'CheckingDevices',
  states: {
    CheckingDevices: {
      description: 'The camera preview, the microphone level and the choice of devices, before joining.',
      initial: 'Opening',
      on: { 'audioOnly.toggle': { target: '.Opening', actions: 'toggleAudioOnly' }, 'devices.change': '.Opening' },
      states: {
        Opening: {
          description: 'Asking the browser for the camera and the microphone.',
          entry: 'clearDeviceProblem',
          invoke: {
            src: 'openDevices',
            input: ({ context }) => ({ audioOnly: context.audioOnly }),
            onDone: 'Ready',
            onError: { target: 'Refused', actions: { type: 'storeDeviceProblem', params: ({ event }) => ({ problem: deviceProblemOf(event.error) }) } },
          },
        },
        Ready: { description: 'The preview shows; Join is offered.', on: { join: '#videoCall.Joining' } },
        Refused: { description: 'The browser gave no camera or microphone: what to do, and Try again.', on: { 'devices.retry': 'Opening' } },
      },
    },
    Joining: {
      description: "Taking this side's seat (and this consultation's TURN credentials).",
      invoke: {
        src: 'joinCall',
        input: tabInput,
        onDone: { target: 'InCall', actions: { type: 'storeJoin', params: ({ event }) => ({ join: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    InCall: {
      description: 'The signalling stream and the peer connection run (the call actor).',
      invoke: {
        id: 'call',
        src: 'call',
        input: ({ context }) => ({ join: context.join!, token: context.token, audioOnly: context.audioOnly }),
      },
      on: {
        'call.peer': { actions: 'storePeer' },
        'call.quality': { actions: 'storeQuality' },
        'audioOnly.toggle': { actions: ['toggleAudioOnly', 'tellAudioOnly'] },
        'call.ended': { target: 'Ended', actions: { type: 'end', params: ({ event }) => ({ reason: event.reason }) } },
        hangUp: { target: 'Ended', actions: { type: 'end', params: { reason: 'hungUp' } } },
      },
      initial: 'Entering',
      states: {
        Entering: {
          description: 'Already admitted (a rejoin) or not yet.',
          always: [{ guard: 'isAdmitted', target: 'Admitted' }, { target: 'Waiting' }],
        },
        Waiting: {
          description: 'The patient: "The doctor will let you in". The doctor: who waits, and Admit.',
          on: { 'call.admitted': 'Admitted', admit: { guard: 'canAdmit', target: 'Admitting' } },
        },
        Admitting: {
          description: 'The doctor lets the patient in.',
          invoke: {
            src: 'admit',
            input: tabInput,
            onDone: 'Admitted',
            onError: { target: 'Waiting', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        Admitted: {
          description: 'Both may now connect: the browsers negotiate once both are there.',
          entry: 'negotiate',
          on: { 'call.connecting': 'Connecting', 'call.connected': 'Live' },
        },
        Connecting: {
          description: 'The browsers look for a way to each other (directly, or through the TURN server).',
          on: { 'call.connected': 'Live', 'call.disconnected': 'Reconnecting' },
        },
        Live: {
          description: 'Both see and hear each other; the quality shows; sound only; the doctor may switch to a Call.',
          on: { 'call.disconnected': 'Reconnecting', switchToCall: { guard: 'isDoctor', target: 'Switching' } },
        },
        Reconnecting: {
          description: 'The connection dropped or the network changed: ICE restarts, without a new link, until connected or `reconnectMs` passed.',
          on: { 'call.connected': 'Live' },
          after: { reconnect: '#videoCall.Failed' },
          initial: 'Restarting',
          states: {
            Restarting: {
              description: 'Fresh TURN credentials and an ICE restart; again every `restartMs` (a restart made while the network was down is lost).',
              entry: 'restart',
              after: { restartAgain: { target: 'Restarting', reenter: true } },
            },
          },
        },
        Switching: {
          description: "The doctor makes the consultation a Call: the patient's page says the doctor will call.",
          invoke: {
            src: 'switchToCall',
            input: tabInput,
            onDone: { target: '#videoCall.Ended', actions: { type: 'end', params: { reason: 'switched' } } },
            onError: { target: 'Live', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    Ended: {
      description: 'Hung up, opened elsewhere, switched to a Call, or the window closed: the words say which. After a hang-up or another tab: Join again (a new device check and a new seat, in the same page).',
      on: { rejoin: { guard: 'canRejoin', target: 'CheckingDevices', actions: { type: 'startAgain', params: ({ event }) => ({ tab: event.tab }) } } },
    },
    Failed: { description: 'The join or a reconnect failed: Try again (the same seat).', on: { retry: 'Joining' } },
  },
});
