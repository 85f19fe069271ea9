/**
 * /myappointment for a logged-in user (spec §2): the patient's appointments, which the
 * session fetches once the user is known and after every change (src/app/account.tsx
 * `useAppointmentsList`), with the session's user and token. The route
 * (src/app/guarded/MyAppointmentRoute.tsx) shows it once logged in. The page's calls are those
 * given by an <AppointmentsServicesProvider> above (fakes in tests), else the real ones
 * (src/app/liveAppointments.ts).
 */
import { selectToken } from '../../../machines/session/selectors';
import { SessionContext, useAppointmentsList, useSession } from '../../app/account';
import { liveAppointmentsServices } from '../../app/liveAppointments';
import { usePageTitle } from '../../app/usePageTitle';
import { AppointmentsPanel } from '../../components/Appointments/AppointmentsPanel';
import { useGivenAppointmentsServices } from '../../components/Appointments/services';
import { useMessages } from '../../i18n/messages';

export default function MyAppointmentsPage() {
  const messages = useMessages();
  const texts = messages.appointments;
  usePageTitle(texts.title);
  const { user } = useSession();
  const token = SessionContext.useSelector(selectToken);
  const list = useAppointmentsList();
  const services = useGivenAppointmentsServices() ?? liveAppointmentsServices;

  return (
    <div className="page container">
      <h1>{texts.title}</h1>
      {user && token && (
        <AppointmentsPanel
          // A new user or token: the page's own state (payments, popups) starts over.
          key={`${user._id}:${token}`}
          userId={user._id}
          token={token}
          list={list}
          services={services}
        />
      )}
    </div>
  );
}
