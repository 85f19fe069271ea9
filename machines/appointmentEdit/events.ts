/**
 * What the edit popup takes and emits. Notices (machines/shared/notices.ts) are data; the kinds
 * and the message each stands for are listed in ./appointmentEditMachine.ts.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { SlotPickerReport } from '../slotPicker/slotPickerMachine.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';

export type AppointmentEditNotice =
  | { kind: 'updated' }
  | { kind: 'updateFailed' }
  | { kind: 'updateError' }
  | { kind: 'slotTaken' }
  | { kind: 'somethingWentWrong' }
  | ServerNotice;

export type AppointmentEditEmitted =
  | NoticeEvent<AppointmentEditNotice>
  | { type: 'appointment.updated'; appointment: AppointmentRecord };

export type AppointmentEditEvent =
  | { type: 'location.selected'; location: string }
  | { type: 'date.selected'; date: string }
  | { type: 'slot.selected'; time: string }
  | { type: 'appointment.save' }
  | { type: 'doctors.retry' }
  | { type: 'slots.retry' }
  /** Pass the current location and date to the slot picker (the machine raises it itself). */
  | { type: 'slots.refresh' }
  /** The slot picker could not load the slots (it sends this itself). */
  | SlotPickerReport;

export const notice = (tone: Tone, n: AppointmentEditNotice): NoticeEvent<AppointmentEditNotice> => ({ type: 'notice', tone, notice: n });

export const somethingWentWrong = notice('error', { kind: 'somethingWentWrong' });
/** The server said no: its words, or 'Failed to update appointment.' */
export const refusedNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'updateFailed' }));
/** The slot was taken meanwhile (409): the server's words, or 'This slot is already booked' */
export const slotTakenNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'slotTaken' }));
