/**
 * /account's appointment reminders: which channels the account's reminders go on,
 * email, SMS and WhatsApp, each a switch that saves as it is turned. Booking confirmations always
 * go by email; only the reminders follow these switches. SMS and WhatsApp are offered only when
 * the clinic has set them up (`available` in the answer).
 *
 * Input: `{ token }` (the session's). The app provides, each rejecting with an ApiFailure:
 * - `loadReminders` { token } -> ReminderSettings          (GET /auth/reminders)
 * - `saveReminders` { channels, token } -> ReminderSettings (PUT /auth/reminders)
 *
 * While a change is saved the switches show it (`selectReminderChannels` answers the one asked
 * for) and are busy; refused or unanswered, they go back to what the server has and a toast says
 * so. One change at a time: the view disables the switches while one is saved.
 *
 * Effects (provided actions; emitted until provided):
 * - `notify` { tone, notice: { kind: 'saved' | 'failed', text? } }: a toast
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders.js';
import { describeFailure } from '../failures.js';

export type ReminderChannel = keyof ReminderChannels;
export const reminderChannels = ['email', 'sms', 'whatsapp'] as const satisfies readonly ReminderChannel[];

export type ReminderNoticeEvent = { type: 'notice'; tone: 'success' | 'error'; notice: { kind: 'saved' } | { kind: 'failed'; text: string | null } };

export type ReminderEvent = { type: 'reminders.retry' } | { type: 'reminders.set'; channel: ReminderChannel; on: boolean };

export type ReminderContext = {
  token: string;
  /** What the server has; null until loaded. */
  settings: ReminderSettings | null;
  /** The channels being saved. */
  pending: ReminderChannels | null;
};

export const reminderChannelsMachine = setup({
  types: {} as { context: ReminderContext; events: ReminderEvent; input: { token: string }; emitted: ReminderNoticeEvent },
  actors: {
    loadReminders: fromPromise<ReminderSettings, { token: string }>(() => Promise.reject(new Error('not provided'))),
    saveReminders: fromPromise<ReminderSettings, { channels: ReminderChannels; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    /** A switch the page does not offer, or one already as asked, sends nothing. */
    changes: ({ context, event }) => {
      if (event.type !== 'reminders.set' || !context.settings) return false;
      const offered = event.channel === 'email' || context.settings.available[event.channel];
      return offered && context.settings.channels[event.channel] !== event.on;
    },
  },
  actions: {
    store: assign({ settings: (_, params: { settings: ReminderSettings }) => params.settings, pending: null }),
    remember: assign({
      pending: ({ context, event }) =>
        event.type === 'reminders.set' && context.settings ? { ...context.settings.channels, [event.channel]: event.on } : null,
    }),
    forget: assign({ pending: null }),
    notify: emit((_, params: ReminderNoticeEvent) => params),
  },
}).createMachine({
  id: 'reminderChannels',
  description: "/account's appointment reminders: which channels, each switch saved as it is turned.",
  context: ({ input }) => ({ token: input.token, settings: null, pending: null }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'GET /auth/reminders.',
      tags: ['loading'],
      invoke: {
        src: 'loadReminders',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'store', params: ({ event }) => ({ settings: event.output }) } },
        onError: 'Failed',
      },
    },
    Failed: { description: 'The settings could not be loaded; a retry may work.', on: { 'reminders.retry': 'Loading' } },
    Ready: {
      description: 'The switches as the server has them.',
      on: { 'reminders.set': { guard: 'changes', target: 'Saving', actions: 'remember' } },
    },
    Saving: {
      description: 'PUT /auth/reminders with the one switch changed; the switches show it meanwhile.',
      tags: ['busy'],
      invoke: {
        src: 'saveReminders',
        input: ({ context }) => ({ channels: context.pending!, token: context.token }),
        onDone: {
          target: 'Ready',
          actions: [
            { type: 'store', params: ({ event }) => ({ settings: event.output }) },
            { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'saved' } } },
          ],
        },
        onError: {
          target: 'Ready',
          actions: [
            'forget',
            {
              type: 'notify',
              params: ({ event }): ReminderNoticeEvent => {
                const f = describeFailure(event.error);
                return { type: 'notice', tone: 'error', notice: { kind: 'failed', text: f.kind === 'refused' ? f.text : null } };
              },
            },
          ],
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof reminderChannelsMachine>;
export const selectReminderStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.matches('Failed') ? 'failed' : 'ready';
export const selectRemindersBusy = (s: Snapshot): boolean => s.hasTag('busy');
/** The switches as shown: the change being saved, else the server's. */
export const selectReminderChannels = (s: Snapshot): ReminderChannels | null => s.context.pending ?? s.context.settings?.channels ?? null;
/** The text channels this clinic has: only those are offered. */
export const selectReminderOffered = (s: Snapshot): ReminderChannel[] =>
  s.context.settings ? reminderChannels.filter((c) => c === 'email' || s.context.settings!.available[c]) : [];
