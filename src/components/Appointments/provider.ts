/**
 * The /myappointment area's provider: the page's machines (Pay and Add to calendar, cancel, edit,
 * the pharmacy order, a Video or Call appointment's consultation) with their calls
 * (./services.tsx: src/app/liveAppointments.ts, or a test's fakes) and their effects as provided
 * actions, not events the views listen for:
 * - `notify`: a toast in the catalog's words (./notices.ts);
 * - `tellStale`: the list is loaded again; `redirect`: the browser leaves for the payment page;
 *   `offerFile`: the calendar file is offered as a download;
 * - `announceCancelled` / `announceUpdated`: the list is loaded again and the popup closes.
 * A call answered 401 is no effect of theirs: the request base ends the session (src/api/client.ts)
 * and the machine takes its ordinary failure path.
 * Help has its own (./helpProvider.ts, also loaded by the footer's Help popup), and so has a
 * Chat appointment's conversation (../Chat/provider.ts, also in the staff console).
 */
import { assign } from 'xstate';
import { useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { appointmentCancelMachine } from '../../../machines/appointmentCancel/appointmentCancelMachine';
import { appointmentEditMachine } from '../../../machines/appointmentEdit/appointmentEditMachine';
import { appointmentsMachine } from '../../../machines/appointments/appointmentsMachine';
import { clinicToday } from '../../../contract/clinicTime';
import { consultationJoinMachine } from '../../../machines/consultationJoin/consultationJoinMachine';
import { orderPaymentMachine } from '../../../machines/orderPayment/orderPaymentMachine';
import { slotPickerMachine } from '../../../machines/slotPicker/slotPickerMachine';
import { useProvidedActor, type Latest } from '../../app/useProvidedActor';
import { appointmentsNoticeText, cancelNoticeText, editNoticeText, orderNoticeText, showToast } from './notices';
import type { LoadConsultation } from './ConsultationPanel';
import type { AppointmentsServices } from './services';

/** What the page's machine's effects reach outside it. */
export interface AppointmentsPage {
  /** The list is stale: the session loads it again. */
  readonly refresh: () => void;
}

export function provideAppointments(services: AppointmentsServices, page: AppointmentsPage) {
  const { createPayment, downloadCalendar } = services.actors;
  return appointmentsMachine.provide({
    actors: { createPayment, downloadCalendar },
    actions: {
      readClock: assign({ now: () => (services.now ?? Date.now)() }),
      notify: (_, { tone, notice }) => showToast(tone, appointmentsNoticeText(notice)),
      tellStale: () => page.refresh(),
      redirect: (_, { url }) => services.leaveFor(url),
      offerFile: (_, { file }) => services.offerDownload(file),
    },
  });
}

/** A popup's page: what follows a change made on the server. */
export interface ChangePage {
  /** Changed on the server: the list loads again and the popup closes. */
  readonly changed: () => void;
}

export function provideCancel(services: AppointmentsServices, page: ChangePage) {
  return appointmentCancelMachine.provide({
    actors: { deleteAppointment: services.actors.deleteAppointment },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, cancelNoticeText(notice)),
      announceCancelled: () => page.changed(),
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
    },
  });
}

export function provideOrderPayment(services: AppointmentsServices) {
  return orderPaymentMachine.provide({
    actors: { createOrderPayment: services.actors.createOrderPayment },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, orderNoticeText(notice)),
      redirect: (_, { url }) => services.leaveFor(url),
    },
  });
}

/** The patient's panel shows what it loaded (or failed to): its notices are the doctor's console's. */
export function provideConsultationJoin(loadConsultation: LoadConsultation) {
  return consultationJoinMachine.provide({ actors: { loadConsultation } });
}

/** The page's machine, for as long as the list shows. */
export function useAppointmentsActor(
  services: AppointmentsServices,
  { token, ...page }: AppointmentsPage & { readonly token: string },
) {
  return useProvidedActor(
    (latest) => provideAppointments(services, { refresh: () => latest.current.refresh() }),
    { input: { token, now: (services.now ?? Date.now)() } },
    page,
  );
}

/** A change popup's callbacks: `changed` runs `onChanged`, then `onClose`. */
interface ChangePopup {
  readonly onChanged: () => void;
  readonly onClose: () => void;
}

const changePage = (latest: Latest<ChangePopup>): ChangePage => ({
  changed: () => {
    latest.current.onChanged();
    latest.current.onClose();
  },
});

/** The cancel popup's machine, one per opening. */
/** The cancel popup's machine, one per opening (asked at the opening's instant, by the services' clock). */
export function useCancelActor(
  services: AppointmentsServices,
  input: { appointment: AppointmentRecord; userId: string; token: string },
  popup: ChangePopup,
) {
  const [at] = useState(() => new Date((services.now ?? Date.now)()).toISOString());
  return useProvidedActor((latest) => provideCancel(services, changePage(latest)), { input: { ...input, at } }, popup);
}

/** The edit popup's machine, one per opening (today in clinic time, by the services' clock). */
export function useEditActor(services: AppointmentsServices, input: { appointment: AppointmentRecord; token: string }, popup: ChangePopup) {
  const [today] = useState(() => clinicToday(new Date((services.now ?? Date.now)())));
  return useProvidedActor((latest) => provideEdit(services, changePage(latest)), { input: { ...input, today } }, popup);
}

/** A Completed appointment's order section. */
export function useOrderPaymentActor(
  services: AppointmentsServices,
  input: { appointment: AppointmentRecord; token: string },
) {
  return useProvidedActor(() => provideOrderPayment(services), { input });
}

/** A Video or Call appointment's consultation panel. */
export function useConsultationJoinActor(
  loadConsultation: LoadConsultation,
  input: { appointmentId: string; token: string },
) {
  return useProvidedActor(() => provideConsultationJoin(loadConsultation), { input: { ...input, now: Date.now() } });
}
