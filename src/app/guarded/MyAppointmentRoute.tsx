/** /myappointment for a logged-in user (spec §2, §6): the patient's appointments. Its own chunk. */
import { messages } from '../../i18n/messages';
import MyAppointmentsPage from '../../pages/MyAppointments/MyAppointmentsPage';
import { RequireLogin } from '../RequireLogin';

export default function MyAppointmentRoute() {
  return (
    <RequireLogin title={messages.soon.appointmentsTitle}>
      <MyAppointmentsPage />
    </RequireLogin>
  );
}
