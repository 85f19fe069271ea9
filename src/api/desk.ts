/**
 * The front desk's calls (contract/endpoints/desk.ts, docs/desk.md): patients found and registered
 * at the desk, bookings and walk-ins, check-in, counter payments, a doctor's queue and its moves,
 * the day list with its CSV, and the waitlist (read, add, take off). Each needs the staff member's bearer token (reception, an admin;
 * a doctor only their own queue and day); every call resolves to an Either (./client.ts) and
 * passes the caller's signal on to fetch. The console loads this module with its own chunk.
 */
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { MessageAnswer } from '../../contract/auth.js';
import type {
  CounterPaymentRequest,
  DayListQuery,
  DeskBookingRequest,
  DeskPatient,
  DeskSearchAnswer,
  DeskWaitlist,
  DeskWaitlistEntry,
  DeskWaitlistRequest,
  QueueEntry,
  QueueMove,
  WalkInRequest,
} from '../../contract/desk.js';
import { QueueAnswer } from '../../contract/desk.js';
import { deskEndpoints } from '../../contract/endpoints/desk.js';
import type { PatientRequest } from '../../machines/desk/deskBooking/patientForm.js';
import { decodeEvent, readEvents, type StreamEnd } from './chat.js';
import { apiClient, type ApiClient, type ApiFailure, type DownloadedFile } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

/** The day list's query as the wire takes it: an empty doctor or location is left out. */
export type DayListFilter = { date: string; doctorId?: string | null; locationId?: string | null };
export const dayQueryOf = (f: DayListFilter): DayListQuery =>
  ({ date: f.date, ...(f.doctorId ? { doctorId: f.doctorId } : {}), ...(f.locationId ? { locationId: f.locationId } : {}) }) as DayListQuery;

export type DeskApi = {
  registerPatient(patient: PatientRequest, token: string, signal?: AbortSignal): Call<{ patient: DeskPatient }>;
  /** PUT /desk/patients/{id}: a desk patient's details corrected. */
  updatePatient(patientId: string, patient: PatientRequest, token: string, signal?: AbortSignal): Call<{ patient: DeskPatient }>;
  searchPatients(query: string, token: string, signal?: AbortSignal): Call<DeskSearchAnswer>;
  book(request: DeskBookingRequest, token: string, signal?: AbortSignal): Call<AppointmentRecord>;
  walkIn(request: WalkInRequest, token: string, signal?: AbortSignal): Call<{ entry: QueueEntry }>;
  checkIn(appointmentId: string, token: string, signal?: AbortSignal): Call<{ entry: QueueEntry }>;
  takePayment(appointmentId: string, payment: CounterPaymentRequest, token: string, signal?: AbortSignal): Call<AppointmentRecord>;
  /** GET /desk/queue: today's unless a date is given. */
  queue(doctorId: string, date: string | null, token: string, signal?: AbortSignal): Call<QueueAnswer>;
  /** GET /desk/queue/stream: the doctor's queue of today at once, then after each change, until the stream ends (how: its answer). */
  readQueueStream(doctorId: string, token: string, onAnswer: (answer: QueueAnswer) => void, signal: AbortSignal): Promise<StreamEnd>;
  callNext(doctorId: string, room: string, token: string, signal?: AbortSignal): Call<{ entry: QueueEntry }>;
  move(entryId: string, move: QueueMove, token: string, signal?: AbortSignal): Call<{ entry: QueueEntry }>;
  dayList(filter: DayListFilter, token: string, signal?: AbortSignal): Call<AppointmentRecord[]>;
  /** GET /desk/day.csv through the client's file call: the server's file name, or day-<date>.csv. */
  dayCsv(filter: DayListFilter, token: string, signal?: AbortSignal): Call<DownloadedFile>;
  /** GET /desk/waitlist: who waits, and the slots out to them. */
  waitlist(token: string, signal?: AbortSignal): Call<DeskWaitlist>;
  /** POST /desk/waitlist: the patient put on the waitlist for a doctor and days. */
  addToWaitlist(request: DeskWaitlistRequest, token: string, signal?: AbortSignal): Call<DeskWaitlistEntry>;
  /** DELETE /desk/waitlist/{id}: the entry taken off. */
  removeFromWaitlist(entryId: string, token: string, signal?: AbortSignal): Call<MessageAnswer>;
};

export function createDeskApi({ call, download, open }: ApiClient): DeskApi {
  const e = deskEndpoints;
  return {
    registerPatient: (patient, token, signal) => call(e.registerPatient, { body: patient as never, token, signal }),
    updatePatient: (id, patient, token, signal) => call(e.updatePatient, { params: { id }, body: patient as never, token, signal }),
    searchPatients: (q, token, signal) => call(e.searchPatients, { query: { q }, token, signal }),
    book: (request, token, signal) => call(e.book, { body: request, token, signal }),
    walkIn: (request, token, signal) => call(e.walkIn, { body: request, token, signal }),
    checkIn: (id, token, signal) => call(e.checkIn, { params: { id }, token, signal }),
    takePayment: (id, payment, token, signal) => call(e.takePayment, { params: { id }, body: payment, token, signal }),
    queue: (doctorId, date, token, signal) => call(e.queue, { query: { doctorId, ...(date ? { date } : {}) } as never, token, signal }),
    readQueueStream: async (doctorId, token, onAnswer, signal) => {
      const opened = await open(e.queueStream, { query: { doctorId } as never, token, signal, cache: 'no-store' });
      if (isLeft(opened)) return { kind: 'failed', failure: opened.left };
      const body = opened.right.body;
      if (!body) return { kind: 'failed', failure: { _tag: 'NetworkFailure', message: 'The stream has no body.' } };
      return readEvents(body, signal, (event) => {
        if (event.event === 'reconnect') return { kind: 'reconnect' };
        if (event.event === 'changed') return { kind: 'changed' };
        if (event.event !== 'queue') return null;
        const decoded = decodeEvent(QueueAnswer, event.data);
        if (isLeft(decoded)) return { kind: 'failed', failure: decoded.left };
        onAnswer(decoded.right);
        return null;
      });
    },
    callNext: (doctorId, room, token, signal) => call(e.callNext, { body: { doctorId, room } as never, token, signal }),
    move: (id, move, token, signal) => call(e.move, { params: { id, move }, token, signal }),
    dayList: (filter, token, signal) => call(e.dayList, { query: dayQueryOf(filter), token, signal }),
    dayCsv: (filter, token, signal) => download(e.dayCsv, { query: dayQueryOf(filter), token, signal }, `day-${filter.date}.csv`),
    waitlist: (token, signal) => call(e.waitlist, { token, signal }),
    addToWaitlist: (request, token, signal) => call(e.addToWaitlist, { body: request, token, signal }),
    removeFromWaitlist: (id, token, signal) => call(e.removeFromWaitlist, { params: { id }, token, signal }),
  };
}

export const deskApi = createDeskApi(apiClient);
