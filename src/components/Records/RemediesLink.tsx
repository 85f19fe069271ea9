/** The link from a Completed appointment (My Appointment) to its prescription and receipts on My Remedies. */
import { useMessages } from '../../i18n/messages';
import { Link } from '../Link/Link';

export function RemediesLink() {
  const texts = useMessages().records;
  return (
    <p className="appointment-card__remedies">
      <Link to="/myremedies" className="button button--outline">
        {texts.viewRemedies}
      </Link>
    </p>
  );
}
