/**
 * /myappointment for a logged-in user (spec §2): the patient's appointments, which the
 * session fetches once the user is known and after every change (src/app/account.tsx
 * `useAppointmentsList`), with the session's user and token. The route
 * (src/app/guarded/MyAppointmentRoute.tsx) shows it once logged in. The page's calls are those
 * given by an <AppointmentsServicesProvider> above (fakes in tests), else the real ones
 * (src/app/liveAppointments.ts).
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clinicToday } from '../../../contract/clinicTime';
import { consultationTypes, type ConsultationType } from '../../../contract/primitives';
import type { JoinDraft } from '../../../machines/waitlistOffer/join';
import { selectToken } from '../../../machines/session/selectors';
import { SessionContext, useAppointmentsList, useSession } from '../../app/account';
import { liveAppointmentsServices } from '../../app/liveAppointments';
import { usePageTitle } from '../../app/usePageTitle';
import { OfflineCopyNote } from '../../pwa/OfflineCopyNote';
import { AppointmentsPanel } from '../../components/Appointments/AppointmentsPanel';
import { useGivenAppointmentsServices } from '../../components/Appointments/services';
import { useMessages } from '../../i18n/messages';

// "My waitlist": its own chunk, loaded with this page once the list shows.
const WaitlistBlock = lazy(() => import('../../components/Waitlist/WaitlistBlock'));

/**
 * The booking popup's "Join the waitlist" link (src/components/Booking/WaitlistLink.tsx):
 * `?waitlist=1&doctor=&location=&type=&from=` opens the join form with those choices.
 */
export function waitlistPrefill(params: URLSearchParams): Partial<JoinDraft> | null {
  if (params.get('waitlist') === null) return null;
  const type = params.get('type') ?? '';
  return {
    doctorEmail: params.get('doctor') ?? '',
    location: params.get('location') ?? '',
    consultationType: (consultationTypes as readonly string[]).includes(type) ? (type as ConsultationType) : '',
    ...(params.get('from') ? { fromDate: params.get('from')! } : {}),
  };
}

export default function MyAppointmentsPage() {
  const messages = useMessages();
  const texts = messages.appointments;
  usePageTitle(texts.title);
  const { user } = useSession();
  const token = SessionContext.useSelector(selectToken);
  const list = useAppointmentsList();
  const services = useGivenAppointmentsServices() ?? liveAppointmentsServices;
  const [params] = useSearchParams();

  return (
    <div className="page container">
      <h1>{texts.title}</h1>
      <OfflineCopyNote area="appointments" />
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
      {user && token && services.waitlist && (
        <Suspense fallback={null}>
          <WaitlistBlock
            key={`${user._id}:${token}`}
            token={token}
            services={services.waitlist}
            today={clinicToday(new Date((services.now ?? Date.now)()))}
            prefill={waitlistPrefill(params)}
            appointments={list.appointments}
            onChanged={list.refresh}
          />
        </Suspense>
      )}
    </div>
  );
}
