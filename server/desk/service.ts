/**
 * The front desk's service (docs/desk.md): reception and admins at the counter, doctors on their
 * own queue and day. The routes (routes.ts) call it with a staff member the guard admitted; each
 * method checks who may (context.ts, on server/access/rules.ts) and answers 404 to anybody else.
 * Each part is one file: patients.ts, booking.ts (desk bookings, walk-ins), checkIn.ts,
 * counter.ts (fees at the counter), queue.ts, dayList.ts, waitlist.ts (the waitlist: read, add, take off); the rules are checks/, one a file.
 */
import type {
  CallNextRequest,
  CounterPaymentRequest,
  DayListQuery,
  DeskBookingRequest,
  DeskPatientRequest,
  DeskWaitlistRequest,
  QueueMove,
  QueueQuery,
  WalkInRequest,
} from '../../contract/desk.js';
import type { Staff } from '../services/staff.js';
import { deskBook, walkIn } from './booking.js';
import { checkIn } from './checkIn.js';
import type { DeskDeps } from './context.js';
import { takeCounterPayment } from './counter.js';
import { dayCsv, dayList } from './dayList.js';
import { patientDetail, registerPatient, searchPatients, updatePatient } from './patients.js';
import { callNext, moveQueueEntry, queueLine, readQueue } from './queue.js';
import { addToWaitlist, deskWaitlist, removeFromWaitlist } from './waitlist.js';

export function createDeskService(deps: DeskDeps) {
  return {
    registerPatient: (staff: Staff, request: DeskPatientRequest) => registerPatient(deps, staff, request),
    searchPatients: (staff: Staff, q: string) => searchPatients(deps, staff, q),
    patient: (staff: Staff, id: string) => patientDetail(deps, staff, id),
    updatePatient: (staff: Staff, id: string, request: DeskPatientRequest) => updatePatient(deps, staff, id, request),
    book: (staff: Staff, request: DeskBookingRequest) => deskBook(deps, staff, request),
    walkIn: (staff: Staff, request: WalkInRequest) => walkIn(deps, staff, request),
    checkIn: (staff: Staff, appointmentId: string) => checkIn(deps, staff, appointmentId),
    takePayment: (staff: Staff, appointmentId: string, taken: CounterPaymentRequest) => takeCounterPayment(deps, staff, appointmentId, taken),
    queue: (staff: Staff, query: QueueQuery) => readQueue(deps, staff, query),
    queueLine: (staff: Staff, doctorId: string) => queueLine(deps, staff, doctorId),
    callNext: (staff: Staff, request: CallNextRequest) => callNext(deps, staff, request),
    move: (staff: Staff, id: string, move: QueueMove) => moveQueueEntry(deps, staff, id, move),
    dayList: (staff: Staff, query: DayListQuery) => dayList(deps, staff, query),
    dayCsv: (staff: Staff, query: DayListQuery) => dayCsv(deps, staff, query),
    waitlist: (staff: Staff) => deskWaitlist(deps, staff),
    addToWaitlist: (staff: Staff, request: DeskWaitlistRequest) => addToWaitlist(deps, staff, request),
    removeFromWaitlist: (staff: Staff, id: string) => removeFromWaitlist(deps, staff, id),
  };
}
export type DeskService = ReturnType<typeof createDeskService>;
