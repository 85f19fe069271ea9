/** What the payment result pages send their machine, and what it emits (notices: machines/shared/notices.ts). */
import type { CalendarFile } from '../appointments/appointmentsMachine.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice } from '../shared/notices.js';

export type PaymentResultNotice = { kind: 'calendarFailed' } | ServerNotice;

export type PaymentResultEmitted =
  | { type: 'navigate'; to: '/' }
  | { type: 'booking.reopen' }
  | ({ type: 'calendar.file' } & CalendarFile)
  | NoticeEvent<PaymentResultNotice>;

export type PaymentResultEvent =
  | { type: 'countdown.skip' }
  | { type: 'payment.recheck' }
  | { type: 'calendar.add' }
  | { type: 'session.changed'; token: string | null; checking: boolean };

/** The calendar file could not be had: the server's words, or the catalog's. */
export const calendarFailed = (error: unknown): NoticeEvent<PaymentResultNotice> => ({
  type: 'notice',
  tone: 'error',
  notice: serverWordsOr(error, { kind: 'calendarFailed' as const }),
});
