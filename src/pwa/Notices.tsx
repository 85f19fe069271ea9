/**
 * The installed app's notices (./status.ts), in a root of their own at the foot of the page:
 * the shared offline notice (what needs a connection), "A new version is ready — Reload" and the
 * install offer after a booking. Loaded by ./start.ts the first time one is to be shown.
 */
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { usePwaMessages } from '../i18n/pwaMessages';
import { getPwaStatus, pwaActions, subscribePwaStatus } from './status';
import './notices.css';

function Notices() {
  const texts = usePwaMessages();
  const { offline, updateReady, installOffer } = useSyncExternalStore(subscribePwaStatus, getPwaStatus, getPwaStatus);
  return (
    <div className="pwa-notices">
      <div role="status">
        {offline && (
          <p className="pwa-notice pwa-notice--offline" data-pwa-notice="offline">
            {texts.offline}
          </p>
        )}
      </div>
      {updateReady && (
        <div className="pwa-notice" role="status" data-pwa-notice="update">
          <p className="pwa-notice__text">{texts.updateReady}</p>
          <button type="button" className="button button--primary" onClick={() => pwaActions.reload()}>
            {texts.reload}
          </button>
        </div>
      )}
      {installOffer && (
        <div className="pwa-notice" role="region" aria-label={texts.install.accept} data-pwa-notice="install">
          <p className="pwa-notice__text">{texts.install.text}</p>
          <button type="button" className="button button--primary" onClick={() => pwaActions.install()}>
            {texts.install.accept}
          </button>
          <button type="button" className="button button--outline" onClick={() => pwaActions.dismissInstall()}>
            {texts.install.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}

export function mountNotices(): void {
  const host = document.createElement('div');
  host.id = 'pwa-notices';
  document.body.append(host);
  createRoot(host).render(<Notices />);
}
