/**
 * Before/after illustrations of /gallery in the language in use, read by the page through
 * `useGalleryCopy()`. English in ./en/gallery.ts; हिन्दी and मराठी in ./hi/gallery.ts and
 * ./mr/gallery.ts (the same ids and images, titles and alternative texts translated), each its own
 * chunk.
 */
import { beforeAfter as english, type BeforeAfter } from './en/gallery';
import { pageCopy } from './pageCopy';

export const gallery = pageCopy<readonly BeforeAfter[]>(english, {
  hi: () => import('./hi/gallery').then((module) => module.beforeAfter),
  mr: () => import('./mr/gallery').then((module) => module.beforeAfter),
});

/** The before/after pairs in the language in use. */
export const useGalleryCopy = gallery.useCopy;
