/**
 * My waitlist followed live while the patient waits (machines/waitlistOffer/waitlistLiveMachine.ts):
 * shows nothing itself; each list the stream brings goes to `onList` (the waitlist machine's
 * `waitlist.pushed`). Mounted by WaitlistBlock only while there are entries, so a patient who waits
 * for nothing holds no stream.
 */
import type { WaitlistList } from '../../../contract/waitlist';
import { waitlistLiveMachine } from '../../../machines/waitlistOffer/waitlistLiveMachine';
import { useProvidedActor } from '../../app/useProvidedActor';
import type { WaitlistServices } from './services';

export interface WaitlistLiveProps {
  readonly token: string;
  readonly follow: NonNullable<WaitlistServices['followWaitlist']>;
  readonly onList: (list: WaitlistList) => void;
  /** The pause before following again after a drop (tests shorten it). */
  readonly reconnectMs?: number;
}

export function WaitlistLive({ token, follow, onList, reconnectMs }: WaitlistLiveProps) {
  useProvidedActor(
    (latest) => waitlistLiveMachine.provide({ actors: { stream: follow }, actions: { pushed: (_, { list }) => latest.current.onList(list) } }),
    { input: { token, ...(reconnectMs === undefined ? {} : { reconnectMs }) } },
    { onList },
  );
  return null;
}
