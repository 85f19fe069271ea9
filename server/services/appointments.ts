/**
 * Booking (spec §4 booking flow, §7 POST /appointment/add).
 *
 * The server trusts only ids from the request: the doctor (by email), the location (by name),
 * the consultation type, the date and the start time. The doctor's name comes from our doctor
 * list, the fee from the fee list, the owner and the appointment's email from the bearer token.
 * The personal fields (names, phone, age, gender) are the patient's for this appointment. The
 * prescription (`medicines`) is the clinic's to write: it starts empty whatever the body says.
 *
 * A new appointment is unpaid (`appointmentPaymentStatus` 'failed', `appointmentPaymentId` null,
 * as the spec creates it) and holds its slot for HOLD_MINUTES; when the hold lapses unpaid the
 * slot is free again. Two holds of one slot cannot exist: the database refuses the second
 * (repositories/bookings.ts), and its loser gets 409 'This slot is already booked'.
 *
 * Booking the same doctor, date and time again while the patient's own unpaid appointment is
 * there gives that same appointment back, updated with the new choices (type, fee, location,
 * details): no 409 against one's own hold, no second appointment. If that hold lapsed meanwhile,
 * it claims the slot again when the slot is still free.
 *
 * Beyond the booking horizon (BOOKING_HORIZON_DAYS, services/schedule.ts) a booking or a move is
 * refused with 400 naming the date field, before anything is read or written.
 *
 * One patient may hold at most `maxUnpaidHolds` slots unpaid at once (429 beyond), so nobody can
 * block a doctor's day without paying. (A soft limit: two instances may each let one more in.)
 *
 * My appointments: list, move, cancel, calendar, and the booking confirmation mail.
 * - Only the owner: the list answers 403 for another user's email; a move, a cancel or a calendar
 *   of somebody else's appointment answers 404 'Appointment not found.', as for one that does not
 *   exist, so ids cannot be probed.
 * - Expired is worked out at read time, never stored: an appointment stored as Booked whose slot
 *   has ended (its start plus the doctor's slot length, clinic time) reads as Expired (`statusAt`).
 *   No sweep, no timer, the same answer on every instance, and the clock is the service's.
 * - Moving claims the new slot the way booking does: in one transaction, lapse that slot's stale
 *   holds, then point the row at the new slot. The slot index refuses it if somebody else holds
 *   the slot (409, nothing changed); otherwise the old slot is free in the same statement. A paid
 *   appointment keeps its slot for good; an unpaid one keeps its live hold's expiry, or (lapsed)
 *   gets a new hold within the unpaid-holds limit.
 * - Cancelling keeps the record as Cancelled, with its payment (no refund, spec §8), and frees the
 *   slot (holds_slot false).
 * - Patients' moves and cancellations are written to the audit log with the staff's changes.
 *
 * A booking or move racing a schedule change (services/staffSchedule.ts). The day plan is checked
 * before the transaction (a bad request costs no transaction), and again inside it, after locking
 * the doctor's row FOR SHARE (schedule.ts lockedDayPlan). A schedule change locks that row FOR
 * UPDATE for its whole transaction: a booking that comes during a change waits for it and is then
 * refused by the re-check if the change removed its slot; a change that comes during a booking
 * waits for it and then sees the booking (the orphan rule, 409). Bookings of one doctor share the
 * lock, so they do not wait for each other.
 *
 * The patient's move and the admin's move (staff console) are one function, `moveBooking`; the
 * differences (who may move which appointment, the unpaid-holds limit, the audit's actor, the
 * request's field names) are the `Mover`'s.
 *
 * Where each part lives (booking/): service.ts is the service the routes call; create.ts books,
 * composing the rules of checks/ (one rule a file, each with its unit test) in order; dayPlan.ts
 * runs the day plan's checks; move.ts, cancel.ts and calendar.ts (the .ics and the confirmation
 * mail) serve My appointments; status.ts reads Expired. This file keeps the messages and the
 * booking's constants, which those files import (so it imports none of them back).
 */
import { defineMessages } from './messageCodes.js';

export const bookingMessages = defineMessages('booking', {
  slotTaken: 'This slot is already booked',
  alreadyYours: 'You have already booked and paid for this slot.',
  doctorUnknown: 'Doctor not found.',
  notHere: 'This doctor does not work at this location.',
  locationNeeded: 'Please choose a location for a Clinic Visit.',
  onlineNoClinic: 'Chat, Video and Call are online: please choose Online, not a clinic, or book a Clinic Visit.',
  onlineOnly: 'This doctor consults online only: please choose Chat, Video or Call.',
  pastDate: 'Please choose a date from today on.',
  notOffered: 'The doctor does not see patients at this time on this date. Please choose a slot from the list.',
  slotPast: 'This slot is unavailable',
  onLeave: 'Doctor is not available for this date.',
  noFee: 'There is no fee for this consultation type. Please choose another.',
  tooManyHolds: 'You have several unpaid bookings. Please pay one of them, or try again when they lapse.',
  consentNeeded: 'Please agree to a teleconsultation to book a Chat, Video or Call consultation.',
  minorNeedsAdult: 'A minor can be booked only by an adult account holder.',
  holderAgeUnknown: 'Please add your age on your account first: a minor can be booked only by an adult account holder.',
  payAtClinicVisitOnly: 'Paying at the clinic is only for a Clinic Visit. Please pay online.',
  payAtClinicNotHere: 'This clinic does not take the fee at the visit. Please pay online.',
  payAtClinicTooMany: 'You already have visits to pay for at the clinic. Please pay online for this one.',
} as const);

/**
 * How many upcoming visits one online patient may have booked to pay at the clinic at once: a
 * family's visits fit, yet nobody can hold a doctor's week with bookings that cost nothing to make
 * and nothing to miss. Beyond it the patient pays online (the desk's bookings are not counted:
 * the clinic chose to take those).
 */
export const maxDueAtClinic = 2;

/**
 * How many unpaid holds one patient may have at once: enough to retry and to book for the family,
 * too few to block a doctor's day by booking every slot without paying.
 */
export const maxUnpaidHolds = 3;

/** The prefix of the human-readable appointment id: SHC-25-000123 (clinic, year of booking in clinic time, number). */
export const appointmentNumberPrefix = 'SHC';

/** The spec's words where it has them (§8), ours where it has none. */
export const appointmentMessages = defineMessages('appointment', {
  updated: 'Appointment updated successfully.',
  deleted: 'Appointment Deleted Successfully.',
  notFound: 'Appointment not found.',
  notYourList: 'You can see only your own appointments.',
  notYourAccount: 'You can cancel only your own appointments.',
  completed: 'This consultation is completed: it cannot be changed.',
  cancelled: 'This appointment was cancelled.',
  missed: 'You did not attend this appointment: it cannot be changed. Please book a new one.',
  refunded: 'This appointment lost its slot before its payment arrived, and its fee is being refunded. Please book a new one.',
  notConfirmed: 'Only a booked appointment whose fee is paid can be added to a calendar.',
  refundWindowClosed: 'Free cancellation of this appointment has just ended: its fee would not be refunded now. It is not cancelled.',
} as const);

// Read-time status and the slot index's word, for the services that import them from here.
// (Booking itself: booking/service.ts; moving, for the staff console too: booking/move.ts.)
export { isExpected, recordAt, statusAt } from './booking/status.js';
export { isSlotViolation } from './booking/slotIndex.js';
export type { BookingFields } from './booking/dayPlan.js';
export type { MoveDeps, Mover } from './booking/move.js';
export type { AppointmentService, AppointmentServiceDeps } from './booking/service.js';
