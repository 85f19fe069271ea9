// Base styles first, so component sheets come after them in the cascade.
import './app/global.css';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { liveSiteOptionsLogic, prefetchSiteApi } from './app/liveSiteOptions';
import { startLanguage } from './i18n/language';

// Fetch the API client's chunk while React renders the first frame.
prefetchSiteApi();
// The language chosen before in this browser, else the browser's preferred one: its catalog is a
// chunk of its own. The site options load in it from the start (issue 15).
const language = startLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

/**
 * Once the app's first frame is on screen, the prerendered frame's marks go: the deep-link class
 * (server/http/firstFrame.ts) and `#root`'s data-first-frame (scripts/vite/prerenderHome.ts).
 */
function FirstFrameShown() {
  useLayoutEffect(() => {
    document.documentElement.classList.remove('deep-link');
    container.removeAttribute('data-first-frame');
  }, []);
  return null;
}

function start() {
  createRoot(container).render(
    <StrictMode>
      <App siteOptionsLogic={liveSiteOptionsLogic} language={language} />
      <FirstFrameShown />
    </StrictMode>,
  );
}

// index.html holds the home page's first frame (scripts/vite/prerenderHome.ts): let the browser
// paint it before React's first render takes the main thread (on a slow phone, a few hundred ms).
if (container.firstChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
