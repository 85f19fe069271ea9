/**
 * The chat machine's actions, on its setup (types, the actors, ./guards.ts, the delays):
 * `chatSetup`, from which the chart (./chatMachine.ts) is made.
 *
 * Two delays, no timers in actors: `tick`, after which the clock is read (`scheduleTick` raises
 * `clock.due`; `readClock` reads the time as `clock.tick` { now }, which a test may send too), and
 * `reconnect`, the pause before loading again after the stream dropped (the context's
 * `reconnectMs`, from the input).
 *
 * The effect `notify` is the app's to provide
 * (src/components/Chat/provider.ts); until then it is emitted, so the machine's tests and the
 * inspector see them.
 */
import { assign, emit, fromCallback, fromPromise, raise, setup, spawnChild } from 'xstate';
import type { ChatConversation, ChatMessage, ChatUnread } from '../../contract/chat.js';
import type { NoticeEvent } from '../shared/notices.js';
import { chatTickMs, idAfter, mergeMessages, newestOfOther, readMarkOf, type ChatContext, type ChatInput, type ChatProblem } from './context.js';
import { problemOf, type ChatEmitted, type ChatEvent, type ChatNotice } from './events.js';
import { chatGuards } from './guards.js';

const base = setup({
  types: {} as { context: ChatContext; events: ChatEvent; input: ChatInput; emitted: ChatEmitted },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadChat: fromPromise<ChatConversation, { appointmentId: string; token: string }>(() => {
      throw new Error('loadChat is provided by the app');
    }),
    postText: fromPromise<ChatMessage, { appointmentId: string; text: string; clientId: string; token: string }>(() => {
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
  },
  guards: chatGuards,
  delays: {
    tick: chatTickMs,
    reconnect: ({ context }) => context.reconnectMs,
  },
});

/** `readClock` with another source of the time (a test's). */
export const readClockWith = (now: () => number) => base.raise(() => ({ type: 'clock.tick' as const, now: now() }));

export const chatSetup = base.extend({
  actions: {
    scheduleTick: raise({ type: 'clock.due' as const }, { id: 'clock', delay: 'tick' }),
    readClock: readClockWith(() => Date.now()),
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
    /** The text written goes to the outbox with a new client id; the box is empty for the next one. */
    enqueue: assign({
      outbox: ({ context, event }) => (event.type === 'message.send' ? [...context.outbox, { clientId: crypto.randomUUID(), text: event.text }] : context.outbox),
      draft: '',
      problem: null,
    }),
    /** The first text of the outbox was sent: it leaves the outbox and is a message. */
    sent: assign({
      outbox: ({ context }) => context.outbox.slice(1),
      messages: ({ context }, params: { message: ChatMessage }) => mergeMessages(context.messages, [params.message]),
    }),
    /** The first text of the outbox was refused: it goes back into the box (before what is being written), nothing lost. */
    unqueue: assign({
      outbox: ({ context }) => context.outbox.slice(1),
      draft: ({ context }) => {
        const text = context.outbox[0]?.text ?? '';
        return context.draft === '' ? text : `${text}\n${context.draft}`;
      },
    }),
    clearProblem: assign({ problem: null }),
    setProblem: assign({ problem: (_, params: { error: unknown; field: ChatProblem['field'] }) => problemOf(params.error, params.field) }),
    refusePhoto: assign({ problem: (_, params: { kind: 'photoTooLarge' | 'notAPhoto' }): ChatProblem => ({ field: 'photo', kind: params.kind }) }),
    setOnScreen: assign({ onScreen: (_, params: { onScreen: boolean }) => params.onScreen }),
    /** Asks whether the other party's newest message is on screen and not yet marked read (`read.check`). */
    markSeen: raise({ type: 'read.check' as const }),
    /** Marks the other party's newest message, and all before it, read: here at once, on the server in the background. */
    markRead: assign({ readUpTo: ({ context }) => newestOfOther(context) ?? context.readUpTo }),
    sendReadMark: spawnChild('markRead', {
      input: ({ context }) => ({ appointmentId: context.appointmentId, upTo: context.readUpTo, token: context.token }),
    }),
    notify: emit((_, params: NoticeEvent<ChatNotice>) => params),
  },
});
