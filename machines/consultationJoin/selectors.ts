/** What the consultation panel's views read of the machine's snapshot (./consultationJoinMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { Consultation } from '../../contract/consultation.js';
import type { consultationJoinMachine } from './consultationJoinMachine.js';

type Snapshot = SnapshotFrom<typeof consultationJoinMachine>;

export const selectConsultation = (snapshot: Snapshot): Consultation | null => snapshot.context.consultation;
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.matches('Loading');
export const selectHasFailed = (snapshot: Snapshot): boolean => snapshot.matches('Failed');
export const selectIsNoting = (snapshot: Snapshot): boolean => snapshot.matches('Noting');
/** Whether "No answer" can be noted now (a Call that has opened, as staff). */
export const selectCanNote = (snapshot: Snapshot): boolean => snapshot.can({ type: 'call.noanswer', note: '' });
