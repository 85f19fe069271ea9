/**
 * What the chat machine (./chatMachine.ts) is sent, what it emits (its effects, until the app
 * provides them), and how a refused text or photo is told.
 */
import type { ChatMessage } from '../../contract/chat.js';
import { fieldErrorsOf, refusedWith, serverWordsOr } from '../failures.js';
import type { NoticeEvent } from '../shared/notices.js';
import type { ChatProblem } from './context.js';

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
  /** Internal: is there something on screen to mark read? */
  | { type: 'read.check' }
  /** Internal: the clock's delay is over; it reads the time (`clock.tick`) and waits again. */
  | { type: 'clock.due' };

export type ChatNotice = { kind: 'server'; text: string } | { kind: 'somethingWentWrong' };
export type ChatEmitted = NoticeEvent<ChatNotice>;

/** A 400 naming the text or the photo: the server's words for that field; null for any other failure. */
export function problemOf(error: unknown, field: ChatProblem['field']): ChatProblem | null {
  if (!refusedWith(error, (status) => status === 400)) return null;
  const text = fieldErrorsOf(error)[field];
  return text === undefined ? null : { field, text };
}

export const failureNotice = (error: unknown): NoticeEvent<ChatNotice> => ({
  type: 'notice',
  tone: 'error',
  notice: serverWordsOr<ChatNotice>(error, { kind: 'somethingWentWrong' }),
});
