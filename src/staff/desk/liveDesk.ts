/**
 * The real front desk calls (DeskServices, ./services.ts), over src/api/desk.ts and the slot and
 * doctor calls the rest of the console makes; the rooms remembered in this browser's storage.
 */
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { fromCallback } from 'xstate';
import { doctorEndpoints } from '../../../contract/endpoints/site';
import { deskDoctorOf, type DeskDoctor } from '../../../machines/desk/desk';
import type { DayQuery, DayRows } from '../../../machines/desk/dayList/dayListMachine';
import type { QueueEvent } from '../../../machines/desk/queue/queueMachine';
import type { BookInput, RegisterInput, SearchInput, WalkInInput } from '../../../machines/desk/deskBooking/context';
import type { UpdatePatientInput } from '../../../machines/desk/patientEdit/patientEditMachine';
import type { WaitlistAddInput, WaitlistLoadInput, WaitlistRemoveInput } from '../../../machines/desk/waitlist/setup';
import type { LoadInput } from '../../../machines/staffAdmin/adminListContext';
import type { SlotsRequest } from '../../../machines/slotPicker/slots';
import { apiClient, type ApiFailure } from '../../api/client';
import { deskApi } from '../../api/desk';
import { fetchFilterDoctors } from '../../api/staff';
import { staffAdminApi } from '../../api/staffAdmin';
import { fromApi } from '../../app/fromApi';
import { dayQueryOfPath, type DeskServices } from './services';

/**
 * Reception and admins: every active doctor with their locations (GET /staff/doctors). A doctor's
 * console: their own record from the public list, matched by the account's email (the queue and
 * the day list need only its id).
 */
async function deskDoctors({ token, query }: LoadInput, signal: AbortSignal): Promise<Either<ApiFailure, DeskDoctor[]>> {
  if (query.role === 'doctor') {
    const all = await apiClient.call(doctorEndpoints.all, { signal });
    if (isLeft(all)) return all;
    const own = all.right.filter((d) => d.email.toLowerCase() === (query.email ?? '').toLowerCase());
    return right(own.map((d) => ({ _id: d._id, name: d.name, email: d.email, type: d.type, locations: [] })));
  }
  const answer = await fetchFilterDoctors(token, signal);
  return isLeft(answer) ? answer : right(answer.right.filter((d) => d.active).map(deskDoctorOf));
}

/** The day's rows, with the tokens of that doctor's queue that day (the list shows without them if the queue cannot be read). */
async function dayRows({ query, token }: { query: DayQuery; token: string }, signal: AbortSignal): Promise<Either<ApiFailure, DayRows>> {
  const list = await deskApi.dayList(query, token, signal);
  if (isLeft(list)) return list;
  const queue = query.doctorId ? await deskApi.queue(query.doctorId, query.date, token, signal) : null;
  const tokens = queue && !isLeft(queue) ? Object.fromEntries(queue.right.entries.map((e) => [e.appointment._id, e.token])) : {};
  return right({ appointments: list.right, tokens });
}

/**
 * The queue's stream as the queue machine's `queueStream` actor: each answer sent on, and one
 * `stream.dropped` however it ends (the server's reconnect or changed, a refusal, a broken
 * network), after which the machine polls; the fetch aborted when the machine stops the actor.
 */
const queueStream = fromCallback<QueueEvent, { doctorId: string; token: string }>(({ input, sendBack }) => {
  const controller = new AbortController();
  const dropped = () => controller.signal.aborted || sendBack({ type: 'stream.dropped' });
  deskApi.readQueueStream(input.doctorId, input.token, (answer) => sendBack({ type: 'stream.answer', answer }), controller.signal).then(dropped, dropped);
  return () => controller.abort();
});

const roomKey = (doctorId: string) => `desk.room.${doctorId}`;

export const liveDeskServices: DeskServices = {
  actors: {
    loadDoctors: fromApi(deskDoctors),
    searchPatients: fromApi(({ query, token }: SearchInput, signal) => deskApi.searchPatients(query, token, signal)),
    registerPatient: fromApi(({ patient, token }: RegisterInput, signal) => deskApi.registerPatient(patient, token, signal)),
    updatePatient: fromApi(({ patientId, patient, token }: UpdatePatientInput, signal) => deskApi.updatePatient(patientId, patient, token, signal)),
    loadTimeSlots: fromApi((input: SlotsRequest, signal) =>
      staffAdminApi.fetchTimeSlots(input.doctorEmail, input.date, input.location, input.token ?? '', signal),
    ),
    book: fromApi(({ request, token }: BookInput, signal) => deskApi.book(request, token, signal)),
    walkIn: fromApi(({ request, token }: WalkInInput, signal) => deskApi.walkIn(request, token, signal)),
    checkIn: fromApi(({ appointmentId, token }: { appointmentId: string; token: string }, signal) => deskApi.checkIn(appointmentId, token, signal)),
    takePayment: fromApi(
      ({ appointmentId, payment, token }: { appointmentId: string; payment: Parameters<typeof deskApi.takePayment>[1]; token: string }, signal) =>
        deskApi.takePayment(appointmentId, payment, token, signal),
    ),
    loadQueue: fromApi(({ doctorId, date, token }: { doctorId: string; date: string; token: string }, signal) =>
      deskApi.queue(doctorId, date, token, signal),
    ),
    queueStream,
    callNext: fromApi(({ doctorId, room, token }: { doctorId: string; room: string; token: string }, signal) =>
      deskApi.callNext(doctorId, room, token, signal),
    ),
    moveEntry: fromApi(({ entryId, move, token }: { entryId: string; move: Parameters<typeof deskApi.move>[1]; token: string }, signal) =>
      deskApi.move(entryId, move, token, signal),
    ),
    loadDay: fromApi(dayRows),
    downloadDayCsv: fromApi(({ path, token }: { path: string; token: string }, signal) => deskApi.dayCsv(dayQueryOfPath(path), token, signal)),
    loadWaitlist: fromApi(async ({ token }: WaitlistLoadInput, signal) => {
      const answer = await deskApi.waitlist(token, signal);
      return isLeft(answer) ? answer : right(answer.right.entries);
    }),
    addToWaitlist: fromApi(({ request, token }: WaitlistAddInput, signal) => deskApi.addToWaitlist(request, token, signal)),
    removeFromWaitlist: fromApi(({ entryId, token }: WaitlistRemoveInput, signal) => deskApi.removeFromWaitlist(entryId, token, signal)),
  },
  rooms: {
    get: (doctorId) => {
      try {
        return localStorage.getItem(roomKey(doctorId)) ?? '';
      } catch {
        return '';
      }
    },
    set: (doctorId, room) => {
      try {
        localStorage.setItem(roomKey(doctorId), room);
      } catch {
        // Storage refused (private mode, full): the room is asked again next time.
      }
    },
  },
  print: () => window.print(),
};
