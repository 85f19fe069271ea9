/// <reference lib="webworker" />
/**
 * The service worker (docs/app.md), built by vite-plugin-pwa's injectManifest strategy
 * (workbox-build puts the list of built files into `self.__WB_MANIFEST`).
 *
 * - Precache `clinic-precache-*`: index.html (with the home page's prerendered first frame) and the
 *   built JavaScript, styles, icons and manifests of the patient site, so the shell and the public
 *   pages open without a network. The staff console's and the waiting-room display's chunks are
 *   left out (vite.config.ts `globIgnores`): they are never cached.
 * - Navigations to `/` (the only page: routes are in the hash) answer from the precache.
 * - `clinic-public-api`: the public site options (team, events, testimonials, locations, doctors,
 *   fees, contacts), network first, only for a request without a login (no Authorization header)
 *   and an answer that is not private. Nothing else under /api is touched: the personal copies a
 *   signed-in patient keeps offline are the page's (src/pwa/personalCache.ts), not the worker's.
 * - `clinic-media`: the site's public images under /media and /icons, stale while revalidate.
 * - A new version waits (no skipWaiting of its own) until the page asks, after the patient
 *   pressed Reload (src/pwa/start.ts): it never takes over an open booking or payment.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { notificationOf, notificationUrl } from './pushNotifications';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Only `/` is a page of the app, with any query (the installed app starts at /?source=app; the
// allowlist is matched against the path and the query); /verify/<code> (a redirect), /api and the
// payment provider's pages on our origin go to the network as they are.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: [/^\/(index\.html)?(\?.*)?$/] }));

const publicApi = /^\/api\/(super\/(events|teams|testimonials|locations)|site\/contacts|doctor\/getall|appointmentfee\/all)$/;
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && publicApi.test(url.pathname) && !request.headers.has('authorization'),
  new NetworkFirst({
    cacheName: 'clinic-public-api',
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      {
        // An answer the server marks private is never kept, whatever the path.
        cacheWillUpdate: async ({ response }) => (/private|no-store/i.test(response.headers.get('cache-control') ?? '') ? null : response),
      },
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.destination === 'image' && /^\/(media|icons)\//.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'clinic-media',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// The first version takes the open page at once (there is nothing older to break); later ones wait.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push (docs/app.md "Web Push"): a reminder as a notification; a tap focuses an open window of
// the site on My Appointment, or opens one.
self.addEventListener('push', (event) => {
  const shown = notificationOf(event.data?.text() ?? null, self.location.origin, '/icons/icon-192.png');
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationUrl((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
      } else await self.clients.openWindow(url);
    })(),
  );
});
