/**
 * /account's "Notifications on this phone" (docs/app.md "Web Push"): this device's switch, which
 * subscribes it to the clinic's Web Push or unsubscribes it, and the account's kinds (reminders,
 * chat messages, payments and refunds, the queue's "you are next but one"), each a switch saved
 * as it is turned, for every device of the account.
 *
 * Input: `{ token }` (the session's). The app provides, each rejecting with an ApiFailure (or the
 * browser's error):
 * - `loadPush` { token } -> PushLoaded: the clinic's key (null: the clinic sends none, the section
 *   is not offered), this device's state, the account's kinds (GET /push/key, /push/choices)
 * - `subscribeDevice` { publicKey, token } -> 'on' | 'denied' | 'dismissed': the browser asked
 *   for permission, subscribed, PUT /push/subscription
 * - `unsubscribeDevice` { token } -> unknown: DELETE /push/subscription, then unsubscribed
 * - `saveChoices` { choices, token } -> PushChoices (PUT /push/choices)
 *
 * A browser without Web Push ('unsupported') offers the kinds only (for the account's other
 * devices). Permission refused ('denied'): the switch is off, the words say how to allow it again,
 * and turning it on asks again (a browser that still refuses answers at once).
 *
 * Effects (provided actions; emitted until provided):
 * - `notify` { tone, notice: { kind: 'on' | 'off' | 'denied' | 'dismissed' | 'saved' | 'failed', text? } }: a toast
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PushChoices, PushKind } from '../../contract/push.js';
import { describeFailure } from '../failures.js';

/** This device: no Web Push in the browser, permission refused, not subscribed, subscribed. */
export type DeviceState = 'unsupported' | 'denied' | 'off' | 'on';

export interface PushLoaded {
  publicKey: string | null;
  device: DeviceState;
  /** Null when the clinic sends none (publicKey null). */
  choices: PushChoices | null;
}

export type PushNotice =
  | { kind: 'on' | 'off' | 'denied' | 'dismissed' | 'saved' }
  | { kind: 'failed'; text: string | null };
export type PushNoticeEvent = { type: 'notice'; tone: 'success' | 'error'; notice: PushNotice };

export type PushEvent = { type: 'push.retry' } | { type: 'push.device'; on: boolean } | { type: 'push.kind'; kind: PushKind; on: boolean };

export type PushContext = {
  token: string;
  publicKey: string | null;
  device: DeviceState;
  choices: PushChoices | null;
  /** The kinds being saved. */
  pending: PushChoices | null;
};

const failed = ({ event }: { event: { error: unknown } }): PushNoticeEvent => {
  const f = describeFailure(event.error);
  return { type: 'notice', tone: 'error', notice: { kind: 'failed', text: f.kind === 'refused' ? f.text : null } };
};

export const pushDeviceMachine = setup({
  types: {} as { context: PushContext; events: PushEvent; input: { token: string }; emitted: PushNoticeEvent },
  actors: {
    loadPush: fromPromise<PushLoaded, { token: string }>(() => Promise.reject(new Error('not provided'))),
    subscribeDevice: fromPromise<'on' | 'denied' | 'dismissed', { publicKey: string; token: string }>(() => Promise.reject(new Error('not provided'))),
    unsubscribeDevice: fromPromise<unknown, { token: string }>(() => Promise.reject(new Error('not provided'))),
    saveChoices: fromPromise<PushChoices, { choices: PushChoices; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    offered: ({ event }) => 'output' in event && (event.output as PushLoaded).publicKey !== null,
    /** On: a device that can subscribe and is not (asked again after a refusal); off: one that is. */
    turnsOn: ({ context, event }) => event.type === 'push.device' && event.on && (context.device === 'off' || context.device === 'denied'),
    turnsOff: ({ context, event }) => event.type === 'push.device' && !event.on && context.device === 'on',
    kindChanges: ({ context, event }) => event.type === 'push.kind' && context.choices !== null && context.choices[event.kind] !== event.on,
  },
  actions: {
    store: assign((_, loaded: PushLoaded) => ({ publicKey: loaded.publicKey, device: loaded.device, choices: loaded.choices, pending: null })),
    setDevice: assign((_, params: { device: DeviceState }) => ({ device: params.device })),
    storeChoices: assign((_, params: { choices: PushChoices }) => ({ choices: params.choices, pending: null })),
    remember: assign({
      pending: ({ context, event }) => (event.type === 'push.kind' && context.choices ? { ...context.choices, [event.kind]: event.on } : null),
    }),
    forget: assign({ pending: null }),
    notify: emit((_, params: PushNoticeEvent) => params),
  },
}).createMachine({
  id: 'pushDevice',
  description: '/account\'s "Notifications on this phone": this device subscribed or not, and the kinds the account gets.',
  context: ({ input }) => ({ token: input.token, publicKey: null, device: 'off', choices: null, pending: null }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'The clinic\'s key, this browser\'s permission and subscription, the account\'s kinds.',
      tags: ['loading'],
      invoke: {
        src: 'loadPush',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'offered', target: 'Ready', actions: { type: 'store', params: ({ event }) => event.output } },
          { target: 'NotOffered' },
        ],
        onError: 'Failed',
      },
    },
    Failed: { description: 'Could not be loaded; a retry may work.', on: { 'push.retry': 'Loading' } },
    NotOffered: { description: 'The clinic has no VAPID keys: the section is not shown.', type: 'final' },
    Ready: {
      description: 'The switches as the browser and the server have them.',
      on: {
        'push.device': [
          { guard: 'turnsOn', target: 'Subscribing' },
          { guard: 'turnsOff', target: 'Unsubscribing' },
        ],
        'push.kind': { guard: 'kindChanges', target: 'SavingChoices', actions: 'remember' },
      },
    },
    Subscribing: {
      description: 'Permission asked, the browser subscribed, PUT /push/subscription.',
      tags: ['busy'],
      invoke: {
        src: 'subscribeDevice',
        input: ({ context }) => ({ publicKey: context.publicKey!, token: context.token }),
        onDone: {
          target: 'Ready',
          actions: [
            { type: 'setDevice', params: ({ event }) => ({ device: event.output === 'on' ? 'on' : event.output === 'denied' ? 'denied' : 'off' }) },
            { type: 'notify', params: ({ event }) => ({ type: 'notice', tone: event.output === 'on' ? 'success' : 'error', notice: { kind: event.output } }) },
          ],
        },
        onError: { target: 'Ready', actions: { type: 'notify', params: failed } },
      },
    },
    Unsubscribing: {
      description: 'DELETE /push/subscription, then the browser\'s subscription ended.',
      tags: ['busy'],
      invoke: {
        src: 'unsubscribeDevice',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'Ready',
          actions: [{ type: 'setDevice', params: { device: 'off' } }, { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'off' } } }],
        },
        onError: { target: 'Ready', actions: { type: 'notify', params: failed } },
      },
    },
    SavingChoices: {
      description: 'PUT /push/choices with the one kind changed; the switches show it meanwhile.',
      tags: ['busy'],
      invoke: {
        src: 'saveChoices',
        input: ({ context }) => ({ choices: context.pending!, token: context.token }),
        onDone: {
          target: 'Ready',
          actions: [
            { type: 'storeChoices', params: ({ event }) => ({ choices: event.output }) },
            { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'saved' } } },
          ],
        },
        onError: { target: 'Ready', actions: ['forget', { type: 'notify', params: failed }] },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof pushDeviceMachine>;
export const selectPushStatus = (s: Snapshot): 'loading' | 'failed' | 'hidden' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.matches('Failed') ? 'failed' : s.matches('NotOffered') ? 'hidden' : 'ready';
export const selectPushBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectDevice = (s: Snapshot): DeviceState => s.context.device;
/** The kinds as shown: the change being saved, else the server's. */
export const selectPushChoices = (s: Snapshot): PushChoices | null => s.context.pending ?? s.context.choices;
