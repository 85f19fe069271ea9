/** /myremedies for a logged-in user (spec §6); logged out, it asks for login. Its own chunk. */
import { useMessages } from '../../i18n/messages';
import MyRemediesPage from '../../pages/MyRemedies/MyRemediesPage';
import { RequireLogin } from '../RequireLogin';

export default function MyRemediesRoute() {
  const messages = useMessages();
  return (
    <RequireLogin title={messages.remedies.title}>
      <MyRemediesPage />
    </RequireLogin>
  );
}
