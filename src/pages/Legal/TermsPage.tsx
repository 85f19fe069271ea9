/** /termandcondition: Terms of Service, dated 11/03/2025; in Hindi and Marathi
 * too, the English text binding. */
import { usePageTitle } from '../../app/usePageTitle';
import { useLegalCopy } from '../../content/legal';
import { useMessages } from '../../i18n/messages';
import { LegalDocumentView } from './LegalDocumentView';

export default function TermsPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.terms);
  const copy = useLegalCopy();
  return <LegalDocumentView document={copy.terms} englishBinds={copy.englishBinds} />;
}
