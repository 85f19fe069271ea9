/** What My Appointment's place line reads of the machine's snapshot (./queuePlaceMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { QueuePlace } from '../../contract/display.js';
import type { queuePlaceMachine } from './queuePlaceMachine.js';

type Snapshot = SnapshotFrom<typeof queuePlaceMachine>;

/** The place to show: in the line, in the room or finished; null before check-in (nothing to say). */
export const selectPlace = (s: Snapshot): QueuePlace | null => (s.context.place?.status === 'notCheckedIn' ? null : s.context.place);
export const selectIsLive = (s: Snapshot): boolean => s.matches('Live');
