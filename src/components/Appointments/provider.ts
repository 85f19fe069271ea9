/**
 * The /myappointment area's provider: the page's machines (Pay and Add to calendar, cancel, edit,
 * the pharmacy order, a Video or Call appointment's consultation) with their calls
 * (./services.tsx: src/app/liveAppointments.ts, or a test's fakes) and their effects as provided
 * actions, not events the views listen for:
 * - `notify`: a toast in the catalog's words (./notices.ts);
 * - `tellExpired` / `tellSessionExpired`: a call answered 401, the session ends (`sessionExpired`);
 * - `tellStale`: the list is loaded again; `redirect`: the browser leaves for the payment page;
 *   `offerFile`: the calendar file is offered as a download;
 * - `announceCancelled` / `announceUpdated`: the list is loaded again and the popup closes.
 * Help has its own (./helpProvider.ts, also loaded by the footer's Help popup), and so has a
 * Chat appointment's conversation (../Chat/provider.ts, also in the staff console).
 */
import { useActorRef } from '@xstate/react';
import { assign } from 'xstate';
import { useRef, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { appointmentCancelMachine } from '../../../machines/appointmentCancel/appointmentCancelMachine';
import { appointmentEditMachine } from '../../../machines/appointmentEdit/appointmentEditMachine';
import { appointmentsMachine } from '../../../machines/appointments/appointmentsMachine';
import { clinicToday } from '../../../contract/clinicTime';
import { consultationJoinMachine } from '../../../machines/consultationJoin/consultationJoinMachine';
import { orderPaymentMachine } from '../../../machines/orderPayment/orderPaymentMachine';
import { slotPickerMachine } from '../../../machines/slotPicker/slotPickerMachine';
import { appointmentsNoticeText, cancelNoticeText, editNoticeText, orderNoticeText, showToast } from './notices';
import type { LoadConsultation } from './ConsultationPanel';
import type { AppointmentsServices } from './services';

/** What every /myappointment machine's effects reach: the session, through the page. */
export interface AppointmentsPage {
  /** A call answered 401: the app ends the session. */
  readonly sessionExpired: () => void;
}

export function provideAppointments(services: AppointmentsServices, page: AppointmentsPage & { readonly refresh: () => void }) {
  const { createPayment, downloadCalendar } = services.actors;
  return appointmentsMachine.provide({
    actors: { createPayment, downloadCalendar },
    actions: {
      readClock: assign({ now: () => (services.now ?? Date.now)() }),
      notify: (_, { tone, notice }) => showToast(tone, appointmentsNoticeText(notice)),
      tellExpired: () => page.sessionExpired(),
      tellStale: () => page.refresh(),
      redirect: (_, { url }) => services.leaveFor(url),
      offerFile: (_, { file }) => services.offerDownload(file),
    },
  });
}

/** A popup's page: the session, and what follows a change made on the server. */
export interface ChangePage extends AppointmentsPage {
  /** Changed on the server: the list loads again and the popup closes. */
  readonly changed: () => void;
}

export function provideCancel(services: AppointmentsServices, page: ChangePage) {
  return appointmentCancelMachine.provide({
    actors: { deleteAppointment: services.actors.deleteAppointment },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, cancelNoticeText(notice)),
      announceCancelled: () => page.changed(),
      tellExpired: () => page.sessionExpired(),
    },
  });
}

export function provideEdit(services: AppointmentsServices, page: ChangePage) {
  const { loadDoctors, loadTimeSlots, updateAppointment } = services.actors;
  return appointmentEditMachine.provide({
    actors: { loadDoctors, slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots } }), updateAppointment },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, editNoticeText(notice)),
      announceUpdated: () => page.changed(),
      tellExpired: () => page.sessionExpired(),
    },
  });
}

export function provideOrderPayment(services: AppointmentsServices, page: AppointmentsPage) {
  return orderPaymentMachine.provide({
    actors: { createOrderPayment: services.actors.createOrderPayment },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, orderNoticeText(notice)),
      tellExpired: () => page.sessionExpired(),
      redirect: (_, { url }) => services.leaveFor(url),
    },
  });
}

/** The patient's panel shows what it loaded (or failed to): its notices are the doctor's console's. */
export function provideConsultationJoin(loadConsultation: LoadConsultation, page: AppointmentsPage) {
  return consultationJoinMachine.provide({
    actors: { loadConsultation },
    actions: { tellSessionExpired: () => page.sessionExpired() },
  });
}

/** The page's machine, for as long as the list shows. */
export function useAppointmentsActor(
  services: AppointmentsServices,
  { token, ...page }: AppointmentsPage & { readonly refresh: () => void; readonly token: string },
) {
  const latest = useRef(page);
  latest.current = page;
  const [logic] = useState(() =>
    provideAppointments(services, {
      sessionExpired: () => latest.current.sessionExpired(),
      refresh: () => latest.current.refresh(),
    }),
  );
  return useActorRef(logic, { input: { token, now: (services.now ?? Date.now)() } });
}

/** A change popup's callbacks: `changed` runs `onChanged`, then `onClose`. */
interface ChangePopup {
  readonly onChanged: () => void;
  readonly onClose: () => void;
  readonly onSessionExpired: () => void;
}

function useChangePage(popup: ChangePopup): ChangePage {
  const latest = useRef(popup);
  latest.current = popup;
  const [page] = useState<ChangePage>(() => ({
    changed: () => {
      latest.current.onChanged();
      latest.current.onClose();
    },
    sessionExpired: () => latest.current.onSessionExpired(),
  }));
  return page;
}

/** The cancel popup's machine, one per opening. */
export function useCancelActor(
  services: AppointmentsServices,
  input: { appointment: AppointmentRecord; userId: string; token: string },
  popup: ChangePopup,
) {
  const page = useChangePage(popup);
  const [logic] = useState(() => provideCancel(services, page));
  return useActorRef(logic, { input });
}

/** The edit popup's machine, one per opening (today in clinic time, by the services' clock). */
export function useEditActor(services: AppointmentsServices, input: { appointment: AppointmentRecord; token: string }, popup: ChangePopup) {
  const page = useChangePage(popup);
  const [logic] = useState(() => provideEdit(services, page));
  const [today] = useState(() => clinicToday(new Date((services.now ?? Date.now)())));
  return useActorRef(logic, { input: { ...input, today } });
}

/** A Completed appointment's order section. */
export function useOrderPaymentActor(
  services: AppointmentsServices,
  input: { appointment: AppointmentRecord; token: string },
  onSessionExpired: () => void,
) {
  const latest = useRef(onSessionExpired);
  latest.current = onSessionExpired;
  const [logic] = useState(() => provideOrderPayment(services, { sessionExpired: () => latest.current() }));
  return useActorRef(logic, { input });
}

/** A Video or Call appointment's consultation panel. */
export function useConsultationJoinActor(
  loadConsultation: LoadConsultation,
  input: { appointmentId: string; token: string },
  onSessionExpired: () => void,
) {
  const latest = useRef(onSessionExpired);
  latest.current = onSessionExpired;
  const [logic] = useState(() => provideConsultationJoin(loadConsultation, { sessionExpired: () => latest.current() }));
  return useActorRef(logic, { input: { ...input, now: Date.now() } });
}
