/**
 * The patient's place in today's queue, on My Appointment ("2 before you, about 15 minutes"):
 * read once (GET /appointment/{id}/queue), then followed live over the place's stream (Server-Sent
 * Events, GET /appointment/{id}/queue/stream) while the patient is in the line or the room.
 * Before check-in nothing changes live, so the place is asked again every `pollMs` (an `after`
 * delay; 60 s): a patient checked in at the desk sees their place within a minute, and from then
 * on every change within a second.
 *
 * States: Loading, Idle (not in today's queue yet, or the read failed: asked again after
 * `pollMs`), Live (the stream is open), Reconnecting (the stream dropped or the server asked:
 * after `reconnectMs`, read again), Finished (seen or missed: final).
 *
 * Input: `{ appointmentId, token, pollMs?, reconnectMs? }` (./context.ts). Actors (the app
 * provides them, tests fakes): `loadPlace` { appointmentId, token } -> QueuePlace (rejects with
 * an ApiFailure); `stream` { appointmentId, token }, a callback sending `stream.place` { place }
 * per event and `stream.dropped` once it ends. Views read ./selectors.ts.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { QueuePlace } from '../../contract/display.js';
import { initialPlaceContext, isFinished, isFollowable, type QueuePlaceContext, type QueuePlaceEvent, type QueuePlaceInput } from './context.js';

type Ids = { appointmentId: string; token: string };
const ids = ({ context }: { context: QueuePlaceContext }): Ids => ({ appointmentId: context.appointmentId, token: context.token });

export const queuePlaceSetup = setup({
  types: {} as { context: QueuePlaceContext; events: QueuePlaceEvent; input: QueuePlaceInput },
  actors: {
    // Declared with their types; the real ones come from the app, so these must never run.
    loadPlace: fromPromise<QueuePlace, Ids>(() => {
      throw new Error('loadPlace is provided by the app');
    }),
    stream: fromCallback<QueuePlaceEvent, Ids>(() => {
      throw new Error('stream is provided by the app');
    }),
  },
  actions: {
    storeLoaded: assign({ place: (_, params: { place: QueuePlace }) => params.place }),
    storeStreamed: assign({ place: ({ context, event }) => (event.type === 'stream.place' ? event.place : context.place) }),
  },
  guards: {
    loadedFollowable: (_, params: { place: QueuePlace }) => isFollowable(params.place),
    loadedFinished: (_, params: { place: QueuePlace }) => isFinished(params.place),
    streamedFinished: ({ event }) => event.type === 'stream.place' && isFinished(event.place),
  },
  delays: {
    poll: ({ context }) => context.pollMs,
    reconnect: ({ context }) => context.reconnectMs,
  },
});

const loaded = ({ event }: { event: { output: QueuePlace } }) => ({ place: event.output });

export const queuePlaceMachine = queuePlaceSetup.createMachine({
  id: 'queuePlace',
  description: "A patient's place in today's queue: asked every minute before check-in, then followed live until the visit is over.",
  context: ({ input }) => initialPlaceContext(input),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Asking the server for the place.',
      invoke: {
        src: 'loadPlace',
        input: ids,
        onDone: [
          { guard: { type: 'loadedFollowable', params: loaded }, target: 'Live', actions: { type: 'storeLoaded', params: loaded } },
          { guard: { type: 'loadedFinished', params: loaded }, target: 'Finished', actions: { type: 'storeLoaded', params: loaded } },
          { target: 'Idle', actions: { type: 'storeLoaded', params: loaded } },
        ],
        onError: 'Idle',
      },
    },
    Idle: {
      description: 'Not in the queue yet (or the place could not be read): asked again after a while.',
      after: { poll: 'Loading' },
    },
    Live: {
      description: 'In the line or the room: every change of the line arrives on the stream.',
      invoke: { src: 'stream', input: ids },
      on: {
        'stream.place': [{ guard: 'streamedFinished', target: 'Finished', actions: 'storeStreamed' }, { actions: 'storeStreamed' }],
        'stream.dropped': 'Reconnecting',
      },
    },
    Reconnecting: {
      description: 'The stream dropped: the last place stays; after a pause, read again.',
      after: { reconnect: 'Loading' },
    },
    Finished: {
      description: 'Seen or missed: the place does not change any more.',
      type: 'final',
    },
  },
});
