/**
 * The front desk's provider: the desk machines (machines/desk) with their calls (./services.ts:
 * ./liveDesk.ts, or a test's fakes) and their effects as provided actions: `notify` a toast in
 * the desk's words (src/i18n/deskMessages.ts) or the server's; `rememberRoom` keeps a doctor's
 * room on this device. A call answered 401 is none of theirs: the request base ends the session.
 */
import { useState } from 'react';
import { checkInMachine, type CheckInNotice } from '../../../machines/desk/checkIn/checkInMachine';
import type { DeskDoctor } from '../../../machines/desk/desk';
import { dayListMachine } from '../../../machines/desk/dayList/dayListMachine';
import type { DeskBookingNotice } from '../../../machines/desk/deskBooking/context';
import { deskBookingMachine } from '../../../machines/desk/deskBooking/deskBookingMachine';
import { deskDoctorsMachine } from '../../../machines/desk/doctorsList';
import { patientEditMachine, type PatientEditNotice } from '../../../machines/desk/patientEdit/patientEditMachine';
import type { DeskPatient } from '../../../contract/desk';
import type { DeskWaitlistNotice } from '../../../machines/desk/waitlist/setup';
import { deskWaitlistMachine } from '../../../machines/desk/waitlist/waitlistMachine';
import { queueMachine, type QueueNotice } from '../../../machines/desk/queue/queueMachine';
import type { AppointmentRecord } from '../../../contract/appointments';
import { slotPickerMachine } from '../../../machines/slotPicker/slotPickerMachine';
import { useProvidedActor } from '../../app/useProvidedActor';
import { showToast } from '../../components/Appointments/notices';
import { useDocumentDownload } from '../../components/Records/DocumentDownloads';
import { getDeskMessages } from '../../i18n/deskMessages';
import { useAdminList } from '../admin/provider';
import type { StaffServices } from '../services';
import { useStaff } from '../StaffContext';

function bookingNoticeText(notice: DeskBookingNotice): string {
  const { notices, booking } = getDeskMessages();
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'registered':
      return notices.registered;
    case 'booked':
      return notices.booked;
    case 'walkedIn':
      return notices.walkedIn(notice.token);
    case 'missingChoices':
      return notice.walkIn ? booking.missingWalkIn : booking.missingChoices;
    case 'somethingWentWrong':
      return notices.somethingWentWrong;
  }
}

function checkInNoticeText(notice: CheckInNotice): string {
  const { notices } = getDeskMessages();
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'checkedIn':
      return notices.checkedIn(notice.token);
    case 'paid':
      return notices.paid;
    case 'somethingWentWrong':
      return notices.somethingWentWrong;
  }
}

function queueNoticeText(notice: QueueNotice): string {
  const { notices, queue } = getDeskMessages();
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'called':
      return notices.called(notice.token, notice.room);
    case 'moved':
      return notices.moved(queue.moveNames[notice.move], notice.token);
    case 'somethingWentWrong':
      return notices.somethingWentWrong;
  }
}

/** The doctors the desk works with (a doctor's console: their own), as an admin list loads them. */
export function useDeskDoctors(services: StaffServices) {
  const { me } = useStaff();
  return useAdminList(deskDoctorsMachine, { loadItems: services.desk.actors.loadDoctors }, { role: me.role, email: me.email });
}

export function useDeskBookingActor(services: StaffServices, doctors: readonly DeskDoctor[]) {
  const { token } = useStaff();
  const [today] = useState(() => services.today());
  return useProvidedActor(
    () => {
      const { searchPatients, registerPatient, book, walkIn, loadTimeSlots } = services.desk.actors;
      return deskBookingMachine.provide({
        actors: { searchPatients, registerPatient, book, walkIn, slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots } }) },
        actions: { notify: (_, { tone, notice }) => showToast(tone, bookingNoticeText(notice)) },
      });
    },
    { input: { token, today, doctors } },
  );
}

function waitlistNoticeText(notice: DeskWaitlistNotice): string {
  const { notices } = getDeskMessages();
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'added':
      return notices.waitlistAdded(notice.name);
    case 'removed':
      return notices.waitlistRemoved(notice.name);
    case 'somethingWentWrong':
      return notices.somethingWentWrong;
  }
}

/** The waitlist at the desk: read when the section opens and on Refresh, a patient added, an entry taken off. */
export function useDeskWaitlist(services: StaffServices, doctors: readonly DeskDoctor[]) {
  const { token } = useStaff();
  const [today] = useState(() => services.today());
  return useProvidedActor(
    () => {
      const { loadWaitlist, searchPatients, addToWaitlist, removeFromWaitlist } = services.desk.actors;
      return deskWaitlistMachine.provide({
        actors: { loadWaitlist, searchPatients, addEntry: addToWaitlist, removeEntry: removeFromWaitlist },
        actions: { notify: (_, { tone, notice }) => showToast(tone, waitlistNoticeText(notice)) },
      });
    },
    { input: { token, today, doctors } },
  );
}

/** A desk patient's details corrected; `onSaved` with the patient as saved. */
export function usePatientEditActor(services: StaffServices, patient: DeskPatient, onSaved: (patient: DeskPatient) => void) {
  const { token } = useStaff();
  const text = (notice: PatientEditNotice) => {
    const { notices } = getDeskMessages();
    if (notice.kind === 'server') return notice.text;
    return notice.kind === 'patientUpdated' ? notices.patientUpdated : notices.somethingWentWrong;
  };
  return useProvidedActor(
    () =>
      patientEditMachine.provide({
        actors: { updatePatient: services.desk.actors.updatePatient },
        actions: {
          notify: (_, { tone, notice }) => showToast(tone, text(notice)),
          saved: (_, { patient: saved }) => onSaved(saved),
        },
      }),
    { input: { token, patient } },
  );
}

/** One appointment at the counter: check in, take the fee. */
export function useCheckInActor(services: StaffServices, appointment: AppointmentRecord) {
  const { token } = useStaff();
  return useProvidedActor(
    () =>
      checkInMachine.provide({
        actors: { checkIn: services.desk.actors.checkIn, takePayment: services.desk.actors.takePayment },
        actions: { notify: (_, { tone, notice }) => showToast(tone, checkInNoticeText(notice)) },
      }),
    { input: { token, appointment } },
  );
}

/** A doctor's queue of today: the rooms remembered on this device, per doctor. */
export function useQueueActor(services: StaffServices, doctors: readonly DeskDoctor[]) {
  const { token } = useStaff();
  const [start] = useState(() => ({
    date: services.today(),
    doctorId: null,
    rooms: Object.fromEntries(doctors.map((d) => [d._id, services.desk.rooms.get(d._id)]).filter(([, room]) => room !== '')),
  }));
  return useProvidedActor(
    () =>
      queueMachine.provide({
        actors: {
          loadQueue: services.desk.actors.loadQueue,
          queueStream: services.desk.actors.queueStream,
          callNext: services.desk.actors.callNext,
          moveEntry: services.desk.actors.moveEntry,
        },
        actions: {
          notify: (_, { tone, notice }) => showToast(tone, queueNoticeText(notice)),
          rememberRoom: ({ context }) => {
            if (context.doctorId) services.desk.rooms.set(context.doctorId, context.room);
          },
        },
      }),
    { input: { token, doctors, ...start } },
  );
}

export function useDayListActor(services: StaffServices, doctors: readonly DeskDoctor[]) {
  const { token } = useStaff();
  const [date] = useState(() => services.today());
  return useProvidedActor(() => dayListMachine.provide({ actors: { loadDay: services.desk.actors.loadDay } }), {
    input: { token, doctors, doctorId: null, date },
  });
}

/** The day's CSV through the one download machine (as the records' documents). */
export function useDayCsv(services: StaffServices) {
  const { token } = useStaff();
  return useDocumentDownload({ token, downloadDocument: services.desk.actors.downloadDayCsv, failedText: () => getDeskMessages().day.downloadFailed });
}
