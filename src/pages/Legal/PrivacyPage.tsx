/** /privacypolicy: Privacy Policy (DPDP Act 2023), dated 11/03/2025. */
import { usePageTitle } from '../../app/usePageTitle';
import { privacyPolicy } from '../../content/legal';
import { useMessages } from '../../i18n/messages';
import { LegalDocumentView } from './LegalDocumentView';

export default function PrivacyPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.privacy);
  return <LegalDocumentView document={privacyPolicy} />;
}
