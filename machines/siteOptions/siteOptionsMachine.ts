/**
 * Site options (spec §3, §4 "On load"): the events, team, testimonials and locations the site
 * shows, loaded once when the app starts. The loading itself is the `loadSiteOptions` actor,
 * which the app provides (`siteOptionsMachine.provide({ actors: { loadSiteOptions } })`) and
 * tests replace with a fake in the same way.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SiteOptions } from '../../contract/site.js';

export type SiteOptionsContext = {
  options: SiteOptions | null;
  /** Why the last load failed, for logs and a detail line; views show their own catalog text. */
  error: string | null;
};

export type SiteOptionsEvent = { type: 'siteOptions.retry' };

export const siteOptionsMachine = setup({
  types: {} as { context: SiteOptionsContext; events: SiteOptionsEvent },
  actions: {
    storeOptions: assign((_, params: { options: SiteOptions }) => ({ options: params.options, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: describeLoadError(params.error) })),
    clearError: assign({ error: null }),
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    loadSiteOptions: fromPromise<SiteOptions>(() => Promise.reject(new Error('not provided'))),
  },
}).createMachine({
  id: 'siteOptions',
  description: 'Loads the site options (events, team, testimonials, locations) when the app starts.',
  context: { options: null, error: null },
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Fetching the four site-option lists.',
      tags: ['loading'],
      invoke: {
        id: 'loadSiteOptions',
        src: 'loadSiteOptions',
        onDone: {
          target: 'Ready',
          actions: { type: 'storeOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: {
          target: 'Failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    Ready: {
      description: 'The site options are loaded and pages render them.',
    },
    Failed: {
      description: 'Loading failed. Pages show what they can and offer to try again.',
      on: { 'siteOptions.retry': { target: 'Loading', actions: 'clearError' } },
    },
  },
});

type Snapshot = SnapshotFrom<typeof siteOptionsMachine>;

export const selectSiteOptions = (snapshot: Snapshot): SiteOptions | null => snapshot.context.options;
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
export const selectLoadError = (snapshot: Snapshot): string | null => snapshot.context.error;

/** The actor rejects with an ApiFailure (which has a `message`) or, if it broke, an Error. */
function describeLoadError(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'The site options could not be loaded.';
}
