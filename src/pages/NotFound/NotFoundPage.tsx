/** Any unknown route. */
import { usePageTitle } from '../../app/usePageTitle';
import { Link } from '../../components/Link/Link';
import { useMessages } from '../../i18n/messages';

export default function NotFoundPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.notFound);
  return (
    <div className="page container">
      <div className="prose">
        <h1>{messages.notFound.title}</h1>
        <p className="page__lead">{messages.notFound.body}</p>
        <p>
          <Link className="button button--primary" to="/">
            {messages.notFound.backHome}
          </Link>
        </p>
      </div>
    </div>
  );
}
