/**
 * The site-options machine with the real loader: given to the Provider in main.tsx.
 *
 * The API client (io-ts codecs, fp-ts) is a chunk of its own so that the home page's first
 * JavaScript stays small. Its download starts as soon as main.tsx runs (`prefetchSiteApi`), in
 * parallel with the first render, which does not wait for it: until the answer the views show
 * the loading text, and a chunk that cannot load is a failure with a Try again like any other.
 */
import type { SiteLanguage, SiteOptions } from '../../contract/site';
import { siteOptionsMachine } from '../../machines/siteOptions/siteOptionsMachine';
import { fromAbortablePromise } from './abortable';
import type { SiteOptionsLogic } from './siteOptions';

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

/**
 * The site-options machine with a loader: the real one below, fakes in tests. The loader gets the
 * actor's abort signal and the language to load in; what it answers after that signal
 * aborted is dropped (see ./abortable.ts).
 */
export function siteOptionsLogicFor(load: (signal: AbortSignal, language: SiteLanguage) => Promise<SiteOptions>): SiteOptionsLogic {
  return siteOptionsMachine.provide({
    actors: {
      loadSiteOptions: fromAbortablePromise<SiteOptions, { language: SiteLanguage }>(({ input, signal }) => load(signal, input.language)),
    },
  });
}

export const liveSiteOptionsLogic = siteOptionsLogicFor(async (signal, language) => (await loadSiteApi()).loadSiteOptions(signal, language));
