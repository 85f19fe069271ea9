/** /termandcondition: Terms of Service, dated 11/03/2025. */
import { usePageTitle } from '../../app/usePageTitle';
import { termsOfService } from '../../content/legal';
import { useMessages } from '../../i18n/messages';
import { LegalDocumentView } from './LegalDocumentView';

export default function TermsPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.terms);
  return <LegalDocumentView document={termsOfService} />;
}
