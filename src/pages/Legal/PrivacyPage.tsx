/** /privacypolicy: Privacy Policy (DPDP Act 2023), dated 11/03/2025; in Hindi and Marathi
 * too, the English text binding. */
import { usePageTitle } from '../../app/usePageTitle';
import { useLegalCopy } from '../../content/legal';
import { useMessages } from '../../i18n/messages';
import { LegalDocumentView } from './LegalDocumentView';

export default function PrivacyPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.privacy);
  const copy = useLegalCopy();
  return <LegalDocumentView document={copy.privacy} englishBinds={copy.englishBinds} />;
}
