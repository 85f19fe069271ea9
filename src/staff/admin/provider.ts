/**
 * The admin screens' provider: the admin machines (the lists, a confirmed change, a doctor's
 * schedule, the clinic's cancel and move of a booking) with their calls (./services.tsx: the
 * admin API, or a test's; wrapped by `fromApi`) and their effects as provided actions, not events
 * the views listen for:
 * - `notify`: a toast in the console's words (src/i18n/staffAdminMessages.ts), or the server's;
 * - `tellDone` / `announceCancelled` / `announceUpdated`: the caller's `onDone`, `onCancelled`,
 *   `onMoved`, then the popup closes.
 * A call answered 401 is none of theirs: the request base ends the session (src/api/client.ts).
 * The views render the state and send events.
 */
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import { useRef, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import type { Doctor } from '../../../contract/site';
import type { AdminDoctor } from '../../../contract/staffAdmin';
import { appointmentEditMachine } from '../../../machines/appointmentEdit/appointmentEditMachine';
import type { UpdateRequest } from '../../../machines/appointmentEdit/context';
import { clinicToday } from '../../../contract/clinicTime';
import type { NoticeEvent } from '../../../machines/shared/notices';
import type { SlotsRequest } from '../../../machines/slotPicker/slots';
import { slotPickerMachine } from '../../../machines/slotPicker/slotPickerMachine';
import { adminCancelMachine, type AdminCancelNotice } from '../../../machines/staffAdmin/adminCancelMachine';
import type { AdminListMachine } from '../../../machines/staffAdmin/adminListMachine';
import type { Draft, ListItem } from '../../../machines/staffAdmin/adminListContext';
import type { AdminListNotice } from '../../../machines/staffAdmin/adminListEvents';
import { confirmedChangeMachine, type ConfirmedChangeNotice } from '../../../machines/staffAdmin/confirmedChangeMachine';
import { doctorScheduleMachine } from '../../../machines/staffAdmin/doctorScheduleMachine';
import { onlineHoursId, type HoursPayload, type LeaveDraft } from '../../../machines/staffAdmin/doctorScheduleContext';
import type { ScheduleNotice } from '../../../machines/staffAdmin/doctorScheduleEvents';
import type { ApiFailure } from '../../api/client';
import { fromApi } from '../../app/fromApi';
import { useProvidedActor } from '../../app/useProvidedActor';
import { editNoticeText, showToast } from '../../components/Appointments/notices';
import { getStaffAdminMessages } from '../../i18n/staffAdminMessages';
import { useStaff } from '../StaffContext';
import { useAdminServices } from './services';


/** The lists' and the schedule's notices (a schedule's kinds are a few of a list's). */
function listNoticeText(notice: AdminListNotice | ScheduleNotice): string {
  const { common } = getStaffAdminMessages();
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'saved':
      return common.saved;
    case 'deleted':
      return common.deleted;
    case 'loadFailed':
      return common.loadFailed;
    case 'saveFailed':
      return common.saveFailed;
    case 'deleteFailed':
      return common.deleteFailed;
    case 'reorderFailed':
      return common.reorderFailed;
    case 'checkFields':
      return common.checkFields;
  }
}

function cancelNoticeText(notice: AdminCancelNotice): string {
  const texts = getStaffAdminMessages().appointments;
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'cancelled':
      return texts.cancelled;
    case 'cancelFailed':
      return texts.cancelFailed;
  }
}

const changeNoticeText = (notice: ConfirmedChangeNotice): string =>
  notice.kind === 'server' ? notice.text : getStaffAdminMessages().appointments.changeFailed;

/** A `notify` action that shows the machine's notice as a toast, in the words `text` gives. */
const toastIn =
  <N,>(text: (notice: N) => string) =>
  (_: unknown, { tone, notice }: NoticeEvent<N>) =>
    showToast(tone, text(notice));

type Implementations<Item extends ListItem> = Parameters<AdminListMachine<Item>['provide']>[0];

/** One admin list machine with the given calls and the staff caller's token. */
export function useAdminList<Item extends ListItem>(
  machine: AdminListMachine<Item>,
  actors: Implementations<Item>['actors'],
  query?: Draft,
) {
  const { token } = useStaff();
  return useProvidedActor(() => machine.provide({ actors, actions: { notify: toastIn(listNoticeText) } }), {
    input: { token, ...(query ? { query } : {}) },
  });
}

/**
 * One confirmed-change machine with the call that makes the change (`apply`); `onDone` follows it
 * (a list then loads again; a page showing the appointment takes the record the server answered,
 * or null when the call answers none, e.g. a doctor's).
 */
export function useConfirmedChange(
  apply: (choice: string, token: string, signal: AbortSignal) => Promise<Either<ApiFailure, { message: string; appointment?: AppointmentRecord }>>,
  onDone: (appointment: AppointmentRecord | null) => void,
  choice = '',
) {
  const { token } = useStaff();
  // The latest onDone (`done`), without starting the machine again when the caller's function changes.
  return useProvidedActor(
    (done) =>
      confirmedChangeMachine.provide({
        actors: {
          applyChange: fromApi(
            (input: { token: string; choice: string }, signal) => apply(input.choice, input.token, signal),
            // Only the words and the appointment go on: other answers' records (a doctor) are the list's to load.
            (answer) => ({ message: answer.message, appointment: answer.appointment ?? null }),
          ),
        },
        actions: {
          notify: toastIn(changeNoticeText),
          tellDone: (_, { answer }) => done.current(answer.appointment),
        },
      }),
    { input: { token, choice } },
    onDone,
  );
}

/** One doctor's schedule editor machine. */
export function useScheduleActor(doctorId: string) {
  const { token } = useStaff();
  const { api } = useAdminServices();
  return useProvidedActor(
    () =>
      doctorScheduleMachine.provide({
        actors: {
          loadSchedule: fromApi((input: { doctorId: string; token: string }, signal) => api.fetchSchedule(input.doctorId, input.token, signal)),
          replaceHours: fromApi((input: { doctorId: string; locationId: string; hours: HoursPayload; token: string }, signal) =>
            input.locationId === onlineHoursId
              ? api.replaceOnlineHours(input.doctorId, { hours: input.hours }, input.token, signal)
              : api.replaceHours(input.doctorId, input.locationId, { hours: input.hours }, input.token, signal),
          ),
          addLeave: fromApi((input: { doctorId: string; leave: LeaveDraft; token: string }, signal) =>
            api.addLeave(input.doctorId, input.leave, input.token, signal),
          ),
          removeLeave: fromApi((input: { doctorId: string; leaveId: string; token: string }, signal) =>
            api.removeLeave(input.doctorId, input.leaveId, input.token, signal),
          ),
        },
        actions: { notify: toastIn(listNoticeText) },
      }),
    { input: { doctorId, token } },
  );
}

/** A popup that changes one appointment: what follows the change, and closing. */
interface AppointmentPopup {
  readonly onChanged: (appointment: AppointmentRecord) => void;
  readonly onClose: () => void;
}

/** The clinic cancels one booking. */
export function useAdminCancelActor(appointment: AppointmentRecord, popup: AppointmentPopup) {
  const { token } = useStaff();
  const { api } = useAdminServices();
  return useProvidedActor(
    (latest) =>
      adminCancelMachine.provide({
        actors: {
          cancelAppointment: fromApi((input: { appointmentId: string; reason: string; token: string }, signal) =>
            api.cancelAppointment(input.appointmentId, { reason: input.reason }, token, signal),
          ),
        },
        actions: {
          notify: toastIn(cancelNoticeText),
          announceCancelled: ({ context }) => {
            latest.current.onChanged(context.appointment);
            latest.current.onClose();
          },
        },
      }),
    { input: { appointment, token } },
    popup,
  );
}

/** The public doctor shape the edit flow reads (locations by name). */
const asDoctor = (d: AdminDoctor): Doctor => ({
  _id: d._id,
  name: d.name,
  email: d.email,
  type: d.type,
  qualification: d.qualification,
  locations: d.locations.map((l) => l.name),
  // The date picker's max: the booking horizon (GET /staff/doctors carries it).
  ...(d.bookableUntil === undefined ? {} : { bookableUntil: d.bookableUntil }),
});

/**
 * The clinic moves one booking: the patient's edit flow (machines/appointmentEdit) saved with the
 * admin's move call (POST /staff/appointments/{id}/move, by location id).
 */
export function useMoveActor(appointment: AppointmentRecord, popup: AppointmentPopup) {
  const { token } = useStaff();
  const { api, now } = useAdminServices();
  const doctors = useRef<AdminDoctor[]>([]);

  /** The id of a location of the doctor, by name (the edit flow chooses names). */
  async function locationIdOf(name: string, signal: AbortSignal): Promise<string> {
    if (name === '') return ''; // the online hours
    const own = doctors.current.find((d) => d.email === appointment.doctorEmail)?.locations.find((l) => l.name === name);
    if (own) return own._id;
    const all = await api.fetchLocations(token, signal);
    return (isLeft(all) ? undefined : all.right.find((l) => l.name === name)?._id) ?? '';
  }

  const [today] = useState(() => clinicToday(new Date((now ?? Date.now)())));
  return useProvidedActor(
    (latest) =>
      appointmentEditMachine.provide({
        actors: {
          loadDoctors: fromApi(async (_input: unknown, signal) => {
            const answer = await api.fetchDoctors(token, signal);
            if (!isLeft(answer)) doctors.current = answer.right;
            return isLeft(answer) ? answer : { ...answer, right: answer.right.map(asDoctor) };
          }),
          slotPicker: slotPickerMachine.provide({
            actors: {
              loadTimeSlots: fromApi((input: SlotsRequest, signal) =>
                api.fetchTimeSlots(input.doctorEmail, input.date, input.location, token, signal),
              ),
            },
          }),
          updateAppointment: fromApi(async (input: { request: UpdateRequest; token: string }, signal) => {
            const { selectedLocation, newDate, selectedTime } = input.request;
            const locationId = await locationIdOf(selectedLocation, signal);
            return api.moveAppointment(appointment._id, { date: newDate, startTime: selectedTime, locationId }, token, signal);
          }),
        },
        actions: {
          notify: toastIn(editNoticeText),
          announceUpdated: (_, { appointment: moved }) => {
            latest.current.onChanged(moved);
            latest.current.onClose();
          },
        },
      }),
    { input: { appointment, token, today } },
    popup,
  );
}
