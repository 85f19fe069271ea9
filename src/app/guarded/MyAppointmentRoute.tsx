/** /myappointment for a logged-in user (spec §2, §6): the patient's appointments. Its own chunk. */
import { useMessages } from '../../i18n/messages';
import MyAppointmentsPage from '../../pages/MyAppointments/MyAppointmentsPage';
import { RequireLogin } from '../RequireLogin';

export default function MyAppointmentRoute() {
  const messages = useMessages();
  return (
    <RequireLogin title={messages.soon.appointmentsTitle}>
      <MyAppointmentsPage />
    </RequireLogin>
  );
}
