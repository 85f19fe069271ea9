/**
 * The calls a chat panel gives its machine (machines/chat): the real ones in src/app/liveChat.ts,
 * fakes in tests (tests/component/chatPanel.test.tsx), given with `chatMachine.provide({ actors })`
 * as the machine's own tests do. Each promise actor rejects with an ApiFailure when its call fails.
 */
import type { CallbackActorLogic, PromiseActorLogic } from 'xstate';
import type { ChatConversation, ChatMessage, ChatUnread } from '../../../contract/chat';
import type { ChatEvent } from '../../../machines/chat/events';
import type { ChatOutboxStore } from '../../pwa/chatOutbox';

export interface ChatActors {
  readonly loadChat: PromiseActorLogic<ChatConversation, { appointmentId: string; token: string }>;
  readonly postText: PromiseActorLogic<ChatMessage, { appointmentId: string; text: string; clientId: string; token: string }>;
  readonly postPhoto: PromiseActorLogic<ChatMessage, { appointmentId: string; photo: Blob; token: string }>;
  readonly markRead: PromiseActorLogic<ChatUnread, { appointmentId: string; upTo: string; token: string }>;
  /** Reads the live stream after `after`; sends `stream.message` per message and `stream.dropped` once it ends. */
  readonly stream: CallbackActorLogic<ChatEvent, { appointmentId: string; token: string; after: string }>;
}

export interface ChatServices {
  readonly actors: ChatActors;
  /** A photo of the conversation as a file (fetched with the bearer token: an `<img src>` cannot send it). */
  /** Where the texts waiting to be sent are kept across a reload (the patient's: src/pwa/chatOutbox.ts); none: for the panel's life only. */
  readonly outbox?: ChatOutboxStore;
  readonly loadPhoto: (request: { appointmentId: string; photoId: string; token: string }, signal: AbortSignal) => Promise<Blob>;
}
