/**
 * The site-options actor's React context. Creating the context starts nothing: the actor is
 * created when <SiteOptionsContext.Provider logic={...}> mounts at the app root (main.tsx gives
 * the live logic, tests give a fake one).
 */
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import {
  selectIsLoading,
  selectLoadError,
  selectSiteOptions,
  siteOptionsMachine,
} from '../../machines/siteOptions/siteOptionsMachine';
import type { SiteOptions } from '../../contract/site';

export const SiteOptionsContext = createActorContext(siteOptionsMachine);

export type SiteOptionsLogic = typeof siteOptionsMachine;

export interface SiteOptionsView {
  readonly options: SiteOptions | null;
  readonly isLoading: boolean;
  readonly error: string | null;
  readonly retry: () => void;
}

/** What a view needs to render the site options, their loading and their failure. */
export function useSiteOptions(): SiteOptionsView {
  const options = SiteOptionsContext.useSelector(selectSiteOptions);
  const isLoading = SiteOptionsContext.useSelector(selectIsLoading);
  const error = SiteOptionsContext.useSelector(selectLoadError);
  const actor = SiteOptionsContext.useActorRef();
  return { options, isLoading, error, retry: () => actor.send({ type: 'siteOptions.retry' }) };
}

/**
 * The site options follow the language in use. The language store comes with the
 * language choice's chunk (src/i18n/languageChoice.ts), loaded after the first render; each
 * change is sent to the machine, which loads the lists again in it. The start language is the
 * machine's input (main.tsx), so a first visit in Hindi asks once, in Hindi; a language already
 * in use when the store arrives is sent too (the machine ignores the one it has).
 */
export function SiteOptionsLanguage(): null {
  const actor = SiteOptionsContext.useActorRef();
  useEffect(() => {
    let live = true;
    let stop = () => {};
    import('../i18n/languageChoice')
      .then(({ getLanguage, onLanguageChange }) => {
        if (!live) return;
        const send = () => actor.send({ type: 'siteOptions.language', language: getLanguage() });
        // English at this point may be a catalog still loading: its change will come.
        if (getLanguage() !== 'en') send();
        stop = onLanguageChange(send);
      })
      .catch(() => {
        // The chunk did not load (offline): the options stay in the language they have.
      });
    return () => {
      live = false;
      stop();
    };
  }, [actor]);
  return null;
}
