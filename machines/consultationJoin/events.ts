/**
 * What the consultation panel machine (./consultationJoinMachine.ts) is sent, what it emits (its
 * effects, until the app provides them), and the toasts it asks for.
 */
import { serverWordsOr } from '../failures.js';
import type { NoticeEvent } from '../shared/notices.js';

export type ConsultationJoinEvent =
  | { type: 'clock.tick'; now: number }
  | { type: 'consultation.retry' }
  | { type: 'call.noanswer'; note: string }
  /** Internal: the clock's delay is over; it reads the time (`clock.tick`) and waits again. */
  | { type: 'clock.due' };

export type ConsultationJoinNotice = { kind: 'noted' } | { kind: 'server'; text: string } | { kind: 'somethingWentWrong' };

export type ConsultationJoinEmitted = NoticeEvent<ConsultationJoinNotice>;

export const noted: NoticeEvent<ConsultationJoinNotice> = { type: 'notice', tone: 'success', notice: { kind: 'noted' } };

export const failureNotice = (error: unknown): NoticeEvent<ConsultationJoinNotice> => ({
  type: 'notice',
  tone: 'error',
  notice: serverWordsOr<ConsultationJoinNotice>(error, { kind: 'somethingWentWrong' }),
});
