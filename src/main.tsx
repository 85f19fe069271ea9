// Base styles first, so component sheets come after them in the cascade.
import './app/global.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { liveSiteOptionsLogic, prefetchSiteApi } from './app/liveSiteOptions';
import { startLanguage } from './i18n/languageChoice';

// Fetch the API client's chunk while React renders the first frame.
prefetchSiteApi();
// The language chosen before in this browser, else the browser's preferred one: its catalog is a
// chunk of its own. The site options load in it from the start.
const language = startLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

/**
 * Once the app's first frame is on screen, the prerendered frame's marks go: the deep-link class
 * (scripts/vite/firstFrameScripts.ts) and `#root`'s data-first-frame (scripts/vite/prerenderHome.ts).
 */
function FirstFrameShown() {
  useLayoutEffect(() => {
    document.documentElement.classList.remove('deep-link');
    container.removeAttribute('data-first-frame');
  }, []);
  return null;
}

// When index.html holds the home page's first frame, this module runs after it is painted
// (scripts/vite/prerenderHome.ts). React's first render is a transition: rendered in slices
// that leave the main thread free between them (a phone takes a few hundred milliseconds for
// the whole app), while the prerendered frame stays on screen until the app's replaces it.
const app = createRoot(container);
startTransition(() => {
  app.render(
    <StrictMode>
      <App siteOptionsLogic={liveSiteOptionsLogic} language={language} />
      <FirstFrameShown />
    </StrictMode>,
  );
});

// The installed app's part (src/pwa/start.ts: the service worker, the offline and update notices,
// the install offer) comes once the page has loaded: nothing of it is on the first paint's path.
if (import.meta.env.PROD) {
  const startPwa = () => void import('./pwa/start').then((pwa) => pwa.startPwa(), () => undefined);
  if (document.readyState === 'complete') startPwa();
  else window.addEventListener('load', startPwa, { once: true });
}
