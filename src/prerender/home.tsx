/**
 * The home route's first frame as HTML, written into index.html at build (scripts/vite/prerenderHome.ts),
 * so a phone paints the header and the hero before the app's JavaScript has arrived.
 * It is exactly what the app renders first in a browser: the real components, English, the site
 * options still loading and the session not yet known. The app's createRoot then replaces it
 * with the same markup and carries on (no hydration: nothing here is interactive until then).
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { AppShell } from '../app/App';
import type { AccountServices } from '../app/account';
import { siteOptionsMachine } from '../../machines/siteOptions/siteOptionsMachine';

/** A call that never answers: nothing runs while rendering to a string (actors start in effects). */
const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => undefined));

export function renderHome(): string {
  // The site options stay Loading, as in the app's first frame.
  const siteOptionsLogic = siteOptionsMachine;
  const accountServices: AccountServices = {
    actors: {
      fetchCurrentUser: never(),
      logout: never(),
      login: never(),
      exchangeGoogleCode: never(),
      register: never(),
      sendOtp: never(),
      validateOtp: never(),
      resetPassword: never(),
      sendSignInCode: never(),
      mobileSignIn: never(),
      loadAppointments: never(),
    },
    // A first visit: no stored login (a returning patient's header changes when the app starts).
    tokenStore: { read: () => null, write: () => undefined, remove: () => undefined },
    redirectToGoogle: () => undefined,
  };
  const html = renderToString(
    <MemoryRouter initialEntries={['/']}>
      <AppShell siteOptionsLogic={siteOptionsLogic} accountServices={accountServices} />
    </MemoryRouter>,
  );
  // A component that throws here is left to the browser (React marks its boundary): the build
  // stops instead of shipping a page without its hero. The lazy language picker is expected so.
  if (!html.includes('id="home-title"')) throw new Error('prerender: the home page did not render (a component failed without a browser?)');
  return html;
}
