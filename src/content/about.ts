/**
 * Copy of /aboutus in the language in use, read by the page through `useAboutCopy()`. English in
 * ./en/about.ts; हिन्दी and मराठी in ./hi/about.ts and ./mr/about.ts (the same shape and image), each
 * its own chunk.
 */
import { about as english, type AboutCopy } from './en/about';
import { pageCopy } from './pageCopy';

export type { AboutCopy } from './en/about';

export const about = pageCopy<AboutCopy>(english, {
  hi: () => import('./hi/about').then((module) => module.about),
  mr: () => import('./mr/about').then((module) => module.about),
});

/** About us' copy in the language in use. */
export const useAboutCopy = about.useCopy;
