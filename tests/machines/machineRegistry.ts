/**
 * Every statechart under machines/, one entry per `createMachine` (the admin list factory once,
 * as `adminListMachine`: every list section runs that one chart). machinePaths.test.ts checks this
 * list against the folder, so a new machine cannot be left out of the walked-paths figure.
 */
import type { AnyStateMachine } from 'xstate';
import { emailChangeMachine } from '../../machines/accountContact/emailChangeMachine.js';
import { phoneChangeMachine } from '../../machines/accountContact/phoneChangeMachine.js';
import { resendCountdownMachine } from '../../machines/accountContact/resendCountdownMachine.js';
import { appointmentCancelMachine } from '../../machines/appointmentCancel/appointmentCancelMachine.js';
import { appointmentEditMachine } from '../../machines/appointmentEdit/appointmentEditMachine.js';
import { appointmentsListMachine } from '../../machines/appointments/appointmentsListMachine.js';
import { appointmentsMachine } from '../../machines/appointments/appointmentsMachine.js';
import { availabilityMachine } from '../../machines/availability/availabilityMachine.js';
import { soonestMachine } from '../../machines/availability/soonestMachine.js';
import { bookingMachine } from '../../machines/booking/bookingMachine.js';
import { chatMachine } from '../../machines/chat/chatMachine.js';
import { carouselMachine } from '../../machines/carousel/carouselMachine.js';
import { consultationMachine } from '../../machines/consultation/consultationMachine.js';
import { consultationJoinMachine } from '../../machines/consultationJoin/consultationJoinMachine.js';
import { checkInMachine } from '../../machines/desk/checkIn/checkInMachine.js';
import { dayListMachine } from '../../machines/desk/dayList/dayListMachine.js';
import { deskBookingMachine } from '../../machines/desk/deskBooking/deskBookingMachine.js';
import { patientEditMachine } from '../../machines/desk/patientEdit/patientEditMachine.js';
import { queueMachine } from '../../machines/desk/queue/queueMachine.js';
import { forgotPasswordMachine } from '../../machines/forgotPassword/forgotPasswordMachine.js';
import { helpMachine } from '../../machines/help/helpMachine.js';
import { loginMachine } from '../../machines/login/loginMachine.js';
import { mobileSignInMachine } from '../../machines/mobileSignIn/mobileSignInMachine.js';
import { orderPaymentMachine } from '../../machines/orderPayment/orderPaymentMachine.js';
import { otpMachine } from '../../machines/otp/otpMachine.js';
import { familyMachine } from '../../machines/people/familyMachine.js';
import { profileMachine } from '../../machines/people/profileMachine.js';
import { reminderChannelsMachine } from '../../machines/people/reminderChannelsMachine.js';
import { paymentResultMachine } from '../../machines/paymentResult/paymentResultMachine.js';
import { queueDisplayMachine } from '../../machines/queueDisplay/queueDisplayMachine.js';
import { queuePlaceMachine } from '../../machines/queuePlace/queuePlaceMachine.js';
import { verifyMachine } from '../../machines/verify/verifyMachine.js';
import { accountRecordsMachine } from '../../machines/records/accountRecordsMachine.js';
import { remediesMachine } from '../../machines/records/remediesMachine.js';
import { documentDownloadMachine } from '../../machines/records/documentDownloadMachine.js';
import { registrationMachine } from '../../machines/registration/registrationMachine.js';
import { sessionMachine } from '../../machines/session/sessionMachine.js';
import { siteOptionsMachine } from '../../machines/siteOptions/siteOptionsMachine.js';
import { slotPickerMachine } from '../../machines/slotPicker/slotPickerMachine.js';
import { adminCancelMachine } from '../../machines/staffAdmin/adminCancelMachine.js';
import { adminListMachine } from '../../machines/staffAdmin/adminListMachine.js';
import { confirmedChangeMachine } from '../../machines/staffAdmin/confirmedChangeMachine.js';
import { doctorScheduleMachine } from '../../machines/staffAdmin/doctorScheduleMachine.js';
import { auditLogMachine } from '../../machines/staffConsole/auditLogMachine.js';
import { staffAccessMachine } from '../../machines/staffConsole/staffAccessMachine.js';
import { staffAppointmentsMachine } from '../../machines/staffConsole/staffAppointmentsMachine.js';
import { waitlistLiveMachine } from '../../machines/waitlistOffer/waitlistLiveMachine.js';
import { waitlistMachine } from '../../machines/waitlistOffer/waitlistMachine.js';
import { waitlistOfferMachine } from '../../machines/waitlistOffer/waitlistOfferMachine.js';

/** File (relative to machines/) and the machine it creates. */
export const machineRegistry: ReadonlyArray<{ file: string; machine: AnyStateMachine }> = [
  { file: 'accountContact/emailChangeMachine.ts', machine: emailChangeMachine },
  { file: 'accountContact/phoneChangeMachine.ts', machine: phoneChangeMachine },
  { file: 'accountContact/resendCountdownMachine.ts', machine: resendCountdownMachine },
  { file: 'appointmentCancel/appointmentCancelMachine.ts', machine: appointmentCancelMachine },
  { file: 'appointmentEdit/appointmentEditMachine.ts', machine: appointmentEditMachine },
  { file: 'appointments/appointmentsListMachine.ts', machine: appointmentsListMachine },
  { file: 'appointments/appointmentsMachine.ts', machine: appointmentsMachine },
  { file: 'availability/availabilityMachine.ts', machine: availabilityMachine },
  { file: 'availability/soonestMachine.ts', machine: soonestMachine },
  { file: 'booking/bookingMachine.ts', machine: bookingMachine },
  { file: 'carousel/carouselMachine.ts', machine: carouselMachine },
  { file: 'chat/chatMachine.ts', machine: chatMachine },
  { file: 'consultation/consultationMachine.ts', machine: consultationMachine },
  { file: 'consultationJoin/consultationJoinMachine.ts', machine: consultationJoinMachine },
  { file: 'desk/checkIn/checkInMachine.ts', machine: checkInMachine },
  { file: 'desk/dayList/dayListMachine.ts', machine: dayListMachine },
  { file: 'desk/deskBooking/deskBookingMachine.ts', machine: deskBookingMachine },
  { file: 'desk/patientEdit/patientEditMachine.ts', machine: patientEditMachine },
  { file: 'desk/queue/queueMachine.ts', machine: queueMachine },
  { file: 'forgotPassword/forgotPasswordMachine.ts', machine: forgotPasswordMachine },
  { file: 'help/helpMachine.ts', machine: helpMachine },
  { file: 'login/loginMachine.ts', machine: loginMachine },
  { file: 'mobileSignIn/mobileSignInMachine.ts', machine: mobileSignInMachine },
  { file: 'orderPayment/orderPaymentMachine.ts', machine: orderPaymentMachine },
  { file: 'otp/otpMachine.ts', machine: otpMachine },
  { file: 'paymentResult/paymentResultMachine.ts', machine: paymentResultMachine },
  { file: 'queueDisplay/queueDisplayMachine.ts', machine: queueDisplayMachine },
  { file: 'queuePlace/queuePlaceMachine.ts', machine: queuePlaceMachine },
  { file: 'verify/verifyMachine.ts', machine: verifyMachine },
  { file: 'records/accountRecordsMachine.ts', machine: accountRecordsMachine },
  { file: 'records/remediesMachine.ts', machine: remediesMachine },
  { file: 'records/documentDownloadMachine.ts', machine: documentDownloadMachine },
  { file: 'people/familyMachine.ts', machine: familyMachine },
  { file: 'people/profileMachine.ts', machine: profileMachine },
  { file: 'people/reminderChannelsMachine.ts', machine: reminderChannelsMachine },
  { file: 'registration/registrationMachine.ts', machine: registrationMachine },
  { file: 'session/sessionMachine.ts', machine: sessionMachine },
  { file: 'siteOptions/siteOptionsMachine.ts', machine: siteOptionsMachine },
  { file: 'slotPicker/slotPickerMachine.ts', machine: slotPickerMachine },
  { file: 'staffAdmin/adminCancelMachine.ts', machine: adminCancelMachine },
  { file: 'staffAdmin/adminListMachine.ts', machine: adminListMachine },
  { file: 'staffAdmin/confirmedChangeMachine.ts', machine: confirmedChangeMachine },
  { file: 'staffAdmin/doctorScheduleMachine.ts', machine: doctorScheduleMachine },
  { file: 'staffConsole/auditLogMachine.ts', machine: auditLogMachine },
  { file: 'staffConsole/staffAccessMachine.ts', machine: staffAccessMachine },
  { file: 'staffConsole/staffAppointmentsMachine.ts', machine: staffAppointmentsMachine },
  { file: 'waitlistOffer/waitlistLiveMachine.ts', machine: waitlistLiveMachine },
  { file: 'waitlistOffer/waitlistMachine.ts', machine: waitlistMachine },
  { file: 'waitlistOffer/waitlistOfferMachine.ts', machine: waitlistOfferMachine },
];
