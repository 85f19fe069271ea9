/**
 * The waitlist's provider (My appointments' "My waitlist" block): its two machines
 * (machines/waitlistOffer/) with their calls (./services.ts: src/app/liveWaitlist.ts, or a test's
 * fakes) and their effects as provided actions:
 * - `notify`: a toast in the catalog's words (./notices.ts);
 * - `announceChanged`: an entry was left, or an offer is over (declined, lapsed): the waitlist and
 *   the appointments list load again, since a held slot came or went.
 */
import { waitlistMachine, type WaitlistInput } from '../../../machines/waitlistOffer/waitlistMachine';
import { waitlistOfferMachine, type WaitlistOfferInput } from '../../../machines/waitlistOffer/waitlistOfferMachine';
import { useProvidedActor, type Latest } from '../../app/useProvidedActor';
import { showToast } from '../Appointments/notices';
import { offerNoticeText, waitlistNoticeText } from './notices';
import type { WaitlistServices } from './services';

/** What the machines' effects reach outside them. */
export interface WaitlistPage {
  /** A held slot came or went: the lists load again. */
  readonly changed: () => void;
}

const pageOf = (latest: Latest<WaitlistPage>): WaitlistPage => ({ changed: () => latest.current.changed() });

export function provideWaitlist(services: WaitlistServices, page: WaitlistPage) {
  const { loadWaitlist, joinWaitlist, leaveWaitlist } = services;
  return waitlistMachine.provide({
    actors: { loadWaitlist, joinWaitlist, leaveWaitlist },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, waitlistNoticeText(notice)),
      announceChanged: () => page.changed(),
    },
  });
}

export function provideWaitlistOffer(services: WaitlistServices, page: WaitlistPage) {
  return waitlistOfferMachine.provide({
    actors: { declineOffer: services.declineOffer },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, offerNoticeText(notice)),
      announceChanged: () => page.changed(),
    },
  });
}

/** The block's machine, for as long as it shows. */
export function useWaitlistActor(services: WaitlistServices, input: WaitlistInput, page: WaitlistPage) {
  return useProvidedActor((latest) => provideWaitlist(services, pageOf(latest)), { input }, page);
}

/** One offered slot's machine, timed from the services' clock when the card first shows. */
export function useWaitlistOfferActor(services: WaitlistServices, input: Omit<WaitlistOfferInput, 'now'>, page: WaitlistPage) {
  return useProvidedActor((latest) => provideWaitlistOffer(services, pageOf(latest)), { input: { ...input, now: (services.now ?? Date.now)() } }, page);
}
