// Base styles first, so component sheets come after them in the cascade.
import './app/global.css';
import { StrictMode } from 'react';
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

createRoot(root).render(
  <StrictMode>
    <App siteOptionsLogic={liveSiteOptionsLogic} language={language} />
  </StrictMode>,
);
