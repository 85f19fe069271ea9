/**
 * What an admin list takes and emits. Notices are data (machines/shared/notices.ts); the kinds
 * are listed in ./adminListMachine.ts.
 */
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import type { Draft } from './adminListContext.js';

export type AdminListNotice =
  | { kind: 'saved' }
  | { kind: 'deleted' }
  | { kind: 'loadFailed' }
  | { kind: 'saveFailed' }
  | { kind: 'deleteFailed' }
  | { kind: 'reorderFailed' }
  | { kind: 'checkFields' }
  | ServerNotice;

export type FailureKind = 'loadFailed' | 'saveFailed' | 'deleteFailed' | 'reorderFailed' | 'checkFields';

export type AdminListEmitted =
  | NoticeEvent<AdminListNotice>
  | { type: 'item.saved'; id: string | null };

export type AdminListEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'query.change'; query: Draft }
  | { type: 'item.add' }
  | { type: 'item.edit'; id: string }
  | { type: 'draft.change'; field: string; value: string }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'item.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.dismiss' }
  | { type: 'item.move'; id: string; offset: -1 | 1 }
  | { type: 'conflict.handled'; appointmentId: string };

export const notice = (tone: Tone, n: AdminListNotice): NoticeEvent<AdminListNotice> => ({ type: 'notice', tone, notice: n });
/** The server's message when it said one, else `otherwise`. */
export const spoken = (message: string, otherwise: AdminListNotice): AdminListNotice =>
  message.trim() === '' ? otherwise : { kind: 'server', text: message };
export const failureNotice = (error: unknown, kind: FailureKind) => notice('error', serverWordsOr<AdminListNotice>(error, { kind }));
