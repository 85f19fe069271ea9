/**
 * The /myappointment list (spec §2, §4): the session's appointments list (the session
 * fetches it once the user is known and after every change; src/app/account.tsx
 * `useAppointmentsList`), each appointment with doctor, location, consultation type, date and time
 * (clinic time), status and appointment id; 'No Appointments Found.' when there are none; loading,
 * and a failure with a retry.
 *
 * The page's own machine (machines/appointments/appointmentsMachine.ts) pays an unpaid fee and
 * fetches a calendar file: its notices become toasts, its redirect leaves for the payment page, its
 * file is offered as a download (a 401 is the request base's: it ends the session). Cancel and
 * Edit open their popups; after a change the session loads the list again.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useId, useState, type ReactNode } from 'react';
import type { AppointmentRecord } from '../../../contract/appointments';
import { groupViews } from '../../../machines/appointments/rules';
import {
  selectAppointmentViews,
  selectCalendarId,
  selectIsPaying,
  selectPayingId,
} from '../../../machines/appointments/appointmentsMachine';
import type { AppointmentsListView } from '../../app/account';
import { useMessages } from '../../i18n/messages';
import { AppointmentCard } from './AppointmentCard';
import { CancelDialog } from './CancelDialog';
import { EditDialog } from './EditDialog';
import { HelpButton } from './HelpButton';
import { useAppointmentsActor } from './provider';
import type { AppointmentsServices } from './services';
import './Appointments.css';

export interface AppointmentsPanelProps {
  readonly userId: string;
  readonly token: string;
  /** The session's list. */
  readonly list: AppointmentsListView;
  readonly services: AppointmentsServices;
}

/** The list's state: loading, failed with a retry, empty, the help button, refreshing. */
function ListState({ list, services }: Pick<AppointmentsPanelProps, 'list' | 'services'>) {
  const messages = useMessages();
  const texts = messages.appointments;
  const { status, appointments, isLoading, retry } = list;
  return (
    <>
      {status === 'loading' && (
        <p role="status" className="appointments__state">
          {texts.loading}
        </p>
      )}
      {status === 'failed' && (
        <div role="alert" className="appointments__state">
          <p>{messages.spec.somethingWentWrong}</p>
          <button type="button" className="button button--outline" onClick={retry}>
            {texts.tryAgain}
          </button>
        </div>
      )}
      {status === 'empty' && <p className="appointments__state">{messages.spec.noAppointments}</p>}
      {(status === 'ready' || status === 'empty') && (
        // A div, not a p: the help popup renders inside it, and a p cannot hold its headings and paragraphs.
        <div className="appointments__help">
          <HelpButton isLoggedIn appointments={appointments} loadContacts={services.actors.loadHelpContacts} />
        </div>
      )}
      {isLoading && status !== 'loading' && (
        <p role="status" className="appointments__refreshing">
          {texts.refreshing}
        </p>
      )}
    </>
  );
}

type CardView = ReturnType<typeof selectAppointmentViews>[number];

/** Upcoming appointments, then the earlier ones folded away. */
function AppointmentGroups({ views, renderCard }: { readonly views: readonly CardView[]; readonly renderCard: (view: CardView) => ReactNode }) {
  const texts = useMessages().appointments;
  const { upcoming, earlier, earlierNeedsAction } = groupViews(views);
  const upcomingId = useId();
  // Opened by itself when something there asks for action, and kept open once that is done (the
  // patient is still reading it: a follow-up just booked, an order just paid); the patient folds it.
  const [earlierOpen, setEarlierOpen] = useState(earlierNeedsAction);
  const [neededAction, setNeededAction] = useState(earlierNeedsAction);
  if (earlierNeedsAction !== neededAction) {
    setNeededAction(earlierNeedsAction);
    if (earlierNeedsAction) setEarlierOpen(true);
  }
  return (
    <>
      {upcoming.length > 0 && (
        <section aria-labelledby={upcomingId}>
          <h2 id={upcomingId} className="appointments__group">
            {texts.upcomingHeading}
          </h2>
          <ul className="appointments__list">{upcoming.map(renderCard)}</ul>
        </section>
      )}
      {earlier.length > 0 && (
        // Past and cancelled, collapsed, unless one of them still asks for something.
        <details className="appointments__earlier" open={earlierOpen} onToggle={(e) => setEarlierOpen(e.currentTarget.open)}>
          <summary>
            <h2 className="appointments__group">{texts.earlierHeading(earlier.length)}</h2>
          </summary>
          <ul className="appointments__list">{earlier.map(renderCard)}</ul>
        </details>
      )}
    </>
  );
}

export function AppointmentsPanel({ userId, token, list, services }: AppointmentsPanelProps) {
  const texts = useMessages().appointments;
  const { appointments, isLoading, refresh } = list;
  // Its toasts, the payment page and the calendar file are the provider's (a 401 is the request base's).
  const actor = useAppointmentsActor(services, { token, refresh });
  const views = useSelector(
    actor,
    useCallback((snapshot) => selectAppointmentViews(snapshot, appointments), [appointments]),
  );
  const isPaying = useSelector(actor, selectIsPaying);
  const payingId = useSelector(actor, selectPayingId);
  const calendarId = useSelector(actor, selectCalendarId);
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const [editing, setEditing] = useState<AppointmentRecord | null>(null);

  const renderCard = (view: CardView) => (
    <li key={view.appointment._id}>
      <AppointmentCard
        view={view}
        token={token}
        services={services}
        paying={isPaying && payingId === view.appointment._id}
        payDisabled={isPaying}
        fetchingCalendar={calendarId === view.appointment._id}
        calendarDisabled={calendarId !== null}
        onPay={() => actor.send({ type: 'appointment.pay', appointment: view.appointment })}
        onAddToCalendar={() => actor.send({ type: 'appointment.addToCalendar', appointment: view.appointment })}
        onCancel={() => setCancelling(view.appointment)}
        onEdit={() => setEditing(view.appointment)}
        onRefresh={refresh}
      />
    </li>
  );

  const closeCancel = useCallback(() => setCancelling(null), []);
  const closeEdit = useCallback(() => setEditing(null), []);

  return (
    <section className="appointments" aria-label={texts.listLabel} aria-busy={isLoading}>
      <ListState list={list} services={services} />
      <AppointmentGroups views={views} renderCard={renderCard} />
      {cancelling && (
        <CancelDialog
          appointment={cancelling}
          userId={userId}
          token={token}
          services={services}
          onCancelled={refresh}
          onClose={closeCancel}
        />
      )}
      {editing && (
        <EditDialog
          appointment={editing}
          token={token}
          services={services}
          onUpdated={refresh}
          onClose={closeEdit}
        />
      )}
    </section>
  );
}