/** What the waitlist's views read of its two machines. */
import type { SnapshotFrom } from 'xstate';
import type { Doctor } from '../../contract/site.js';
import type { WaitlistEntry } from '../../contract/waitlist.js';
import type { FieldErrors } from '../failures.js';
import type { JoinDraft } from './join.js';
import type { waitlistMachine } from './waitlistMachine.js';
import type { waitlistOfferMachine } from './waitlistOfferMachine.js';

type Waitlist = SnapshotFrom<typeof waitlistMachine>;
type Offer = SnapshotFrom<typeof waitlistOfferMachine>;

export const selectEntries = (s: Waitlist): readonly WaitlistEntry[] => s.context.entries;
export const selectIsLoading = (s: Waitlist): boolean => s.hasTag('loading');
export const selectLoadFailed = (s: Waitlist): boolean => s.matches('Failed');
export const selectIsBusy = (s: Waitlist): boolean => s.hasTag('busy');
/** The form shows while it is being filled in or sent. */
export const selectFormOpen = (s: Waitlist): boolean => s.matches({ Ready: 'Editing' }) || s.matches('Joining');
export const selectDraft = (s: Waitlist): JoinDraft => s.context.draft;
export const selectJoinErrors = (s: Waitlist): FieldErrors => s.context.errors;
/** Grows each time problems are shown: the view moves the focus to the first. */
export const selectErrorsShown = (s: Waitlist): number => s.context.errorsShown;
export const selectDoctors = (s: Waitlist): readonly Doctor[] => s.context.doctors;
export const selectLeavingId = (s: Waitlist): string | null => (s.matches('Leaving') ? s.context.leaving : null);
/** The days the form's date inputs allow: today to the booking horizon, at most `maxDays` in one entry. */
export const selectDayRange = (s: Waitlist): { min: string; max: string; maxDays: number } => ({
  min: s.context.today,
  max: s.context.lastDate,
  maxDays: s.context.maxDays,
});

export type OfferPhase = 'offered' | 'declining' | 'taken' | 'declined' | 'lapsed';
export const selectOfferPhase = (s: Offer): OfferPhase =>
  s.matches('Declining') ? 'declining' : s.matches('Taken') ? 'taken' : s.matches('Declined') ? 'declined' : s.matches('Lapsed') ? 'lapsed' : 'offered';
