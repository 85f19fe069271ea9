/**
 * The conversation of a Chat appointment, for its patient and its doctor (admins read
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
 * - `draft.changed` { text }: the text box (kept here, so a refused text stays and a sent one goes).
 * - `message.send` { text } / `photo.send` { photo }: only while Live and the caller may write.
 * - `view.shown` / `view.hidden`: the messages are on screen (the panel is open and the page
 *   visible) or not. While they are, the other party's messages are marked read (`markRead`).
 * - From the `stream` actor: `stream.message` { message }, `stream.dropped`.
 * - From the `reconnectPause` actor: `reconnect.due`.
 *
 * Effects, actions the app provides (src/components/Chat/provider.ts): `notify` (emits `notice`),
 * `tellSessionExpired` (emits `session.expired`); until provided they are emitted, as the machine's
 * tests read them (`actor.on(...)`).
 * Emitted: `session.expired` (401), `notice` with the server's words or 'somethingWentWrong' when
 * a message could not be sent for another reason than the message itself. A 400 (the text or the
 * photo refused: too long, not an image, too large) is kept as `problem` on its field instead; so
 * is a photo over `chatPhotoMaxBytes` or a file whose type is not an image, found before any upload.
 *
 * Actors (the app provides them; tests provide fakes):
 * - `loadChat` { appointmentId, token } -> ChatConversation; rejects with an ApiFailure.
 * - `postText` { appointmentId, text, token } -> ChatMessage; `postPhoto` { appointmentId, photo, token } -> ChatMessage.
 * - `stream` { appointmentId, token, after }: reads the stream with fetch (bearer token, Last-Event-ID
 *   `after`), sends back `stream.message` per event and `stream.dropped` when it ends or fails.
 * - `markRead` { appointmentId, upTo, token } -> ChatUnread: spawned, its answer and failure are not
 *   waited for (a read mark that did not land is only an unread count one too high until the next load).
 * - `reconnectPause`: sends `reconnect.due` after a pause (2 s by default).
 * - `clock` (optional): sends `clock.tick` { now } every 15 s.
 */
import { assign, emit, fromCallback, fromPromise, raise, setup, spawnChild, type SnapshotFrom } from 'xstate';
import { type ChatConversation, type ChatMessage, type ChatUnread, chatPhotoMaxBytes } from '../../contract/chat.js';
import { fieldErrorsOf, isUnauthorized, refusedWith, serverWordsOr } from '../failures.js';
import type { NoticeEvent } from '../session/notices.js';

export type ChatInput = { appointmentId: string; token: string; now: number };

export type ChatEvent =
  | { type: 'clock.tick'; now: number }
  | { type: 'chat.retry' }
  | { type: 'draft.changed'; text: string }
  | { type: 'view.shown' }
  | { type: 'view.hidden' }
  | { type: 'message.send'; text: string }
  | { type: 'photo.send'; photo: Blob }
  | { type: 'stream.message'; message: ChatMessage }
  | { type: 'stream.dropped' }
  | { type: 'reconnect.due' }
  /** Internal: is there something on screen to mark read? */
  | { type: 'read.check' };

export type ChatNotice = { kind: 'server'; text: string } | { kind: 'somethingWentWrong' };
export type ChatEmitted = { type: 'session.expired' } | NoticeEvent<ChatNotice>;

export type ChatContext = {
  appointmentId: string;
  token: string;
  now: number;
  conversation: ChatConversation | null;
  /** Every message once, in id order. */
  messages: ChatMessage[];
  /** The text being written. */
  draft: string;
  /** Why the server refused the last text or photo (a 400), shown on that field; null: none. */
  problem: ChatProblem | null;
  /** The last message id known read by the caller ('0': none). */
  readUpTo: string;
  /** The messages are on screen (`view.shown`), so what arrives is read. */
  onScreen: boolean;
};

/**
 * Why a text or photo was not sent, shown on its field: the server's words (a 400), or what the
 * browser found before sending (`kind`, said in the panel's language): a photo over the size limit
 * or a file that says it is not an image.
 */
export type ChatProblem = { field: 'text' | 'photo'; text: string } | { field: 'photo'; kind: 'photoTooLarge' | 'notAPhoto' };

export const chatTickMs = 15_000;
export const chatReconnectMs = 2_000;

/** Messages merged by id (each once), in id order: what a reload or a resumed stream brings twice is kept once. */
export function mergeMessages(known: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(known.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
}

export const lastMessageId = (messages: readonly ChatMessage[]): string => messages.at(-1)?.id ?? '0';

const idAfter = (a: string, b: string): boolean => BigInt(a) > BigInt(b);

/** Who wrote to the caller: the doctor for a patient, the patient for a doctor; null for an admin. */
const otherParty = (conversation: ChatConversation | null): ChatMessage['from'] | null =>
  conversation === null || conversation.as === 'admin' ? null : conversation.as === 'patient' ? 'doctor' : 'patient';

/** The other party's messages after the read mark: the unread count. */
export function unreadOf(conversation: ChatConversation | null, messages: readonly ChatMessage[], readUpTo: string): number {
  const other = otherParty(conversation);
  return other === null ? 0 : messages.filter((m) => m.from === other && idAfter(m.id, readUpTo)).length;
}

/**
 * A read mark that gives the server's unread count: the id of the other party's message just
 * before the last `unread` of theirs ('0' when all of them are unread).
 */
export function readMarkOf(conversation: ChatConversation): string {
  const other = otherParty(conversation);
  if (other === null) return '0';
  const theirs = conversation.messages.filter((m) => m.from === other);
  return theirs.at(-conversation.unread - 1)?.id ?? '0';
}

/** The id of the other party's newest message; null: none (or an admin reading). */
function newestOfOther(context: ChatContext): string | null {
  const other = otherParty(context.conversation);
  return context.messages.findLast((m) => m.from === other)?.id ?? null;
}

/** A 400 naming the text or the photo: the server's words for that field; null for any other failure. */
function problemOf(error: unknown, field: ChatProblem['field']): ChatProblem | null {
  if (!refusedWith(error, (status) => status === 400)) return null;
  const text = fieldErrorsOf(error)[field];
  return text === undefined ? null : { field, text };
}

const failureNotice = (error: unknown): NoticeEvent<ChatNotice> => ({
  type: 'notice',
  tone: 'error',
  notice: serverWordsOr<ChatNotice>(error, { kind: 'somethingWentWrong' }),
});

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
    markRead: fromPromise<ChatUnread, { appointmentId: string; upTo: string; token: string }>(() => {
      throw new Error('markRead is provided by the app');
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
    // Checked before uploading up to 10 MB over a phone's data; the server checks again.
    isPhotoTooLarge: ({ event }) => event.type === 'photo.send' && event.photo.size > chatPhotoMaxBytes,
    // A file that says what it is and is not an image (no type: the server decides; HEIC often has none).
    isNotAPhoto: ({ event }) => event.type === 'photo.send' && event.photo.type !== '' && !event.photo.type.startsWith('image/'),
    isTextProblem: (_, params: { error: unknown }) => problemOf(params.error, 'text') !== null,
    isPhotoProblem: (_, params: { error: unknown }) => problemOf(params.error, 'photo') !== null,
    hasUnseen: ({ context }) => {
      const newest = newestOfOther(context);
      return context.onScreen && newest !== null && idAfter(newest, context.readUpTo);
    },
  },
  actions: {
    storeNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    store: assign({
      conversation: (_, params: { conversation: ChatConversation }) => params.conversation,
      messages: ({ context }, params: { conversation: ChatConversation }) => mergeMessages(context.messages, params.conversation.messages),
      // The server's mark, unless this view marked more (a mark still on its way).
      readUpTo: ({ context }, params: { conversation: ChatConversation }) => {
        const server = readMarkOf(params.conversation);
        return idAfter(context.readUpTo, server) ? context.readUpTo : server;
      },
    }),
    add: assign({ messages: ({ context }, params: { message: ChatMessage }) => mergeMessages(context.messages, [params.message]) }),
    changeDraft: assign({
      draft: ({ context, event }) => (event.type === 'draft.changed' ? event.text : context.draft),
      problem: ({ context }) => (context.problem?.field === 'text' ? null : context.problem),
    }),
    clearDraft: assign({ draft: '' }),
    clearProblem: assign({ problem: null }),
    setProblem: assign({ problem: (_, params: { error: unknown; field: ChatProblem['field'] }) => problemOf(params.error, params.field) }),
    refusePhoto: assign({ problem: (_, params: { kind: 'photoTooLarge' | 'notAPhoto' }): ChatProblem => ({ field: 'photo', kind: params.kind }) }),
    setOnScreen: assign({ onScreen: (_, params: { onScreen: boolean }) => params.onScreen }),
    /** Asks whether the other party's newest message is on screen and not yet marked read (`read.check`). */
    markSeen: raise({ type: 'read.check' }),
    /** Marks the other party's newest message, and all before it, read: here at once, on the server in the background. */
    markRead: assign({ readUpTo: ({ context }) => newestOfOther(context) ?? context.readUpTo }),
    sendReadMark: spawnChild('markRead', {
      input: ({ context }) => ({ appointmentId: context.appointmentId, upTo: context.readUpTo, token: context.token }),
    }),
    // The effects: the app provides them (src/components/Chat/ChatPanel.tsx); until then they are
    // emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<ChatNotice>) => params),
    tellSessionExpired: emit({ type: 'session.expired' }),
  },
}).createMachine({
  id: 'chat',
  description: "A Chat appointment's conversation: loaded, followed live over the stream, resumed after a drop without losing or doubling a message.",
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    token: input.token,
    now: input.now,
    conversation: null,
    messages: [],
    draft: '',
    problem: null,
    readUpTo: '0',
    onScreen: false,
  }),
  invoke: { id: 'clock', src: 'clock' },
  on: {
    'clock.tick': { actions: 'storeNow' },
    'draft.changed': { actions: 'changeDraft' },
    'view.shown': { actions: [{ type: 'setOnScreen', params: { onScreen: true } }, 'markSeen'] },
    'view.hidden': { actions: { type: 'setOnScreen', params: { onScreen: false } } },
    'read.check': { guard: 'hasUnseen', actions: ['markRead', 'sendReadMark'] },
  },
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
            actions: [{ type: 'store', params: ({ event }) => ({ conversation: event.output }) }, 'markSeen'],
          },
          {
            guard: { type: 'isLive', params: ({ event }) => ({ conversation: event.output }) },
            target: 'Live',
            actions: [{ type: 'store', params: ({ event }) => ({ conversation: event.output }) }, 'markSeen'],
          },
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ conversation: event.output }) },
            target: 'Closed',
            actions: [{ type: 'store', params: ({ event }) => ({ conversation: event.output }) }, 'markSeen'],
          },
          { target: 'ReadOnly', actions: [{ type: 'store', params: ({ event }) => ({ conversation: event.output }) }, 'markSeen'] },
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
        'stream.message': { actions: [{ type: 'add', params: ({ event }) => ({ message: event.message }) }, 'markSeen'] },
        'stream.dropped': 'Reconnecting',
      },
      initial: 'Ready',
      states: {
        Ready: {
          description: 'Waiting for the next message to send.',
          on: {
            'message.send': { guard: 'hasText', target: 'SendingText', actions: 'clearProblem' },
            'photo.send': [
              { guard: 'isPhotoTooLarge', actions: { type: 'refusePhoto', params: { kind: 'photoTooLarge' } } },
              { guard: 'isNotAPhoto', actions: { type: 'refusePhoto', params: { kind: 'notAPhoto' } } },
              { target: 'SendingPhoto', actions: 'clearProblem' },
            ],
          },
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
            onDone: { target: 'Ready', actions: [{ type: 'add', params: ({ event }) => ({ message: event.output }) }, 'clearDraft'] },
            onError: [
              { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'Ready', actions: 'tellSessionExpired' },
              {
                guard: { type: 'isTextProblem', params: ({ event }) => ({ error: event.error }) },
                target: 'Ready',
                actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error, field: 'text' as const }) },
              },
              { target: 'Ready', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
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
              {
                guard: { type: 'isPhotoProblem', params: ({ event }) => ({ error: event.error }) },
                target: 'Ready',
                actions: { type: 'setProblem', params: ({ event }) => ({ error: event.error, field: 'photo' as const }) },
              },
              { target: 'Ready', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
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
export const selectIsSendingText = (s: Snapshot): boolean => s.matches({ Live: 'SendingText' });
export const selectIsSendingPhoto = (s: Snapshot): boolean => s.matches({ Live: 'SendingPhoto' });
export const selectDraft = (s: Snapshot): string => s.context.draft;
export const selectProblem = (s: Snapshot): ChatProblem | null => s.context.problem;
export const selectUnread = (s: Snapshot): number => unreadOf(s.context.conversation, s.context.messages, s.context.readUpTo);
export const selectIsLoading = (s: Snapshot): boolean => s.matches('Loading');
export const selectHasFailed = (s: Snapshot): boolean => s.matches('Failed');
export const selectIsWaiting = (s: Snapshot): boolean => s.matches('WaitingToOpen');
export const selectIsReadOnly = (s: Snapshot): boolean => s.matches('ReadOnly');
export const selectIsClosed = (s: Snapshot): boolean => s.matches('Closed');
