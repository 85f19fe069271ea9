/**
 * My waitlist, live (docs/waitlist.md, "Told on an open page"): while the patient waits for a slot,
 * My appointments follows GET /waitlist/stream, so a slot offered to them shows within a second,
 * without a reload. Each list the stream sends is handed to the waitlist machine
 * (./waitlistMachine.ts, `waitlist.pushed`) by the provided action `pushed`.
 *
 * States: Following (the stream is open), Reconnecting (it dropped, or the server is shutting
 * down: after `reconnectMs`, follow again), Stopped (the server refused it: the session is over or
 * too many of these are open; final, and the list still shows on the next load).
 *
 * Input: `{ token, reconnectMs? }`. Actor (the app provides it, tests fakes): `stream` { token }, a
 * callback sending `stream.list` { list } per event, then `stream.dropped` or `stream.refused` once
 * it ends. Effect (a provided action; emitted until provided): `pushed` { list }.
 */
import { emit, fromCallback, setup } from 'xstate';
import type { WaitlistList } from '../../contract/waitlist.js';

/** The pause before following again after the stream dropped. */
export const waitlistReconnectMs = 3000;

export type WaitlistLiveInput = { token: string; reconnectMs?: number };
export type WaitlistLiveContext = { token: string; reconnectMs: number };
/** From the `stream` actor: a list, or the stream ended (dropped: try again; refused: do not). */
export type WaitlistLiveEvent = { type: 'stream.list'; list: WaitlistList } | { type: 'stream.dropped' } | { type: 'stream.refused' };
export type WaitlistLiveEmitted = { type: 'pushed'; list: WaitlistList };

export const waitlistLiveMachine = setup({
  types: {} as { context: WaitlistLiveContext; events: WaitlistLiveEvent; input: WaitlistLiveInput; emitted: WaitlistLiveEmitted },
  actors: {
    // Declared with its type; the real one comes from the app, so this must never run.
    stream: fromCallback<WaitlistLiveEvent, { token: string }>(() => {
      throw new Error('stream is provided by the app');
    }),
  },
  actions: {
    pushed: emit((_, params: { list: WaitlistList }) => ({ type: 'pushed' as const, list: params.list })),
  },
  delays: {
    reconnect: ({ context }) => context.reconnectMs,
  },
}).createMachine({
  id: 'waitlistLive',
  description: 'My waitlist, followed live while the patient waits: a slot offered to them shows without a reload.',
  context: ({ input }) => ({ token: input.token, reconnectMs: input.reconnectMs ?? waitlistReconnectMs }),
  initial: 'Following',
  states: {
    Following: {
      description: 'The stream is open: each list it sends is handed to My waitlist.',
      invoke: { src: 'stream', input: ({ context }) => ({ token: context.token }) },
      on: {
        'stream.list': { actions: { type: 'pushed', params: ({ event }) => ({ list: event.list }) } },
        'stream.dropped': 'Reconnecting',
        'stream.refused': 'Stopped',
      },
    },
    Reconnecting: {
      description: 'The stream dropped: after a pause, follow again (its first list says what was missed).',
      after: { reconnect: 'Following' },
    },
    Stopped: {
      description: 'The server refused the stream (the session is over, or too many are open): the list shows on the next load.',
      type: 'final',
    },
  },
});
