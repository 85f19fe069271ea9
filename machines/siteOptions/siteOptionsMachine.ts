/**
 * Site options (spec §3, §4 "On load"): the events, team, testimonials and locations the site
 * shows, loaded when the app starts, in the language in use (the clinic's texts in
 * Hindi or Marathi where it gave them), and again when the language changes. The loading itself
 * is the `loadSiteOptions` actor, which the app provides
 * (`siteOptionsMachine.provide({ actors: { loadSiteOptions } })`) and tests replace with a fake in
 * the same way.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SiteLanguage, SiteOptions } from '../../contract/site.js';

export type SiteOptionsContext = {
  /** The last options loaded; kept while they load again in another language, so pages never blank. */
  options: SiteOptions | null;
  /** Why the last load failed, for logs and a detail line; views show their own catalog text. */
  error: string | null;
  /** The language the options are (being) loaded in. */
  language: SiteLanguage;
};

export type SiteOptionsInput = { readonly language?: SiteLanguage } | undefined;

export type SiteOptionsEvent = { type: 'siteOptions.retry' } | { type: 'siteOptions.language'; language: SiteLanguage };

export const siteOptionsMachine = setup({
  types: {} as { context: SiteOptionsContext; events: SiteOptionsEvent; input: SiteOptionsInput },
  actions: {
    storeOptions: assign((_, params: { options: SiteOptions }) => ({ options: params.options, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: describeLoadError(params.error) })),
    clearError: assign({ error: null }),
    storeLanguage: assign((_, params: { language: SiteLanguage }) => ({ language: params.language, error: null })),
  },
  guards: {
    isOtherLanguage: ({ context }, params: { language: SiteLanguage }) => params.language !== context.language,
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    loadSiteOptions: fromPromise<SiteOptions, { language: SiteLanguage }>(() => Promise.reject(new Error('not provided'))),
  },
}).createMachine({
  id: 'siteOptions',
  description: 'Loads the site options (events, team, testimonials, locations) when the app starts, in the language in use, and again when it changes.',
  context: ({ input }) => ({ options: null, error: null, language: input?.language ?? 'en' }),
  initial: 'Loading',
  on: {
    'siteOptions.language': {
      description: 'Another language is in use: load the lists again in it (a load under way for the old one is dropped).',
      guard: { type: 'isOtherLanguage', params: ({ event }) => ({ language: event.language }) },
      target: '.Loading',
      reenter: true,
      actions: { type: 'storeLanguage', params: ({ event }) => ({ language: event.language }) },
    },
  },
  states: {
    Loading: {
      description: 'Fetching the four site-option lists in the language; options loaded before stay shown meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'loadSiteOptions',
        src: 'loadSiteOptions',
        input: ({ context }) => ({ language: context.language }),
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
export const selectSiteLanguage = (snapshot: Snapshot): SiteLanguage => snapshot.context.language;

/** The actor rejects with an ApiFailure (which has a `message`) or, if it broke, an Error. */
function describeLoadError(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'The site options could not be loaded.';
}
