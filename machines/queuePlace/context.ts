/** The patient's place machine's input, context and events (./queuePlaceMachine.ts). */
import type { QueuePlace } from '../../contract/display.js';

/** Before check-in (or after a failed read), how long until the place is asked again. */
export const placePollMs = 60_000;
/** The pause before following the place again after the stream dropped. */
export const placeReconnectMs = 3000;

export type QueuePlaceInput = { appointmentId: string; token: string; pollMs?: number; reconnectMs?: number };

export type QueuePlaceContext = {
  appointmentId: string;
  token: string;
  pollMs: number;
  reconnectMs: number;
  /** The last place the server said; null before the first answer. */
  place: QueuePlace | null;
};

/** From the `stream` actor: a place, or the stream ended (or failed). */
export type QueuePlaceEvent = { type: 'stream.place'; place: QueuePlace } | { type: 'stream.dropped' };

export const initialPlaceContext = (input: QueuePlaceInput): QueuePlaceContext => ({
  appointmentId: input.appointmentId,
  token: input.token,
  pollMs: input.pollMs ?? placePollMs,
  reconnectMs: input.reconnectMs ?? placeReconnectMs,
  place: null,
});

/** In the line or in the room: the place changes live. */
export const isFollowable = (place: QueuePlace): boolean => place.status === 'waiting' || place.status === 'called';
/** Seen or missed: nothing changes any more. */
export const isFinished = (place: QueuePlace): boolean => place.status === 'done' || place.status === 'noshow';
