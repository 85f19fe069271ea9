/**
 * The calls the waitlist's machines are given (machines/waitlistOffer/): the real ones in
 * src/app/liveWaitlist.ts, fakes in tests; each rejects with an ApiFailure when it fails.
 */
import type { PromiseActorLogic } from 'xstate';
import type { JoinRequest } from '../../../machines/waitlistOffer/join';
import type { WaitlistEntry } from '../../../contract/waitlist';
import type { WaitlistLoaded } from '../../../machines/waitlistOffer/waitlistMachine';

export interface WaitlistServices {
  /** GET /waitlist and the doctors to choose from. */
  readonly loadWaitlist: PromiseActorLogic<WaitlistLoaded, { token: string }>;
  readonly joinWaitlist: PromiseActorLogic<WaitlistEntry, { request: JoinRequest; token: string }>;
  readonly leaveWaitlist: PromiseActorLogic<unknown, { id: string; token: string }>;
  readonly declineOffer: PromiseActorLogic<unknown, { entryId: string; token: string }>;
  /** The current instant, epoch milliseconds (`Date.now` when absent): an offer's lapse is timed from it. */
  readonly now?: () => number;
}
