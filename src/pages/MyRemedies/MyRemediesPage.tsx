/** /myremedies: a placeholder until consultations record remedies (the accounts issue adds login). */
import { usePageTitle } from '../../app/usePageTitle';
import { clinic } from '../../content/clinic';
import { useMessages } from '../../i18n/messages';

export default function MyRemediesPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.remedies);
  return (
    <div className="page container">
      <div className="prose">
        <h1>{messages.remedies.title}</h1>
        <p className="page__lead">{messages.remedies.body}</p>
        <p>
          {messages.remedies.callUs(clinic.phone.display)}{' '}
          <a href={clinic.phone.href}>{messages.popup.callToBook(clinic.phone.display)}</a>
        </p>
      </div>
    </div>
  );
}
