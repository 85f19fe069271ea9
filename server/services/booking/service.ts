/**
 * The appointment service the routes call (services/index.ts builds it): booking, a patient's
 * list, moves, cancellations and calendar, and the booking confirmation mail. Each method is
 * one file of booking/; the rules they check are checks/, one rule a file.
 */
import type { AppointmentCreateRequest, AppointmentRecord, AppointmentUpdateRequest } from '../../../contract/appointments.js';
import type { MessageAnswer, User } from '../../../contract/auth.js';
import { sessionCaller } from '../../access/caller.js';
import { isOwnEmail } from '../../access/rules.js';
import type { Database } from '../../db/database.js';
import { type MailQueue, noMailQueue } from '../../jobs/keyedMails.js';
import { noObserver, type ServiceObserver } from '../../ops/metrics.js';
import { withReleasedPrescription } from '../../records/patientView.js';
import { listUserAppointments } from '../../repositories/appointmentLists.js';
import { appointmentMessages } from '../appointments.js';
import { ForbiddenError } from '../errors.js';
import type { PeopleService } from '../people.js';
import type { ScheduleService } from '../schedule.js';
import { calendarFile } from './calendar.js';
import { cancelOwn } from './cancel.js';
import { createBooking } from './create.js';
import { moveOwn } from './move.js';
import { recordAt } from './status.js';
import type { RefundQueue } from '../../refunds/queue.js';
import { freeCancelUntil } from '../../refunds/policy.js';
import { defaultCancelFreeHours } from '../../payment/config.js';
import type { WaitlistQueue } from '../../waitlist/slots.js';

export interface AppointmentServiceDeps {
  db: Database;
  now: () => Date;
  schedule: ScheduleService;
  /** HOLD_MINUTES. */
  holdMinutes: number;
  /** PUBLIC_URL: links in the mail and the calendar event's UID. */
  publicUrl: string;
  /** Counts bookings made and slots lost (server/ops/metrics.ts). */
  observer?: Pick<ServiceObserver, 'booking'>;
  /** Family members a booking may be for (services/people.ts). */
  people: Pick<PeopleService, 'bookable'>;
  /** The booking confirmation of a fee due at the clinic ("pay at the clinic"), queued with the booking. */
  mails?: MailQueue;
  /** Where a cancel or a move tells the waitlist the slot it freed (server/waitlist/slots.ts). */
  waitlist: WaitlistQueue;
  /** CANCEL_FREE_HOURS: a patient's cancel this long before the start refunds a paid fee (server/refunds/policy.ts); 24 when absent. */
  cancelFreeHours?: number;
  /** Where a cancel that refunds starts the refund through the payment provider (server/refunds/queue.ts); left to an admin when absent. */
  refunds?: RefundQueue;
}

/** A paid appointment the patient may still cancel: until when the cancel refunds its fee (server/refunds/policy.ts). */
function withCancelPolicy(record: AppointmentRecord, freeHours: number): AppointmentRecord {
  if (record.appointmentPaymentStatus !== 'paid' || (record.appointmentStatus !== 'Booked' && record.appointmentStatus !== 'Expired')) return record;
  const until = freeCancelUntil(record.date, record.startTime, freeHours);
  return until === null ? record : { ...record, freeCancelUntil: until.toISOString() };
}

export function createAppointmentService(options: AppointmentServiceDeps) {
  const deps = { ...options, observer: options.observer ?? noObserver, mails: options.mails ?? noMailQueue };
  const { db, now, holdMinutes } = deps;
  const cancelFreeHours = deps.cancelFreeHours ?? defaultCancelFreeHours;
  return {
    holdMinutes,
    /** CANCEL_FREE_HOURS (the staff console shows it to admins). */
    cancelFreeHours,

    /** POST /appointment/add for the logged-in `user` (create.ts). */
    create: (user: User, request: AppointmentCreateRequest): Promise<AppointmentRecord> => createBooking(deps, user, request),

    /** GET /auth/getUser/{email}: only the user's own list (403 for another email), newest first. */
    async list(user: User, email: string): Promise<AppointmentRecord[]> {
      // The spec's path names the account by its email; an account without one by its id.
      if (!isOwnEmail(sessionCaller(user), email) && email.toLowerCase() !== user._id) throw new ForbiddenError(appointmentMessages.notYourList);
      const at = now();
      return (await listUserAppointments(db, user._id)).map((stored) => withCancelPolicy(withReleasedPrescription(recordAt(stored, at)), cancelFreeHours));
    },

    /** PUT /appointment/update: moves the owner's Booked or Expired appointment to a free slot of its doctor (move.ts). */
    update: (user: User, request: AppointmentUpdateRequest): Promise<{ message: string; appointment: AppointmentRecord }> =>
      moveOwn(deps, user, request),

    /**
     * DELETE /appointment/delete/{userId}/{appointmentId}: the path's userId must be the caller's
     * own (403 otherwise); the appointment is kept as Cancelled, with its payment, and its slot freed (cancel.ts).
     */
    cancel: (user: User, userId: string, appointmentId: string, refundExpected = false): Promise<MessageAnswer> =>
      cancelOwn(deps, user, userId, appointmentId, refundExpected),

    /** GET /appointment/{id}/calendar.ics: the owner's booked and paid appointment as an iCalendar file (calendar.ts). */
    calendar: (user: User, id: string): Promise<{ fileName: string; contentType: string; body: string }> => calendarFile(deps, user, id),
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
