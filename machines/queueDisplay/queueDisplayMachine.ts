/**
 * The waiting room's display (src/display/): follows the location's queue over the display's
 * stream (GET /display/{key}/stream, Server-Sent Events: a snapshot at once, then one per change).
 *
 * States: Open (the stream is open: Connecting before its first snapshot, CatchingUp while a
 * snapshot from before a lost connection is still shown, Live once a snapshot came on this
 * connection), Stale (the connection was lost: the last known queue stays on screen, marked
 * stale, and after a pause the display connects again), Revoked (the link was revoked or never
 * was: the stream said `revoked`, or it was refused with 404; final).
 *
 * Input: `{ key, reconnectMs? }` (./context.ts). Events, from the `stream` actor only:
 * `stream.snapshot` { snapshot }, `stream.revoked`, `stream.dropped` (ended, refused otherwise,
 * or broken). Actor (the app provides it, tests a fake): `stream` { key }, a callback that reads
 * the stream and sends those events back; stopped when the state it runs in is left.
 *
 * Views read ./selectors.ts (tags: `connecting`, `live`, `stale`).
 */
import { assign, fromCallback, setup } from 'xstate';
import { initialDisplayContext, type QueueDisplayContext, type QueueDisplayEvent, type QueueDisplayInput } from './context.js';

export const queueDisplaySetup = setup({
  types: {} as { context: QueueDisplayContext; events: QueueDisplayEvent; input: QueueDisplayInput },
  actors: {
    // Declared with its type; the real one comes from the app, so this one must never run.
    stream: fromCallback<QueueDisplayEvent, { key: string }>(() => {
      throw new Error('stream is provided by the app');
    }),
  },
  actions: {
    store: assign({ snapshot: ({ context, event }) => (event.type === 'stream.snapshot' ? event.snapshot : context.snapshot) }),
    forget: assign({ snapshot: null }),
  },
  guards: { hasSnapshot: ({ context }) => context.snapshot !== null },
  delays: { reconnect: ({ context }) => context.reconnectMs },
});

export const queueDisplayMachine = queueDisplaySetup.createMachine({
  id: 'queueDisplay',
  description: "A waiting room's display: the location's queue live, the last known one marked stale while the connection is lost, caught up on reconnect.",
  context: ({ input }) => initialDisplayContext(input),
  initial: 'Open',
  states: {
    Open: {
      description: 'The stream is open.',
      invoke: { src: 'stream', input: ({ context }) => ({ key: context.key }) },
      on: {
        'stream.snapshot': { target: '.Live', actions: 'store' },
        'stream.dropped': 'Stale',
        'stream.revoked': 'Revoked',
      },
      initial: 'Connecting',
      states: {
        Connecting: {
          description: 'Waiting for the first snapshot (a snapshot from before a lost connection: CatchingUp).',
          tags: ['connecting'],
          always: { guard: 'hasSnapshot', target: 'CatchingUp' },
        },
        CatchingUp: {
          description: 'Connected again: the last known queue is shown, still marked stale, until the first snapshot.',
          tags: ['stale'],
        },
        Live: {
          description: 'Showing the queue as it is: every change arrives within a second.',
          tags: ['live'],
        },
      },
    },
    Stale: {
      description: 'The connection was lost: the last known queue stays on screen, marked stale; after a pause, connect again.',
      tags: ['stale'],
      after: { reconnect: 'Open' },
    },
    Revoked: {
      description: 'The link was revoked or is not valid: nothing of the queue is shown any more.',
      type: 'final',
      entry: 'forget',
    },
  },
});
