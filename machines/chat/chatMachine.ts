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
 * Input: `{ appointmentId, token, now, reconnectMs? }` (now: epoch milliseconds; reconnectMs: the
 * pause before reconnecting, `chatReconnectMs` (2 s) unless given). ./context.ts
 *
 * Events (./events.ts):
 * - `clock.tick` { now }: the time moved on. The machine reads the clock every `chatTickMs`
 *   (15 s: the delay `tick`); tests send it.
 * - `chat.retry`: after a failed load.
 * - `draft.changed` { text }: the text box (kept here, so a refused text stays and a sent one goes).
 * - `message.send` { text } / `photo.send` { photo }: only while Live and the caller may write.
 * - `view.shown` / `view.hidden`: the messages are on screen (the panel is open and the page
 *   visible) or not. While they are, the other party's messages are marked read (`markRead`).
 * - From the `stream` actor: `stream.message` { message }, `stream.dropped`.
 *
 * Effects, actions the app provides (src/components/Chat/provider.ts): `notify` (emits `notice`);
 * until provided it is emitted, as the machine's tests read it (`actor.on(...)`).
 * Emitted: `notice` with the server's words or 'somethingWentWrong' when a message could not be
 * sent for another reason than the message itself (a 401 too: the request base has ended the
 * session, src/api/client.ts). A 400 (the text or the
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
 *
 * Views read ./selectors.ts.
 */
import type { ChatConversation } from '../../contract/chat.js';
import { chatSetup } from './actions.js';
import { initialContext, lastMessageId } from './context.js';
import { failureNotice } from './events.js';

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const loadedOf = ({ event }: { event: { output: ChatConversation } }) => ({ conversation: event.output });

const problemParams = (field: 'text' | 'photo') => ({ event }: { event: { error: unknown } }) => ({ error: event.error, field });
const notifyFailure = { type: 'notify', params: ({ event }: { event: { error: unknown } }) => failureNotice(event.error) } as const;

/** A photo that was not sent: back to Ready, a 400 naming the photo kept on it as `problem`, anything else said as a notice. */
const photoFailed = [
  { guard: { type: 'isPhotoProblem', params: errorOf }, target: 'Ready', actions: { type: 'setProblem', params: problemParams('photo') } },
  { target: 'Ready', actions: notifyFailure },
] as const;

/**
 * A text that was not sent: unanswered (offline, or a 5xx) it stays in the outbox (Held); refused,
 * it goes back into the box, a 400 naming the text kept on it as `problem`, anything else said as a notice.
 */
const textFailed = [
  { guard: { type: 'isUnanswered', params: errorOf }, target: 'Held' },
  {
    guard: { type: 'isTextProblem', params: errorOf },
    target: 'Ready',
    actions: ['unqueue', { type: 'setProblem', params: problemParams('text') }],
  },
  { target: 'Ready', actions: ['unqueue', notifyFailure] },
] as const;

export const chatMachine = chatSetup.createMachine({
  id: 'chat',
  description: "A Chat appointment's conversation: loaded, followed live over the stream, resumed after a drop without losing or doubling a message.",
  context: ({ input }) => initialContext(input),
  entry: 'scheduleTick',
  on: {
    'clock.due': { actions: ['readClock', 'scheduleTick'] },
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
          { guard: { type: 'isUpcoming', params: loadedOf }, target: 'WaitingToOpen', actions: [{ type: 'store', params: loadedOf }, 'markSeen'] },
          { guard: { type: 'isLive', params: loadedOf }, target: 'Live', actions: [{ type: 'store', params: loadedOf }, 'markSeen'] },
          { guard: { type: 'isClosed', params: loadedOf }, target: 'Closed', actions: [{ type: 'store', params: loadedOf }, 'markSeen'] },
          { target: 'ReadOnly', actions: [{ type: 'store', params: loadedOf }, 'markSeen'] },
        ],
        onError: [{ guard: { type: 'isOffline', params: errorOf }, target: 'Reconnecting' }, { target: 'Failed' }],
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
          description: 'Waiting for the next message to send; a text still in the outbox goes at once.',
          always: { guard: 'hasOutbox', target: 'SendingText' },
          on: {
            'message.send': { guard: 'hasText', target: 'SendingText', actions: 'enqueue' },
            'photo.send': [
              { guard: 'isPhotoTooLarge', actions: { type: 'refusePhoto', params: { kind: 'photoTooLarge' } } },
              { guard: 'isNotAPhoto', actions: { type: 'refusePhoto', params: { kind: 'notAPhoto' } } },
              { target: 'SendingPhoto', actions: 'clearProblem' },
            ],
          },
        },
        SendingText: {
          description: 'Sending the first text of the outbox, with its client id (the server keeps a repeat once).',
          on: { 'message.send': { guard: 'hasText', actions: 'enqueue' } },
          invoke: {
            src: 'postText',
            input: ({ context }) => ({
              appointmentId: context.appointmentId,
              text: context.outbox[0]?.text ?? '',
              clientId: context.outbox[0]?.clientId ?? '',
              token: context.token,
            }),
            onDone: { target: 'Ready', actions: { type: 'sent', params: ({ event }) => ({ message: event.output }) } },
            onError: textFailed,
          },
        },
        Held: {
          description: 'Waiting to send: the text got no answer (or the server failed); it stays in the outbox and goes again after a pause.',
          on: { 'message.send': { guard: 'hasText', actions: 'enqueue' } },
          after: { reconnect: 'SendingText' },
        },
        SendingPhoto: {
          description: 'Uploading a photo (the server re-encodes it); a text written meanwhile waits in the outbox.',
          on: { 'message.send': { guard: 'hasText', actions: 'enqueue' } },
          invoke: {
            src: 'postPhoto',
            input: ({ context, event }) => ({
              appointmentId: context.appointmentId,
              photo: event.type === 'photo.send' ? event.photo : new Blob(),
              token: context.token,
            }),
            onDone: { target: 'Ready', actions: { type: 'add', params: ({ event }) => ({ message: event.output }) } },
            onError: photoFailed,
          },
        },
      },
    },
    Reconnecting: {
      description: 'The stream dropped (or the server is shutting down): after a pause, load again and resume after the last message.',
      after: { reconnect: 'Loading' },
      on: { 'message.send': { guard: 'mayQueue', actions: 'enqueue' } },
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
