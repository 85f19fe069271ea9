/**
 * The calls the front desk's machines get (StaffServices.desk, ../services.tsx): the real ones in
 * ./liveDesk.ts, fakes in tests (tests/component/deskSupport.tsx), given to each machine with
 * `machine.provide({ actors })`. Each actor rejects with an ApiFailure when its call fails.
 */
import type { CallbackActorLogic, PromiseActorLogic } from 'xstate';
import type { AppointmentRecord, TimeSlot } from '../../../contract/appointments';
import type { CounterPaymentRequest, DeskPatient, DeskSearchAnswer, DeskWaitlistEntry, QueueAnswer, QueueEntry, QueueMove } from '../../../contract/desk';
import type { DayQuery, DayRows } from '../../../machines/desk/dayList/dayListMachine';
import type { QueueEvent } from '../../../machines/desk/queue/queueMachine';
import type { BookInput, RegisterInput, SearchInput, WalkInInput } from '../../../machines/desk/deskBooking/context';
import type { DeskDoctor } from '../../../machines/desk/desk';
import type { UpdatePatientInput } from '../../../machines/desk/patientEdit/patientEditMachine';
import type { WaitlistAddInput, WaitlistLoadInput, WaitlistRemoveInput } from '../../../machines/desk/waitlist/setup';
import type { LoadInput } from '../../../machines/staffAdmin/adminListContext';
import type { SlotsRequest } from '../../../machines/slotPicker/slots';
import type { DownloadDocument } from '../../components/Records/DocumentDownloads';

export interface DeskActors {
  /**
   * The doctors the desk works with, active ones, with their locations (GET /staff/doctors); for a
   * doctor's console only their own (the query says the caller's role and email).
   */
  readonly loadDoctors: PromiseActorLogic<DeskDoctor[], LoadInput>;
  readonly searchPatients: PromiseActorLogic<DeskSearchAnswer, SearchInput>;
  readonly registerPatient: PromiseActorLogic<{ patient: DeskPatient }, RegisterInput>;
  readonly updatePatient: PromiseActorLogic<{ patient: DeskPatient }, UpdatePatientInput>;
  /** A doctor's slots of a day at a location ('' their online hours), as the patients' booking reads them. */
  readonly loadTimeSlots: PromiseActorLogic<TimeSlot[], SlotsRequest>;
  readonly book: PromiseActorLogic<AppointmentRecord, BookInput>;
  readonly walkIn: PromiseActorLogic<{ entry: QueueEntry }, WalkInInput>;
  readonly checkIn: PromiseActorLogic<{ entry: QueueEntry }, { appointmentId: string; token: string }>;
  readonly takePayment: PromiseActorLogic<AppointmentRecord, { appointmentId: string; payment: CounterPaymentRequest; token: string }>;
  readonly loadQueue: PromiseActorLogic<QueueAnswer, { doctorId: string; date: string; token: string }>;
  /** The doctor's queue live (GET /desk/queue/stream): sends `stream.answer` per answer, `stream.dropped` once when it ends. */
  readonly queueStream: CallbackActorLogic<QueueEvent, { doctorId: string; token: string }>;
  readonly callNext: PromiseActorLogic<{ entry: QueueEntry }, { doctorId: string; room: string; token: string }>;
  readonly moveEntry: PromiseActorLogic<{ entry: QueueEntry }, { entryId: string; move: QueueMove; token: string }>;
  readonly loadDay: PromiseActorLogic<DayRows, { query: DayQuery; token: string }>;
  /** The day's CSV: `path` is its address under the API (`/desk/day.csv?date=...`, dayCsvPath). */
  readonly downloadDayCsv: DownloadDocument;
  /** GET /desk/waitlist: the live entries, by doctor, in the order slots are offered. */
  readonly loadWaitlist: PromiseActorLogic<DeskWaitlistEntry[], WaitlistLoadInput>;
  /** POST /desk/waitlist: the patient put on it; DELETE /desk/waitlist/{id}: an entry taken off. */
  readonly addToWaitlist: PromiseActorLogic<DeskWaitlistEntry, WaitlistAddInput>;
  readonly removeFromWaitlist: PromiseActorLogic<{ message: string }, WaitlistRemoveInput>;
}

export interface DeskServices {
  readonly actors: DeskActors;
  /** The room a doctor's patients are called to, remembered on this device ('' none yet). */
  readonly rooms: { readonly get: (doctorId: string) => string; readonly set: (doctorId: string, room: string) => void };
  /** Opens the browser's print dialog (the day list's print view). */
  readonly print: () => void;
}

/** The CSV's address under the API for a day list's query (what `downloadDayCsv` is given). */
export function dayCsvPath(query: DayQuery): string {
  const params = new URLSearchParams({ date: query.date });
  if (query.doctorId) params.set('doctorId', query.doctorId);
  if (query.locationId) params.set('locationId', query.locationId);
  return `/desk/day.csv?${params.toString()}`;
}

/** The query of a CSV address made by dayCsvPath. */
export function dayQueryOfPath(path: string): DayQuery {
  const params = new URLSearchParams(path.split('?')[1] ?? '');
  return { date: params.get('date') ?? '', doctorId: params.get('doctorId'), locationId: params.get('locationId') ?? '' };
}
