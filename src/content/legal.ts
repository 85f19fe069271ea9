/**
 * Terms of Service and Privacy Policy in the language in use, read by the legal pages through
 * `useLegalCopy()`. English in ./en/legal.ts; हिन्दी and मराठी each their own chunk (./hi/legal.ts,
 * ./mr/legal.ts), loaded when a legal page is shown in that language. A translation says at its
 * top, in its language, that the English text binds.
 */
import { legal as english, type LegalCopy } from './en/legal';
import { pageCopy } from './pageCopy';

export type { LegalCopy, LegalDocument } from './en/legal';

export const legal = pageCopy<LegalCopy>(english, {
  hi: () => import('./hi/legal').then((module) => module.legal),
  mr: () => import('./mr/legal').then((module) => module.legal),
});

/** The legal documents in the language in use. */
export const useLegalCopy = legal.useCopy;
