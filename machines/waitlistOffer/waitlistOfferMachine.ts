/**
 * One slot offered to a waitlist entry (docs/waitlist.md): the hold the server made in the
 * patient's name is on their appointments list, unpaid, until `offer.expiresAt`. The patient pays
 * it there (taken), declines it here (the hold is cancelled and the slot goes to the next patient
 * waiting), or lets it lapse: then the server passes it on, and the lists load again.
 *
 * Input: `{ entryId, offer, token, now }`: the entry, its offer (contract/waitlist.ts), the bearer
 * token, and the clock's reading (epoch ms) the lapse is timed from (an XState `after` delay).
 *
 * Events: `offer.decline`; `offer.paid`, sent when the appointments list shows the hold paid.
 *
 * The app provides (`waitlistOfferMachine.provide({ actors })`), rejecting with an ApiFailure:
 * - `declineOffer` { entryId, token } -> unknown   (POST /waitlist/{id}/decline)
 *
 * Effects (provided actions; emitted until provided):
 * - `notify` { tone, notice }: declined | server { text } (the server's words) | failed (none)
 * - `announceChanged`: the offer is over (declined, lapsed, or found gone): the waitlist and the
 *   appointments list load again.
 */
import { emit, fromPromise, setup } from 'xstate';
import type { WaitlistOffer } from '../../contract/waitlist.js';
import { refusedWith, serverWordsOr } from '../failures.js';
import type { ServerNotice } from '../shared/notices.js';

export type WaitlistOfferInput = { entryId: string; offer: WaitlistOffer; token: string; now: number };

export type OfferNotice = { kind: 'declined' } | { kind: 'failed' } | ServerNotice;
export type OfferNoticeEvent = { type: 'notice'; tone: 'success' | 'error'; notice: OfferNotice };
export type WaitlistOfferEmitted = OfferNoticeEvent | { type: 'offer.changed' };

export type WaitlistOfferEvent = { type: 'offer.decline' } | { type: 'offer.paid' };

export type WaitlistOfferContext = WaitlistOfferInput;

const failed = (error: unknown): OfferNoticeEvent => ({ type: 'notice', tone: 'error', notice: serverWordsOr(error, { kind: 'failed' }) });

export const waitlistOfferMachine = setup({
  types: {} as { context: WaitlistOfferContext; events: WaitlistOfferEvent; input: WaitlistOfferInput; emitted: WaitlistOfferEmitted },
  actors: {
    declineOffer: fromPromise<unknown, { entryId: string; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  delays: {
    /** Until the hold lapses, by the clock read when the card showed it. */
    untilLapse: ({ context }) => Math.max(0, Date.parse(context.offer.expiresAt) - context.now),
  },
  guards: {
    /** 409: no slot is offered any more (it lapsed, or was paid, meanwhile). */
    isGone: (_, params: { error: unknown }) => refusedWith(params.error, (status) => status === 409 || status === 404),
  },
  actions: {
    notify: emit((_, params: OfferNoticeEvent) => params),
    announceChanged: emit({ type: 'offer.changed' as const }),
  },
}).createMachine({
  id: 'waitlistOffer',
  description: 'A freed slot held for a waitlisted patient: taken when paid, declined, or lapsed when its hold ends.',
  context: ({ input }) => input,
  initial: 'Offered',
  states: {
    Offered: {
      description: 'Held for the patient until the offer ends: pay it in the appointments list, or decline it.',
      after: { untilLapse: 'Lapsed' },
      on: { 'offer.decline': 'Declining', 'offer.paid': 'Taken' },
    },
    Declining: {
      description: 'Giving the slot back: the hold is cancelled and the next patient waiting is offered it.',
      tags: ['busy'],
      invoke: {
        src: 'declineOffer',
        input: ({ context }) => ({ entryId: context.entryId, token: context.token }),
        onDone: { target: 'Declined', actions: [{ type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'declined' } } }, 'announceChanged'] },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'Lapsed',
            actions: { type: 'notify', params: ({ event }) => failed(event.error) },
          },
          { target: 'Offered', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
        ],
      },
    },
    Taken: { description: 'Paid: the slot is the patient\'s booking, and the entry is done.', type: 'final' },
    Declined: { description: 'Given back: the entry keeps waiting for another slot.', type: 'final' },
    Lapsed: { description: 'The hold ended unpaid (or the offer was gone): the slot went on to the next patient; the lists load again.', type: 'final', entry: 'announceChanged' },
  },
});
