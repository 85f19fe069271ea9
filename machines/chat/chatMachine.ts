/**
 * The conversation of a Chat appointment (issue 13), for its patient and its doctor (admins read
 * it): loads GET /appointment/{id}/chat, then follows the stream (Server-Sent Events, resumed
 * after the last message id it has) while the chat is open, reconnecting after a drop.
 *
 * States: Loading, WaitingToOpen (before `opensAt`; asked again once the clock passes it), Live
 * (the stream is open; Sending while a text or photo goes out), Reconnecting (the stream dropped
 * or the server asked to reconnect: after a pause, the conversation is loaded again and the
 * stream resumes after the last id, so no message is lost or doubled: messages are merged by id),
 * ReadOnly (after the follow-up, or for an admin), Closed (cancelled or unpaid), Failed.
 *
 * Input: `{ appointmentId, token, now }` (now: epoch milliseconds).
 *
 * Events:
 * - `clock.tick` { now }: the time moved on (the `clock` actor; tests send it).
 * - `chat.retry`: after a failed load.
 * - `message.send` { text } / `photo.send` { photo }: only while Live and the caller may write.
 * - From the `stream` actor: `stream.message` { message }, `stream.dropped`.
 * - From the `reconnectPause` actor: `reconnect.due`.
 *
 * Emitted: `session.expired` (401), `notice` with the server's words or 'somethingWentWrong' when
 * a message could not be sent.
 *
 * Actors (the app provides them; tests provide fakes):
 * - `loadChat` { appointmentId, token } -> ChatConversation; rejects with an ApiFailure.
 * - `postText` { appointmentId, text, token } -> ChatMessage; `postPhoto` { appointmentId, photo, token } -> ChatMessage.
 * - `stream` { appointmentId, token, after }: reads the stream with fetch (bearer token, Last-Event-ID
 *   `after`), sends back `stream.message` per event and `stream.dropped` when it ends or fails.
 * - `reconnectPause`: sends `reconnect.due` after a pause (2 s by default).
 * - `clock` (optional): sends `clock.tick` { now } every 15 s.
 */
import { assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ChatConversation, ChatMessage } from '../../contract/chat.js';
import { isUnauthorized, serverWordsOr } from '../failures.js';
import type { NoticeEvent } from '../session/notices.js';

export type ChatInput = { appointmentId: string; token: string; now: number };

export type ChatEvent =
  | { type: 'clock.tick'; now: number }
  | { type: 'chat.retry' }
  | { type: 'message.send'; text: string }
  | { type: 'photo.send'; photo: Blob }
  | { type: 'stream.message'; message: ChatMessage }
  | { type: 'stream.dropped' }
  | { type: 'reconnect.due' };

export type ChatNotice = { kind: 'server'; text: string } | { kind: 'somethingWentWrong' };
export type ChatEmitted = { type: 'session.expired' } | NoticeEvent<ChatNotice>;

export type ChatContext = {
  appointmentId: string;
  token: string;
  now: number;
  conversation: ChatConversation | null;
  /** Every message once, in id order. */
  messages: ChatMessage[];
};

export const chatTickMs = 15_000;
export const chatReconnectMs = 2_000;

/** Messages merged by id (each once), in id order: what a reload or a resumed stream brings twice is kept once. */
export function mergeMessages(known: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(known.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
}

export const lastMessageId = (messages: readonly ChatMessage[]): string => messages.at(-1)?.id ?? '0';

export const chatMachine = setup({
  types: {} as { context: ChatContext; events: ChatEvent; input: ChatInput; emitted: ChatEmitted },
  actors: {
    loadChat: fromPromise<ChatConversation, { appointmentId: string; token: string }>(() => {
      throw new Error('loadChat is provided by the app');
    }),
    postText: fromPromise<ChatMessage, { appointmentId: string; text: string; token: string }>(() => {
      throw new Error('postText is provided by the app');
    }),
    postPhoto: fromPromise<ChatMessage, { appointmentId: string; photo: Blob; token: string }>(() => {
      throw new Error('postPhoto is provided by the app');
    }),
    stream: fromCallback<ChatEvent, { appointmentId: string; token: string; after: string }>(() => {
      throw new Error('stream is provided by the app');
    }),
    reconnectPause: fromCallback<ChatEvent>(({ sendBack }) => {
      const timer = setTimeout(() => sendBack({ type: 'reconnect.due' }), chatReconnectMs);
      return () => clearTimeout(timer);
    }),
    clock: fromCallback<ChatEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), chatTickMs);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    isUnauthorized,
    isUpcoming: (_, params: { conversation: ChatConversation }) => params.conversation.state === 'upcoming',
    isLive: (_, params: { conversation: ChatConversation }) =>
      params.conversation.as !== 'admin' && (params.conversation.state === 'open' || params.conversation.state === 'followup'),
    isClosed: (_, params: { conversation: ChatConversation }) => params.conversation.state === 'unavailable',
    isOpeningDue: ({ context, event }) =>
      event.type === 'clock.tick' && context.conversation !== null && event.now >= Date.parse(context.conversation.opensAt),
    hasText: ({ event }) => event.type === 'message.send' && event.text.trim().length > 0,
  },
  actions: {
    storeNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    store: assign({
      conversation: (_, params: { conversation: ChatConversation }) => params.conversation,
      messages: ({ context }, params: { conversation: ChatConversation }) => mergeMessages(context.messages, params.conversation.messages),
    }),
    add: assign({ messages: ({ context }, params: { message: ChatMessage }) => mergeMessages(context.messages, [params.message]) }),
    tellSessionExpired: emit({ type: 'session.expired' }),
    tellFailure: emit((_, params: { error: unknown }) => ({
      type: 'notice' as const,
      tone: 'error' as const,
      notice: serverWordsOr<ChatNotice>(params.error, { kind: 'somethingWentWrong' }),
    })),
  },
}).createMachine({
  id: 'chat',
  description: "A Chat appointment's conversation: loaded, followed live over the stream, resumed after a drop without losing or doubling a message.",
  context: ({ input }) => ({ appointmentId: input.appointmentId, token: input.token, now: input.now, conversation: null, messages: [] }),
  invoke: { id: 'clock', src: 'clock' },
  on: { 'clock.tick': { actions: 'storeNow' } },
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Asking the server for the conversation and where it stands.',
      invoke: {
        src: 'loadChat',
        input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token }),
        onDone: [
          {
            guard: { type: 'isUpcoming', params: ({ event }) => ({ conversation: event.output }) },
            target: 'WaitingToOpen',
            actions: { type: 'store', params: ({ event }) => ({ conversation: event.output }) },
          },
          {
            guard: { type: 'isLive', params: ({ event }) => ({ conversation: event.output }) },
            target: 'Live',
            actions: { type: 'store', params: ({ event }) => ({ conversation: event.output }) },
          },
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ conversation: event.output }) },
            target: 'Closed',
            actions: { type: 'store', params: ({ event }) => ({ conversation: event.output }) },
          },
          { target: 'ReadOnly', actions: { type: 'store', params: ({ event }) => ({ conversation: event.output }) } },
        ],
        onError: [
          { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'Failed', actions: 'tellSessionExpired' },
          { target: 'Failed' },
        ],
      },
    },
    WaitingToOpen: {
      description: 'Before the chat opens: says when; loads again once the clock passes the opening.',
      on: {
        'clock.tick': [{ guard: 'isOpeningDue', target: 'Loading', actions: 'storeNow' }, { actions: 'storeNow' }],
      },
    },
    Live: {
      description: 'The stream is open: new messages appear as they are committed; a text or photo can be sent.',
      invoke: {
        src: 'stream',
        input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token, after: lastMessageId(context.messages) }),
      },
      on: {
        'stream.message': { actions: { type: 'add', params: ({ event }) => ({ message: event.message }) } },
        'stream.dropped': 'Reconnecting',
      },
      initial: 'Ready',
      states: {
        Ready: {
          description: 'Waiting for the next message to send.',
          on: { 'message.send': { guard: 'hasText', target: 'SendingText' }, 'photo.send': 'SendingPhoto' },
        },
        SendingText: {
          description: 'Sending a text message.',
          invoke: {
            src: 'postText',
            input: ({ context, event }) => ({
              appointmentId: context.appointmentId,
              text: event.type === 'message.send' ? event.text : '',
              token: context.token,
            }),
            onDone: { target: 'Ready', actions: { type: 'add', params: ({ event }) => ({ message: event.output }) } },
            onError: [
              { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'Ready', actions: 'tellSessionExpired' },
              { target: 'Ready', actions: { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        SendingPhoto: {
          description: 'Uploading a photo (the server re-encodes it).',
          invoke: {
            src: 'postPhoto',
            input: ({ context, event }) => ({
              appointmentId: context.appointmentId,
              photo: event.type === 'photo.send' ? event.photo : new Blob(),
              token: context.token,
            }),
            onDone: { target: 'Ready', actions: { type: 'add', params: ({ event }) => ({ message: event.output }) } },
            onError: [
              { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'Ready', actions: 'tellSessionExpired' },
              { target: 'Ready', actions: { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    Reconnecting: {
      description: 'The stream dropped (or the server is shutting down): after a pause, load again and resume after the last message.',
      invoke: { src: 'reconnectPause' },
      on: { 'reconnect.due': 'Loading' },
    },
    ReadOnly: {
      description: 'The chat can be read, no longer written (after the follow-up, or for an admin).',
    },
    Closed: {
      description: 'Cancelled or unpaid: no conversation.',
    },
    Failed: {
      description: 'The conversation could not be loaded: Try again.',
      on: { 'chat.retry': 'Loading' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof chatMachine>;

export const selectMessages = (s: Snapshot): ChatMessage[] => s.context.messages;
export const selectConversation = (s: Snapshot): ChatConversation | null => s.context.conversation;
export const selectIsLive = (s: Snapshot): boolean => s.matches('Live');
export const selectIsSending = (s: Snapshot): boolean => s.matches({ Live: 'SendingText' }) || s.matches({ Live: 'SendingPhoto' });
export const selectIsReconnecting = (s: Snapshot): boolean => s.matches('Reconnecting');
export const selectCanSend = (s: Snapshot): boolean => s.can({ type: 'message.send', text: 'x' });
