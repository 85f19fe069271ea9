/** The chat machine's guards (./chatMachine.ts): where a loaded conversation stands, what may be sent, what to mark read. */
import { chatPhotoMaxBytes, type ChatConversation } from '../../contract/chat.js';
import { asApiFailure } from '../failures.js';
import { idAfter, newestOfOther, type ChatContext } from './context.js';
import { problemOf, type ChatEvent } from './events.js';

type Args = { context: ChatContext; event: ChatEvent };
type Loaded = { conversation: ChatConversation };

export const chatGuards = {
  isUpcoming: (_: unknown, params: Loaded) => params.conversation.state === 'upcoming',
  isLive: (_: unknown, params: Loaded) =>
    params.conversation.as !== 'admin' && (params.conversation.state === 'open' || params.conversation.state === 'followup'),
  isClosed: (_: unknown, params: Loaded) => params.conversation.state === 'unavailable',
  isOpeningDue: ({ context, event }: Args) =>
    event.type === 'clock.tick' && context.conversation !== null && event.now >= Date.parse(context.conversation.opensAt),
  hasText: ({ event }: Args) => event.type === 'message.send' && event.text.trim().length > 0,
  /** A text to keep for later while the stream is down: only in a chat the caller may write in (or not known yet: loaded offline). */
  mayQueue: ({ context, event }: Args) =>
    event.type === 'message.send' && event.text.trim().length > 0 && (context.conversation === null || context.conversation.canWrite),
  hasOutbox: ({ context }: Args) => context.outbox.length > 0,
  /** No answer, or the server failing (5xx): the text stays in the outbox and goes again. */
  isUnanswered: (_: unknown, params: { error: unknown }) => {
    const failure = asApiFailure(params.error);
    return failure._tag === 'NetworkFailure' || (failure._tag === 'HttpFailure' && failure.status >= 500);
  },
  isOffline: (_: unknown, params: { error: unknown }) => asApiFailure(params.error)._tag === 'NetworkFailure',
  // Checked before uploading up to 10 MB over a phone's data; the server checks again.
  isPhotoTooLarge: ({ event }: Args) => event.type === 'photo.send' && event.photo.size > chatPhotoMaxBytes,
  // A file that says what it is and is not an image (no type: the server decides; HEIC often has none).
  isNotAPhoto: ({ event }: Args) => event.type === 'photo.send' && event.photo.type !== '' && !event.photo.type.startsWith('image/'),
  isTextProblem: (_: unknown, params: { error: unknown }) => problemOf(params.error, 'text') !== null,
  isPhotoProblem: (_: unknown, params: { error: unknown }) => problemOf(params.error, 'photo') !== null,
  hasUnseen: ({ context }: Args) => {
    const newest = newestOfOther(context);
    return context.onScreen && newest !== null && idAfter(newest, context.readUpTo);
  },
};
