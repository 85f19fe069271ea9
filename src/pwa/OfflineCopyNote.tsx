/**
 * "Offline copy. Last updated <time>": shown above a page's data while it is the copy kept for
 * offline use (./offlineCopy.ts), in the clinic's time and the language in use.
 */
import { formatClinicRecorded } from '../format/format';
import { usePwaMessages } from '../i18n/pwaMessages';
import { useOfflineSince, type OfflineArea } from './offlineCopy';
import './notices.css';

export function OfflineCopyNote({ area }: { area: OfflineArea }) {
  const texts = usePwaMessages();
  const since = useOfflineSince(area);
  if (since === null) return null;
  return (
    <p className="offline-copy-note" role="status" data-offline-copy={area}>
      {texts.lastUpdated(formatClinicRecorded(new Date(since).toISOString()) ?? '')}
    </p>
  );
}
