/**
 * The /myappointment list (spec §2, §4; issue 5), wired to the appointments machine: each
 * appointment with doctor, location, consultation type, date and time (clinic time), status and
 * appointment id; 'No Appointments Found.' when there are none; loading, and a failure with a
 * retry. The machine's notices become toasts, its redirect leaves for the payment page, a 401
 * ends the session. Cancel opens the confirmation popup; after a change the list is loaded again.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import {
  appointmentsMachine,
  selectAppointments,
  selectAppointmentViews,
  selectIsLoading,
  selectIsPaying,
  selectListStatus,
  selectPayingId,
} from '../../../machines/appointments/appointmentsMachine';
import { messages } from '../../i18n/messages';
import { toast } from '../Toast/toast';
import { AppointmentCard } from './AppointmentCard';
import { CancelDialog } from './CancelDialog';
import { EditDialog } from './EditDialog';
import { HelpButton } from './HelpButton';
import type { AppointmentsServices } from './services';
import { appointmentsNoticeText, appointmentTexts } from './texts';
import './Appointments.css';

export interface AppointmentsPanelProps {
  readonly email: string;
  readonly userId: string;
  readonly token: string;
  readonly services: AppointmentsServices;
  /** A call answered 401: the app ends the session. */
  readonly onSessionExpired: () => void;
}

function useAppointmentsLogic(services: AppointmentsServices) {
  const [logic] = useState(() =>
    appointmentsMachine.provide({
      actors: {
        loadAppointments: services.actors.loadAppointments,
        createPayment: services.actors.createPayment,
        ...(services.clock ? { clock: services.clock } : {}),
      },
    }),
  );
  return logic;
}

export function AppointmentsPanel({ email, userId, token, services, onSessionExpired }: AppointmentsPanelProps) {
  const logic = useAppointmentsLogic(services);
  const actor = useActorRef(logic, { input: { email, token, now: (services.now ?? Date.now)() } });
  const status = useSelector(actor, selectListStatus);
  const views = useSelector(actor, selectAppointmentViews);
  const records = useSelector(actor, selectAppointments);
  const isLoading = useSelector(actor, selectIsLoading);
  const isPaying = useSelector(actor, selectIsPaying);
  const payingId = useSelector(actor, selectPayingId);
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const [editing, setEditing] = useState<AppointmentRecord | null>(null);

  useEffect(() => {
    const subscriptions = [
      actor.on('notice', ({ tone, notice }) =>
        tone === 'success' ? toast.info(appointmentsNoticeText(notice)) : toast.error(appointmentsNoticeText(notice)),
      ),
      actor.on('session.expired', () => onSessionExpired()),
      actor.on('redirect', ({ url }) => services.leaveFor(url)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, services, onSessionExpired]);

  const refresh = useCallback(() => actor.send({ type: 'appointments.refresh' }), [actor]);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const closeEdit = useCallback(() => setEditing(null), []);

  return (
    <section className="appointments" aria-label={appointmentTexts.listLabel} aria-busy={isLoading}>
      {status === 'loading' && (
        <p role="status" className="appointments__state">
          {appointmentTexts.loading}
        </p>
      )}
      {status === 'failed' && (
        <div role="alert" className="appointments__state">
          <p>{messages.spec.somethingWentWrong}</p>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'appointments.retry' })}>
            {appointmentTexts.tryAgain}
          </button>
        </div>
      )}
      {status === 'empty' && <p className="appointments__state">{messages.spec.noAppointments}</p>}
      {(status === 'ready' || status === 'empty') && (
        <p className="appointments__help">
          <HelpButton isLoggedIn appointments={records} />
        </p>
      )}
      {isLoading && status !== 'loading' && (
        <p role="status" className="appointments__refreshing">
          {appointmentTexts.refreshing}
        </p>
      )}
      {views.length > 0 && (
        <ul className="appointments__list">
          {views.map((view) => (
            <li key={view.appointment._id}>
              <AppointmentCard
                view={view}
                token={token}
                services={services}
                paying={isPaying && payingId === view.appointment._id}
                payDisabled={isPaying}
                onPay={() => actor.send({ type: 'appointment.pay', appointmentId: view.appointment._id })}
                onCancel={() => setCancelling(view.appointment)}
                onEdit={() => setEditing(view.appointment)}
                onSessionExpired={onSessionExpired}
              />
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelDialog
          appointment={cancelling}
          userId={userId}
          token={token}
          services={services}
          onCancelled={refresh}
          onClose={closeCancel}
          onSessionExpired={onSessionExpired}
        />
      )}
      {editing && (
        <EditDialog
          appointment={editing}
          token={token}
          services={services}
          onUpdated={refresh}
          onClose={closeEdit}
          onSessionExpired={onSessionExpired}
        />
      )}
    </section>
  );
}
