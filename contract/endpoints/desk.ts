/**
 * The front desk's calls (docs/desk.md): reception and admins at the counter, doctors on their own
 * queue. Codecs in contract/desk.ts; served by server/desk/routes.ts.
 *
 *   POST /desk/patients                    DeskPatientRequest -> DeskPatientAnswer     patient.registered
 *        409 code 'deskPatientHasAccount' when an account has that email (book for the account instead)
 *   GET  /desk/patients?q=                 -> DeskSearchAnswer (at most deskSearchLimit hits, `more` past it)
 *   GET  /desk/patients/{id}               -> DeskPatientDetail
 *   PUT  /desk/patients/{id}               DeskPatientRequest -> DeskPatientAnswer     patient.updated
 *        a patient the desk registered (no account): 409 code 'deskPatientIsAccount' for an account's
 *        holder (they keep their own details); the email as on POST (nobody else's)
 *   POST /desk/bookings                    DeskBookingRequest -> AppointmentRecord      appointment.booked
 *        the online booking's refusals (slot taken 409, horizon, leave, type the doctor does not
 *        offer 400); 400 on consultationType for Chat or Video of a patient without an account
 *   POST /desk/walkins                     WalkInRequest -> CheckInAnswer               queue.walkin
 *        409 when the doctor does not work at that location today
 *   POST /desk/appointments/{id}/check-in  -> CheckInAnswer                             queue.checkin
 *        409 'checkInNotToday' (not today's, or not a Clinic Visit), 'checkInTaken' (already in the queue),
 *        'checkInClosed' (Cancelled, Completed, Missed, or an unpaid hold)
 *   POST /desk/appointments/{id}/payment   CounterPaymentRequest -> AppointmentRecord   payment.counter
 *        409 'counterPaid' when already paid
 *   GET  /desk/queue?doctorId=&locationId=&date=  -> QueueAnswer (today by default)
 *   GET  /desk/queue/stream?doctorId=      Server-Sent Events: `queue` events, each a QueueAnswer of
 *        the doctor's queue today (the first at once, then one per change, within a second of it);
 *        `changed` when the session ended or the caller may no longer work that queue (the stream
 *        ends); `reconnect` before the server ends it (shutdown). 404 as GET /desk/queue; 429 past
 *        QUEUE_STREAMS_PER_ACCOUNT, QUEUE_STREAMS_PER_CLIENT or QUEUE_STREAMS_TOTAL
 *   POST /desk/queue/call-next             CallNextRequest -> CheckInAnswer             queue.called
 *        409 'queueBusy' (one is in the room), 'queueEmpty'
 *   POST /desk/queue/{id}/{move}           -> CheckInAnswer   queue.done | queue.noshow | queue.back
 *        409 'queueMoveRefused' when the entry is not in a state the move leaves from
 *   GET  /desk/day?date=&doctorId=&locationId=     -> AppointmentList: the day list
 *   GET  /desk/day.csv?date=&doctorId=&locationId= -> text/csv file of the same rows
 *   GET  /desk/waitlist                    -> DeskWaitlist: who waits for which doctor and days,
 *        and the slot out to each (reception and admins: a doctor gets 404)
 *   POST /desk/waitlist                    DeskWaitlistRequest -> DeskWaitlistEntry     waitlist.added
 *        the patient's join's 400s naming the field (days, doctor, clinic, type; 'profile' for a
 *        patient without phone, age or gender; too many live entries); 409 code 'deskWaitlistOverlap'
 *        when the patient already waits for this doctor on one of these days (two desks at once: one wins)
 *   DELETE /desk/waitlist/{id}             -> MessageAnswer                             waitlist.removed
 *        the entry taken off (a slot held for it given back and passed on); 404 'desk.notFound'
 *        for none, or one that is over
 *
 * Who may call: reception and admins, everything here; a doctor, the queue calls of their own
 * queue and the day list of their own day (another doctor's queue: 404). A patient's token: 404
 * (the desk is not theirs to probe), no token: 401. Bad input: 400 { message, errors } naming
 * the field, nothing written. An unknown or foreign id: 404.
 */
import { AppointmentList, AppointmentRecord } from '../appointments.js';
import { MessageAnswer } from '../auth.js';
import {
  CallNextRequest,
  CheckInAnswer,
  CounterPaymentRequest,
  DayListQuery,
  DeskAppointmentParams,
  DeskBookingRequest,
  DeskPatientAnswer,
  DeskPatientDetail,
  DeskPatientParams,
  DeskPatientRequest,
  DeskSearchAnswer,
  DeskSearchQuery,
  DeskWaitlist,
  DeskWaitlistEntry,
  DeskWaitlistParams,
  DeskWaitlistRequest,
  QueueAnswer,
  QueueMoveParams,
  QueueQuery,
  QueueStreamQuery,
  WalkInRequest,
} from '../desk.js';
import { endpoint, PassThrough } from '../endpoint.js';

export const deskEndpoints = {
  registerPatient: endpoint({ method: 'POST', path: '/desk/patients', body: DeskPatientRequest, answer: DeskPatientAnswer }),
  searchPatients: endpoint({ method: 'GET', path: '/desk/patients', query: DeskSearchQuery, answer: DeskSearchAnswer }),
  patient: endpoint({ method: 'GET', path: '/desk/patients/:id', params: DeskPatientParams, answer: DeskPatientDetail }),
  updatePatient: endpoint({ method: 'PUT', path: '/desk/patients/:id', params: DeskPatientParams, body: DeskPatientRequest, answer: DeskPatientAnswer }),
  book: endpoint({ method: 'POST', path: '/desk/bookings', body: DeskBookingRequest, answer: AppointmentRecord }),
  walkIn: endpoint({ method: 'POST', path: '/desk/walkins', body: WalkInRequest, answer: CheckInAnswer }),
  checkIn: endpoint({ method: 'POST', path: '/desk/appointments/:id/check-in', params: DeskAppointmentParams, answer: CheckInAnswer }),
  takePayment: endpoint({
    method: 'POST',
    path: '/desk/appointments/:id/payment',
    params: DeskAppointmentParams,
    body: CounterPaymentRequest,
    answer: AppointmentRecord,
  }),
  queue: endpoint({ method: 'GET', path: '/desk/queue', query: QueueQuery, answer: QueueAnswer }),
  queueStream: endpoint({ method: 'GET', path: '/desk/queue/stream', query: QueueStreamQuery, answer: PassThrough, kind: 'stream', accept: 'text/event-stream' }),
  callNext: endpoint({ method: 'POST', path: '/desk/queue/call-next', body: CallNextRequest, answer: CheckInAnswer }),
  move: endpoint({ method: 'POST', path: '/desk/queue/:id/:move', params: QueueMoveParams, answer: CheckInAnswer }),
  dayList: endpoint({ method: 'GET', path: '/desk/day', query: DayListQuery, answer: AppointmentList }),
  waitlist: endpoint({ method: 'GET', path: '/desk/waitlist', answer: DeskWaitlist }),
  addToWaitlist: endpoint({ method: 'POST', path: '/desk/waitlist', body: DeskWaitlistRequest, answer: DeskWaitlistEntry }),
  removeFromWaitlist: endpoint({ method: 'DELETE', path: '/desk/waitlist/:id', params: DeskWaitlistParams, answer: MessageAnswer }),
  dayCsv: endpoint({ method: 'GET', path: '/desk/day.csv', query: DayListQuery, answer: PassThrough, kind: 'file', accept: 'text/csv, application/json' }),
};
