/**
 * The site-options machine with the real loader: given to the Provider in main.tsx.
 *
 * The API client (io-ts codecs, fp-ts) is a chunk of its own so that the home page's first
 * JavaScript stays small. Its download starts as soon as this module is evaluated, in parallel
 * with the first render, so the machine's first load does not wait for it in turn.
 */
import { fromPromise } from 'xstate';
import type { SiteOptions } from '../../contract/site';
import { siteOptionsMachine } from '../../machines/siteOptions/siteOptionsMachine';

type SiteApiModule = typeof import('../api/site');

let siteApi: Promise<SiteApiModule> | null = null;

/** The API module, fetched once; a failed fetch (offline) is tried again on the next call. */
function loadSiteApi(): Promise<SiteApiModule> {
  siteApi ??= import('../api/site').catch((error: unknown) => {
    siteApi = null;
    throw error;
  });
  return siteApi;
}

export function prefetchSiteApi(): void {
  loadSiteApi().catch(() => {
    // Reported when the machine loads the site options; nothing to do here.
  });
}

export const liveSiteOptionsLogic = siteOptionsMachine.provide({
  actors: {
    loadSiteOptions: fromPromise<SiteOptions>(async ({ signal }) => (await loadSiteApi()).loadSiteOptions(signal)),
  },
});
