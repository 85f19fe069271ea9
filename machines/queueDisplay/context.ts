/** The waiting-room display machine's input, context and events (./queueDisplayMachine.ts). */
import type { DisplaySnapshot } from '../../contract/display.js';

/** The pause before the display connects again after its stream dropped. */
export const displayReconnectMs = 3000;

export type QueueDisplayInput = {
  /** The display link's key (the route's `#/display/<key>`). */
  key: string;
  reconnectMs?: number;
};

export type QueueDisplayContext = {
  key: string;
  reconnectMs: number;
  /** The last queue the server sent; kept while the connection is lost (shown as stale). */
  snapshot: DisplaySnapshot | null;
};

/** What the `stream` actor sends back: a snapshot, the link no longer valid (revoked, unknown), or the stream ended or failed. */
export type QueueDisplayEvent =
  | { type: 'stream.snapshot'; snapshot: DisplaySnapshot }
  | { type: 'stream.revoked' }
  | { type: 'stream.dropped' };

export const initialDisplayContext = (input: QueueDisplayInput): QueueDisplayContext => ({
  key: input.key,
  reconnectMs: input.reconnectMs ?? displayReconnectMs,
  snapshot: null,
});
