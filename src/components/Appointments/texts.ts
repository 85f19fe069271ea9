/**
 * The /myappointment words that are not the spec's (labels, buttons, states), and the machines'
 * notices in the catalog's words (spec §8, word for word, from src/i18n/messages.ts `spec`).
 * Kept with the views for now; they move into the catalog (src/i18n/messages.ts) when it is free.
 */
import type { AppointmentStatus } from '../../../contract/appointments';
import type { AppointmentCancelNotice } from '../../../machines/appointmentCancel/appointmentCancelMachine';
import type { AppointmentEditNotice } from '../../../machines/appointmentEdit/appointmentEditMachine';
import type { AppointmentsNotice } from '../../../machines/appointments/appointmentsMachine';
import type { HelpNotice } from '../../../machines/help/helpMachine';
import type { OrderPaymentNotice } from '../../../machines/orderPayment/orderPaymentMachine';
import { messages } from '../../i18n/messages';
import { formatRupees } from './format';

export const appointmentTexts = {
  title: 'My appointments',
  loading: 'Loading your appointments…',
  refreshing: 'Updating the list…',
  tryAgain: 'Try again',
  listLabel: 'Your appointments',
  appointmentHeading: (doctor: string, date: string) => `${doctor}, ${date}`,
  doctor: 'Doctor',
  location: 'Location',
  consultationType: 'Consultation type',
  date: 'Date',
  time: 'Time',
  status: 'Status',
  appointmentId: 'Appointment ID',
  statusNames: { Booked: 'Booked', Expired: 'Expired', Completed: 'Completed', Cancelled: 'Cancelled' } satisfies Record<
    AppointmentStatus,
    string
  >,
  feeUnpaid: (until: string | null) =>
    until === null
      ? 'Fee not paid: this appointment is not confirmed yet. Pay to keep it.'
      : `Fee not paid: this appointment is not confirmed yet. Your slot is held until ${until}; pay to keep it.`,
  feeLapsed: 'Fee not paid: this appointment was never confirmed, and its slot is no longer held.',
  feeRefunded: 'Fee refunded.',
  pay: 'Pay',
  payFee: (amount: string) => `Pay ${amount}`,
  paying: 'Opening the payment page…',
  edit: 'Edit',
  cancel: 'Cancel',
  cancelTitle: 'Cancel appointment',
  cancelYes: 'Yes, cancel it',
  cancelNo: 'No, keep it',
  cancelling: 'Cancelling…',
  orderHeading: 'Pharmacy order',
  orderTotal: 'Total',
  orderPaymentMode: 'Payment mode',
  orderPaymentStatus: 'Payment status',
  orderStatus: 'Order status',
  payNow: 'Pay Now',
  alreadyPaid: (amount: number) => `You have already paid ${formatRupees(amount)}.`,
  editTitle: 'Edit appointment',
  editWhich: (doctor: string, type: string) => `${doctor}, ${type}`,
  editLocation: 'Location',
  chooseLocation: 'Choose a location',
  editDate: 'Date',
  editTime: 'Time',
  slotsWaiting: 'Choose a location and a date to see the times.',
  slotsLoading: 'Loading the times…',
  slotBooked: 'booked',
  slotUnavailable: 'unavailable',
  slotsNote: 'Times marked booked or unavailable cannot be chosen.',
  doctorsFailed: "We could not load the doctor's other locations.",
  save: 'Save',
  saving: 'Saving…',
  close: 'Close',
  missing: (fields: readonly string[]) => `To save, choose: ${fields.join(', ')}.`,
  sameAsBefore: 'Choose a different location, date or time to save.',
  help: 'Help',
  helpTitle: 'Help with your consultation',
  helpIntro: 'Chat with us, call us or write to us about your consultation.',
  helpChat: 'Chat on WhatsApp',
  helpCall: (phone: string) => `Call ${phone}`,
  helpEmail: (address: string) => `Email ${address}`,
  opensInNewTab: '(opens in a new tab)',
  prescriptionHeading: 'Prescription',
  complaint: 'Complaint',
  remedies: 'Remedies',
  medicine: 'Medicine',
  dosage: 'Dosage',
  frequency: 'Frequency',
  potency: 'Potency',
  duration: 'Duration',
  pharmacy: 'Pharmacy',
  instructions: 'Instructions',
} as const;

/** The list's and the Pay button's notices. */
export function appointmentsNoticeText(notice: AppointmentsNotice): string {
  return notice.kind === 'server' ? notice.text : messages.spec.somethingWentWrong;
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
      return appointmentTexts.alreadyPaid(notice.amount);
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
