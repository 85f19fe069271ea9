/**
 * The site-options actor's React context. Creating the context starts nothing: the actor is
 * created when <SiteOptionsContext.Provider logic={...}> mounts at the app root (main.tsx gives
 * the live logic, tests give a fake one).
 */
import { createActorContext } from '@xstate/react';
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
