/**
 * The installed app's start, loaded by main.tsx with a dynamic import once the page has loaded
 * (so none of it is on the home page's first paint): registers the service worker (src/pwa/sw.ts,
 * built as /sw.js), follows its updates, points the manifest link at the language in use, watches
 * the connection and keeps the install offer. What to show goes to ./status.ts; the notices'
 * view (./Notices.tsx, with its texts) is fetched only when there is one to show. docs/app.md.
 *
 * The plain ServiceWorker API, not workbox-window: what we need of it (the waiting worker, the
 * SKIP_WAITING message, a reload once the new one controls the page) is these few lines, and
 * workbox-window would add its 2 kB to every first visit.
 */
import { manifestLanguages, manifestPath, type ManifestLanguage } from './manifest';
import { getPwaStatus, pwaActions, setPwaStatus, subscribePwaStatus } from './status';

/**
 * The window event the payment result page sends on a confirmed booking: the install offer's
 * moment. Here, not in a module of its own, so that it costs the home page no extra request.
 */
export const bookedEvent = 'clinic:booked';
/** localStorage: the install offer was answered (accepted or dismissed): it is never shown again. */
export const installOfferKey = 'installOffer';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let noticesShown = false;
function showNoticesWhenNeeded(): void {
  const show = () => {
    const { offline, updateReady, installOffer } = getPwaStatus();
    if (noticesShown || !(offline || updateReady || installOffer)) return;
    noticesShown = true;
    // Offline before the service worker cached it (or without one), the chunk cannot be fetched:
    // nothing shows, and the next change of status tries again.
    import('./Notices').then(
      (module) => module.mountNotices(),
      () => {
        noticesShown = false;
      },
    );
  };
  subscribePwaStatus(show);
  show();
}

function followManifestLanguage(): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const follow = () => {
    const language = document.documentElement.lang.slice(0, 2) as ManifestLanguage;
    const path = manifestPath(manifestLanguages.includes(language) ? language : 'en');
    if (link.getAttribute('href') !== path) link.setAttribute('href', path);
  };
  follow();
  new MutationObserver(follow).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

function watchConnection(): void {
  const update = () => setPwaStatus({ offline: !navigator.onLine });
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
}

function storedAnswer(): string | null {
  try {
    return localStorage.getItem(installOfferKey);
  } catch {
    return 'unavailable';
  }
}

function rememberAnswer(answer: 'accepted' | 'dismissed'): void {
  try {
    localStorage.setItem(installOfferKey, answer);
  } catch {
    // Without storage the offer may come again after the next booking.
  }
}

/** The browser's install prompt, kept for the moment after a booking; offered once, never a nag. */
function keepInstallOffer(): void {
  let prompt: InstallPromptEvent | null = null;
  let booked = false;
  const offer = () => {
    if (prompt && booked && storedAnswer() === null) setPwaStatus({ installOffer: true });
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    prompt = event as InstallPromptEvent;
    offer();
  });
  window.addEventListener(bookedEvent, () => {
    booked = true;
    offer();
  });
  window.addEventListener('appinstalled', () => {
    rememberAnswer('accepted');
    setPwaStatus({ installOffer: false });
  });
  pwaActions.install = () => {
    setPwaStatus({ installOffer: false });
    const asked = prompt;
    prompt = null;
    if (!asked) return;
    void asked.prompt().then(() => asked.userChoice).then((choice) => rememberAnswer(choice.outcome), () => undefined);
  };
  pwaActions.dismissInstall = () => {
    rememberAnswer('dismissed');
    setPwaStatus({ installOffer: false });
  };
}

async function registerWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const waiting = () => {
    // Only an update waits: the first worker takes the page at once (clientsClaim in sw.ts).
    if (registration.waiting && navigator.serviceWorker.controller) setPwaStatus({ updateReady: true });
  };
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') waiting();
    });
  });
  waiting();
  let reloading = false;
  pwaActions.reload = () => {
    const next = registration.waiting;
    if (!next) return;
    reloading = true;
    next.postMessage({ type: 'SKIP_WAITING' });
  };
  // The page reloads only after the patient pressed Reload, never by itself.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) window.location.reload();
  });
  // A page left open for days still hears of a new version when it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

export function startPwa(): void {
  followManifestLanguage();
  watchConnection();
  keepInstallOffer();
  showNoticesWhenNeeded();
  registerWorker().catch(() => {
    // No worker (a private window, an old browser): the site works as a web page.
  });
}
