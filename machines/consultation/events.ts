/**
 * What the consultation machine (./consultationMachine.ts) is sent, what its calls answer, what
 * it emits (its effects, until the app provides them), and the toasts it asks for.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import type { FollowUpDraft, PrescriptionField, RemedyField } from './forms.js';

/** What a change (complete, order, did not attend) answers: the server's words and the record as it now is. */
export type ChangeAnswer = { message: string; appointment: AppointmentRecord };

export type ConsultationNotice = { kind: 'checkFields' } | { kind: 'somethingWentWrong' } | ServerNotice;

export type ConsultationEmitted =
  | NoticeEvent<ConsultationNotice>
  | { type: 'appointment.changed'; appointment: AppointmentRecord };

export type ConsultationEvent =
  | { type: 'consultation.retry' }
  | { type: 'prescription.changed'; field: PrescriptionField; value: string }
  | { type: 'prescription.showMedicine'; value: boolean }
  /** The follow-up's kind, unit or numbers (as typed). */
  | { type: 'followUp.changed'; change: Partial<FollowUpDraft> }
  | { type: 'remedy.added' }
  | { type: 'remedy.removed'; key: number }
  | { type: 'remedy.changed'; key: number; field: RemedyField; value: string }
  | { type: 'prescription.save' }
  | { type: 'attendance.note'; value: string }
  | { type: 'attendance.missed' }
  | { type: 'clock.tick'; now: number }
  | { type: 'appointment.replaced'; appointment: AppointmentRecord }
  /** Internal: the stored appointment changed (raised after a prescription save or a replaced record): the forms judge again. */
  | { type: 'appointment.stored' }
  /** Internal: the clock moved on (raised on `clock.tick`): what waits for a time judges again. */
  | { type: 'time.passed' }
  /** Internal: the clock's delay is over; it reads the time (`clock.tick`) and waits again. */
  | { type: 'clock.due' };

export const notice = (tone: Tone, n: ConsultationNotice): NoticeEvent<ConsultationNotice> => ({ type: 'notice', tone, notice: n });

export const failureNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'somethingWentWrong' }));

/** A change saved: the server's words as a success toast. */
export const savedNotice = (answer: ChangeAnswer) => notice('success', { kind: 'server', text: answer.message });
