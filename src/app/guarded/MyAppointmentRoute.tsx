/** /myappointment for a logged-in user (spec §6): "opens soon" until the appointments issue. Its own chunk. */
import { messages } from '../../i18n/messages';
import ComingSoonPage from '../../pages/ComingSoon/ComingSoonPage';
import { RequireLogin } from '../RequireLogin';

export default function MyAppointmentRoute() {
  return (
    <RequireLogin title={messages.soon.appointmentsTitle}>
      <ComingSoonPage part="myappointment" />
    </RequireLogin>
  );
}
