/**
 * The calls the waitlist's machines are given (machines/waitlistOffer/): the real ones in
 * src/app/liveWaitlist.ts, fakes in tests; each rejects with an ApiFailure when it fails.
 */
import type { CallbackActorLogic, PromiseActorLogic } from 'xstate';
import type { WaitlistLiveEvent } from '../../../machines/waitlistOffer/waitlistLiveMachine';
import type { JoinRequest } from '../../../machines/waitlistOffer/join';
import type { WaitlistEntry } from '../../../contract/waitlist';
import type { WaitlistLoaded } from '../../../machines/waitlistOffer/waitlistMachine';

export interface WaitlistServices {
  /** GET /waitlist and the doctors to choose from. */
  readonly loadWaitlist: PromiseActorLogic<WaitlistLoaded, { token: string }>;
  readonly joinWaitlist: PromiseActorLogic<WaitlistEntry, { request: JoinRequest; token: string }>;
  readonly leaveWaitlist: PromiseActorLogic<unknown, { id: string; token: string }>;
  readonly declineOffer: PromiseActorLogic<unknown, { entryId: string; token: string }>;
  /** GET /waitlist/stream, followed while the patient waits (machines/waitlistOffer/waitlistLiveMachine.ts); absent: the list shows offers on its next load only. */
  readonly followWaitlist?: CallbackActorLogic<WaitlistLiveEvent, { token: string }>;
  /** The current instant, epoch milliseconds (`Date.now` when absent): an offer's lapse is timed from it. */
  readonly now?: () => number;
}
