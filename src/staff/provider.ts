/**
 * The staff console's provider (the admin screens have theirs: ./admin/provider.ts): the access
 * check, the appointment lists, the audit log, one appointment's consultation and its
 * teleconsultation panel, with their calls (./services.tsx: src/staff/liveStaff.ts, or a test's
 * fakes) and their effects as provided actions, not events the views listen for:
 * - `notify`: a toast in the console's words (src/i18n/staffMessages.ts), or the server's;
 * A call answered 401 is none of theirs: the request base ends the session (src/api/client.ts)
 * and the machine takes its ordinary failure path.
 * The views render the state and send events.
 */
import { orderMachine } from '../../machines/order/orderMachine';
import type { PromiseActorLogic } from 'xstate';
import type { Consultation as ConsultationRecord } from '../../contract/consultation';
import { readClockWith } from '../../machines/consultation/actions';
import { consultationMachine } from '../../machines/consultation/consultationMachine';
import type { ConsultationNotice } from '../../machines/consultation/events';
import { consultationJoinMachine } from '../../machines/consultationJoin/consultationJoinMachine';
import type { ConsultationJoinNotice } from '../../machines/consultationJoin/events';
import { auditLogMachine, type AuditLogNotice } from '../../machines/staffConsole/auditLogMachine';
import { staffAccessMachine } from '../../machines/staffConsole/staffAccessMachine';
import { staffAppointmentsMachine, type StaffAppointmentsInput } from '../../machines/staffConsole/staffAppointmentsMachine';
import { useProvidedActor } from '../app/useProvidedActor';
import { showToast } from '../components/Appointments/notices';
import { getStaffMessages } from '../i18n/staffMessages';
import type { StaffServices } from './services';
import { useStaff } from './StaffContext';

function consultationNoticeText(notice: ConsultationNotice): string {
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'checkFields':
      return getStaffMessages().checkFields;
    case 'somethingWentWrong':
      return getStaffMessages().list.somethingWentWrong;
  }
}

function teleconsultationNoticeText(notice: ConsultationJoinNotice): string {
  switch (notice.kind) {
    case 'noted':
      return getStaffMessages().teleconsultation.noted;
    case 'server':
      return notice.text;
    case 'somethingWentWrong':
      return getStaffMessages().list.somethingWentWrong;
  }
}

const auditNoticeText = (notice: AuditLogNotice): string =>
  notice.kind === 'server' ? notice.text : getStaffMessages().list.somethingWentWrong;

/** Before the console: who is signed in (GET /staff/me). */
export function useStaffAccessActor(services: StaffServices, token: string) {
  return useProvidedActor(() => staffAccessMachine.provide({ actors: { fetchStaffMe: services.actors.fetchStaffMe } }), {
    input: { token },
  });
}

/** Today's or the upcoming appointments (`filter` and `withFilters`: the section's). */
export function useStaffAppointmentsActor(services: StaffServices, input: Omit<StaffAppointmentsInput, 'token'>) {
  const { token } = useStaff();
  return useProvidedActor(
    () =>
      staffAppointmentsMachine.provide({
        actors: { loadAppointments: services.actors.loadAppointments, loadFilterDoctors: services.actors.loadFilterDoctors },
      }),
    { input: { ...input, token } },
  );
}

export function useAuditLogActor(services: StaffServices, pageSize: number) {
  const { token } = useStaff();
  return useProvidedActor(
    () =>
      auditLogMachine.provide({
        actors: { loadAudit: services.actors.loadAudit },
        actions: { notify: (_, { tone, notice }) => showToast(tone, auditNoticeText(notice)) },
      }),
    { input: { token, pageSize } },
  );
}

/** One appointment's consultation (the prescription or "did not attend", the order). */
export function useConsultationActor(services: StaffServices, appointmentId: string) {
  const { token } = useStaff();
  return useProvidedActor(
    () => {
      const { loadAppointment, completeAppointment, createOrder, previewOrder, loadPharmacies, searchCatalogue, markDidNotAttend } = services.actors;
      const orderForm = orderMachine.provide({ actors: { loadPharmacies, searchCatalogue, previewOrder, placeOrder: createOrder } });
      return consultationMachine.provide({
        actors: { loadAppointment, completeAppointment, orderForm, markDidNotAttend },
        actions: {
          notify: (_, { tone, notice }) => showToast(tone, consultationNoticeText(notice)),
          // The console's clock (services.now): completion and "did not attend" come when their time does.
          readClock: readClockWith(() => services.now()),
        },
      });
    },
    { input: { appointmentId, token, now: services.now() } },
  );
}

export interface TeleconsultationActors {
  readonly loadConsultation: PromiseActorLogic<ConsultationRecord, { appointmentId: string; token: string }>;
  readonly noteNoAnswer: PromiseActorLogic<ConsultationRecord, { appointmentId: string; note: string; token: string }>;
}

/** A Video or Call appointment's panel in the console (the link, the call, "no answer"). */
export function useTeleconsultationActor(actors: TeleconsultationActors, appointmentId: string) {
  const { token } = useStaff();
  return useProvidedActor(
    () =>
      consultationJoinMachine.provide({
        actors,
        actions: {
          notify: (_, { tone, notice }) => showToast(tone, teleconsultationNoticeText(notice)),
        },
      }),
    { input: { appointmentId, token, now: Date.now() } },
  );
}
