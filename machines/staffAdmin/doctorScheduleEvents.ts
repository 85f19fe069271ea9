/**
 * What the schedule editor takes and emits. Notices are data (machines/shared/notices.ts); the
 * kinds are listed in ./doctorScheduleMachine.ts.
 */
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import type { HoursField, LeaveField } from './doctorScheduleContext.js';

export type ScheduleNotice =
  | { kind: 'saved' }
  | { kind: 'loadFailed' }
  | { kind: 'saveFailed' }
  | { kind: 'checkFields' }
  | ServerNotice;

export type ScheduleEmitted = NoticeEvent<ScheduleNotice>;

export type ScheduleEvent =
  | { type: 'schedule.retry' }
  | { type: 'hours.location.selected'; locationId: string }
  | { type: 'hours.row.add' }
  | { type: 'hours.row.remove'; key: number }
  | { type: 'hours.row.change'; key: number; field: HoursField; value: string }
  | { type: 'hours.save' }
  | { type: 'leave.change'; field: LeaveField; value: string }
  | { type: 'leave.add' }
  | { type: 'leave.remove'; leaveId: string }
  | { type: 'conflict.handled'; appointmentId: string }
  | { type: 'conflict.dismiss' };

export const notice = (tone: Tone, n: ScheduleNotice): NoticeEvent<ScheduleNotice> => ({ type: 'notice', tone, notice: n });

export type FailureKind = 'loadFailed' | 'saveFailed' | 'checkFields';

export const savedNotice = (message: string) => notice('success', message.trim() === '' ? { kind: 'saved' } : { kind: 'server', text: message });
export const failureNotice = (error: unknown, kind: FailureKind) => notice('error', serverWordsOr<ScheduleNotice>(error, { kind }));
