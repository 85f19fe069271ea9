/**
 * /myappointment for a logged-in user (spec §2; issue 5): the patient's appointments, with the
 * session's user and token. The route (src/app/guarded/MyAppointmentRoute.tsx) shows it once
 * logged in. The calls are those given by an <AppointmentsServicesProvider> above (fakes in
 * tests), else the real ones (src/app/liveAppointments.ts).
 */
import { useCallback } from 'react';
import { selectToken } from '../../../machines/session/sessionMachine';
import { SessionContext, useSession } from '../../app/account';
import { liveAppointmentsServices } from '../../app/liveAppointments';
import { usePageTitle } from '../../app/usePageTitle';
import { AppointmentsPanel } from '../../components/Appointments/AppointmentsPanel';
import { useGivenAppointmentsServices } from '../../components/Appointments/services';
import { appointmentTexts } from '../../components/Appointments/texts';

export default function MyAppointmentsPage() {
  usePageTitle(appointmentTexts.title);
  const { user } = useSession();
  const token = SessionContext.useSelector(selectToken);
  const session = SessionContext.useActorRef();
  const services = useGivenAppointmentsServices() ?? liveAppointmentsServices;
  const onSessionExpired = useCallback(() => session.send({ type: 'session.expired' }), [session]);

  return (
    <div className="page container">
      <h1>{appointmentTexts.title}</h1>
      {user && token && (
        <AppointmentsPanel
          // A new user or token: a new list.
          key={`${user._id}:${token}`}
          email={user.email}
          userId={user._id}
          token={token}
          services={services}
          onSessionExpired={onSessionExpired}
        />
      )}
    </div>
  );
}
