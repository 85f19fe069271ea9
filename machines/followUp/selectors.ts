/** What the follow-up view reads of its machine (machines/followUp/followUpMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { followUpMachine } from './followUpMachine.js';

type Snapshot = SnapshotFrom<typeof followUpMachine>;

export const selectOffer = (s: Snapshot) => s.context.offer;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
/** The series shows (proposed or booked) in every state but loading and failure, so it never folds away after Book all. */
export const selectShowsSeries = (s: Snapshot) => s.context.offer !== null && (s.context.offer.times > 1 || s.context.offer.state === 'booked');
/** The teleconsultation consent as ticked (null: not ticked). */
export const selectConsent = (s: Snapshot) => s.context.consent;
/** Book all can be pressed: Confirming, with the consent ticked where the type needs it. */
export const selectCanBook = (s: Snapshot) => s.matches('Confirming') && s.can({ type: 'course.book' });
