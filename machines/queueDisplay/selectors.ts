/** What the display's view reads of the machine's snapshot (./queueDisplayMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { DisplaySnapshot } from '../../contract/display.js';
import type { queueDisplayMachine } from './queueDisplayMachine.js';

type Snapshot = SnapshotFrom<typeof queueDisplayMachine>;

export const selectQueue = (s: Snapshot): DisplaySnapshot | null => s.context.snapshot;
export const selectIsConnecting = (s: Snapshot): boolean => s.hasTag('connecting');
export const selectIsLive = (s: Snapshot): boolean => s.hasTag('live');
/** The connection is lost (or being made again): what is shown is the last known queue. */
export const selectIsStale = (s: Snapshot): boolean => s.hasTag('stale');
export const selectIsRevoked = (s: Snapshot): boolean => s.matches('Revoked');
