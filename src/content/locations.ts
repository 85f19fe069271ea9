/**
 * The clinic's opening hours (spec §9) and the addresses of its locations, for the contact page,
 * and the page's days, hours and landmarks in the language in use through `useContactCopy()`.
 * English in ./en/locations.ts; हिन्दी and मराठी in ./hi/locations.ts and ./mr/locations.ts, each
 * its own chunk.
 */
import { contact as english, type ContactCopy } from './en/locations';
import { pageCopy } from './pageCopy';

export { clinicHours, locationDetails, type ContactCopy } from './en/locations';

export const contact = pageCopy<ContactCopy>(english, {
  hi: () => import('./hi/locations').then((module) => module.contact),
  mr: () => import('./mr/locations').then((module) => module.contact),
});

/** The contact page's days, hours and landmarks in the language in use. */
export const useContactCopy = contact.useCopy;
