/**
 * Copy of /ourtreatment in the language in use, read by the page through `useTreatmentsCopy()`.
 * English in ./en/treatments.ts; हिन्दी and मराठी in ./hi/treatments.ts and ./mr/treatments.ts (the
 * same shape, the same ids and images), each its own chunk.
 */
import { treatments as english, type TreatmentsCopy } from './en/treatments';
import { pageCopy } from './pageCopy';

export type { TreatmentsCopy } from './en/treatments';

export const treatments = pageCopy<TreatmentsCopy>(english, {
  hi: () => import('./hi/treatments').then((module) => module.treatments),
  mr: () => import('./mr/treatments').then((module) => module.treatments),
});

/** Our Treatments' copy in the language in use. */
export const useTreatmentsCopy = treatments.useCopy;
