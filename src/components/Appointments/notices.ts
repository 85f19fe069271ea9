/**
 * The /myappointment machines' notices in the catalog's words (src/i18n/messages.ts: the spec's
 * §8 messages word for word in `spec`, the page's own in `appointments`); a `server` notice
 * carries the server's own words.
 */
import type { AppointmentCancelNotice } from '../../../machines/appointmentCancel/appointmentCancelMachine';
import type { AppointmentEditNotice } from '../../../machines/appointmentEdit/events';
import type { AppointmentsNotice } from '../../../machines/appointments/appointmentsMachine';
import type { HelpNotice } from '../../../machines/help/helpMachine';
import type { OrderPaymentNotice } from '../../../machines/orderPayment/orderPaymentMachine';
import type { Tone } from '../../../machines/shared/notices';
import { messages } from '../../i18n/messages';
import { toast } from '../../ui/toast';
import { formatRupees } from '../../format/format';

/**
 * A machine's notice as a toast: success with role="status" (fades), error with role="alert"
 * (stays). Used by the /myappointment and staff providers; kept here, in a chunk they already
 * share, rather than in a module of its own that the home page's preload list would name.
 */
export function showToast(tone: Tone, text: string): number {
  return tone === 'success' ? toast.info(text) : toast.error(text);
}

/** Pay and Add to calendar. */
export function appointmentsNoticeText(notice: AppointmentsNotice): string {
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'calendarFailed':
      return messages.appointments.calendarFailed;
    case 'somethingWentWrong':
      return messages.spec.somethingWentWrong;
  }
}

export function cancelNoticeText(notice: AppointmentCancelNotice): string {
  switch (notice.kind) {
    case 'deleted':
      return messages.spec.appointmentDeleted;
    case 'server':
      return notice.text;
    case 'deleteFailed':
      return messages.spec.appointmentDeleteFailed;
  }
}

export function orderNoticeText(notice: OrderPaymentNotice): string {
  switch (notice.kind) {
    case 'alreadyPaid':
      return messages.appointments.alreadyPaid(formatRupees(notice.amount));
    case 'server':
      return notice.text;
    case 'somethingWentWrong':
      return messages.spec.somethingWentWrong;
  }
}

export function editNoticeText(notice: AppointmentEditNotice): string {
  const { spec } = messages;
  switch (notice.kind) {
    case 'updated':
      return spec.appointmentUpdated;
    case 'updateFailed':
      return spec.appointmentUpdateFailed;
    case 'updateError':
      return spec.appointmentUpdateError;
    case 'slotTaken':
      return spec.slotBooked;
    case 'somethingWentWrong':
      return spec.somethingWentWrong;
    case 'server':
      return notice.text;
  }
}

export function helpNoticeText(notice: HelpNotice): string {
  const { spec } = messages;
  switch (notice.kind) {
    case 'pleaseLogin':
      return spec.pleaseLogin;
    case 'noAppointmentBooked':
      return spec.noAppointmentBooked;
    case 'notChatVideoCall':
      return spec.notChatVideoCall;
  }
}
