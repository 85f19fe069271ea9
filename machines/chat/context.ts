/**
 * The chat machine's input and context (./chatMachine.ts), its two delays, and what the context
 * says once derived: the messages merged by id, the unread count, the read mark.
 */
import type { ChatConversation, ChatMessage } from '../../contract/chat.js';

export type ChatInput = {
  appointmentId: string;
  token: string;
  now: number;
  /** The pause before reconnecting after the stream dropped (default `chatReconnectMs`). */
  reconnectMs?: number;
  /** Texts written earlier and not yet sent (kept by the app across a reload: src/components/Chat/outboxStore.ts). */
  outbox?: readonly ChatOutboxItem[];
};

/**
 * A text waiting to be sent, with the id made for it when it was written (a UUID): every attempt
 * sends the same id, so the server keeps it once even when an answer was lost on the way back.
 */
export type ChatOutboxItem = { clientId: string; text: string };

/**
 * Why a text or photo was not sent, shown on its field: the server's words (a 400), or what the
 * browser found before sending (`kind`, said in the panel's language): a photo over the size limit
 * or a file that says it is not an image.
 */
export type ChatProblem = { field: 'text' | 'photo'; text: string } | { field: 'photo'; kind: 'photoTooLarge' | 'notAPhoto' };

export type ChatContext = {
  appointmentId: string;
  token: string;
  now: number;
  /** The pause before reconnecting (the delay `reconnect`). */
  reconnectMs: number;
  conversation: ChatConversation | null;
  /** Every message once, in id order. */
  messages: ChatMessage[];
  /** The text being written. */
  draft: string;
  /** Texts written and not yet sent, oldest first; the first is the one going out. */
  outbox: ChatOutboxItem[];
  /** Why the server refused the last text or photo (a 400), shown on that field; null: none. */
  problem: ChatProblem | null;
  /** The last message id known read by the caller ('0': none). */
  readUpTo: string;
  /** The messages are on screen (`view.shown`), so what arrives is read. */
  onScreen: boolean;
};

/** How often the clock is read (the delay `tick`). */
export const chatTickMs = 15_000;
/** The pause before reconnecting, unless the input says otherwise. */
export const chatReconnectMs = 2_000;

export const initialContext = (input: ChatInput): ChatContext => ({
  appointmentId: input.appointmentId,
  token: input.token,
  now: input.now,
  reconnectMs: input.reconnectMs ?? chatReconnectMs,
  conversation: null,
  messages: [],
  draft: '',
  outbox: [...(input.outbox ?? [])],
  problem: null,
  readUpTo: '0',
  onScreen: false,
});

/** Messages merged by id (each once), in id order: what a reload or a resumed stream brings twice is kept once. */
export function mergeMessages(known: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(known.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
}

export const lastMessageId = (messages: readonly ChatMessage[]): string => messages.at(-1)?.id ?? '0';

export const idAfter = (a: string, b: string): boolean => BigInt(a) > BigInt(b);

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
export function newestOfOther(context: ChatContext): string | null {
  const other = otherParty(context.conversation);
  return context.messages.findLast((m) => m.from === other)?.id ?? null;
}
