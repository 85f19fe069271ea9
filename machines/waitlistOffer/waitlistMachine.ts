/**
 * The patient's waitlist on /myappointment (docs/waitlist.md): the entries, the join form and
 * leaving one. Each offered entry's slot is its own machine (./waitlistOfferMachine.ts).
 *
 * Input: `{ token, today, prefill }`: the session's bearer token, today in clinic time, and the
 * choices of the booking popup's "Join the waitlist" link (doctor, clinic, type, day; null: none),
 * which open the form filled in once the list is there.
 *
 * The app provides the calls (`waitlistMachine.provide({ actors })`), each rejecting with an
 * ApiFailure (machines/failures.ts) when it fails:
 * - `loadWaitlist` { token } -> { list: WaitlistList, doctors: Doctor[] }   (GET /waitlist, the doctors)
 * - `joinWaitlist` { request, token } -> WaitlistEntry                     (POST /waitlist)
 * - `leaveWaitlist` { id, token } -> unknown                               (DELETE /waitlist/{id})
 *
 * The form: `join.open` / `join.close`, `join.changed` { field, value } (a new doctor clears the
 * clinic; the consent is the words ticked, or null), `join.submit`. The draft is checked with the
 * contract's codec first (./join.ts): each problem stays on its field (`selectJoinErrors`), and
 * `selectErrorsShown` grows each time, so the view moves the focus to the first; a 400 naming
 * fields is shown the same way, a 409 (already waiting for that doctor on those days) as a notice.
 *
 * Live (./waitlistLiveMachine.ts): `waitlist.pushed` { list } in any state, the list as the server
 * has it now, stored in place (the form stays as it is); when it holds a slot offered anew, the
 * patient is told (`offered`) and the appointments list loads again (the hold is on it, with Pay).
 *
 * Effects (provided actions; emitted until provided):
 * - `notify` { tone, notice }: joined | left | offered | server { text } (the server's words) | failed (none)
 * - `announceChanged`: an entry was left, which gives back a slot offered to it, or a slot was
 *   offered: the appointments list loads again.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Doctor } from '../../contract/site.js';
import type { WaitlistEntry, WaitlistList } from '../../contract/waitlist.js';
import { fieldErrorsOf, type FieldErrors, serverWordsOr } from '../failures.js';
import type { ServerNotice } from '../shared/notices.js';
import { draftFrom, type JoinDraft, joinErrors, joinFields, joinRequestOf, type JoinRequest } from './join.js';

export type WaitlistInput = { token: string; today: string; prefill: Partial<JoinDraft> | null };
export type WaitlistLoaded = { list: WaitlistList; doctors: Doctor[] };

export type WaitlistNotice = { kind: 'joined' } | { kind: 'left' } | { kind: 'offered' } | { kind: 'failed' } | ServerNotice;
export type WaitlistNoticeEvent = { type: 'notice'; tone: 'success' | 'error'; notice: WaitlistNotice };
export type WaitlistEmitted = WaitlistNoticeEvent | { type: 'waitlist.changed' };

export type JoinChange = { field: 'doctorEmail' | 'location' | 'consultationType' | 'fromDate' | 'toDate'; value: string } | { field: 'consent'; value: string | null };

export type WaitlistEvent =
  | { type: 'waitlist.retry' }
  | { type: 'waitlist.refresh' }
  | { type: 'waitlist.pushed'; list: WaitlistList }
  | { type: 'join.open' }
  | { type: 'join.close' }
  | ({ type: 'join.changed' } & JoinChange)
  | { type: 'join.submit' }
  | { type: 'entry.leave'; id: string };

export type WaitlistContext = {
  token: string;
  today: string;
  prefill: Partial<JoinDraft> | null;
  entries: WaitlistEntry[];
  doctors: Doctor[];
  maxDays: number;
  lastDate: string;
  draft: JoinDraft;
  errors: FieldErrors;
  errorsShown: number;
  /** The entry being left. */
  leaving: string | null;
};

const failed = (error: unknown): WaitlistNoticeEvent => ({ type: 'notice', tone: 'error', notice: serverWordsOr(error, { kind: 'failed' }) });
const success = (kind: 'joined' | 'left' | 'offered'): WaitlistNoticeEvent => ({ type: 'notice', tone: 'success', notice: { kind } });

/** The offers of `list` that `entries` did not have (by the hold's appointment). */
const newOffers = (entries: readonly WaitlistEntry[], list: WaitlistList): number => {
  const known = new Set(entries.flatMap((e) => (e.offer ? [e.offer.appointmentId] : [])));
  return list.entries.filter((e) => e.offer !== null && !known.has(e.offer.appointmentId)).length;
};

/** The draft after one change: a new doctor clears the clinic (it may not be theirs), a new type the consent. */
function changed(draft: JoinDraft, change: JoinChange): JoinDraft {
  if (change.field === 'consent') return { ...draft, consent: change.value };
  const next = { ...draft, [change.field]: change.value } as JoinDraft;
  if (change.field === 'doctorEmail') next.location = '';
  if (change.field === 'consultationType') next.consent = null;
  return next;
}

export const waitlistMachine = setup({
  types: {} as { context: WaitlistContext; events: WaitlistEvent; input: WaitlistInput; emitted: WaitlistEmitted },
  actors: {
    loadWaitlist: fromPromise<WaitlistLoaded, { token: string }>(() => Promise.reject(new Error('not provided'))),
    joinWaitlist: fromPromise<WaitlistEntry, { request: JoinRequest; token: string }>(() => Promise.reject(new Error('not provided'))),
    leaveWaitlist: fromPromise<unknown, { id: string; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    hasPrefill: ({ context }) => context.prefill !== null,
    draftInvalid: ({ context }) => Object.keys(joinErrors(context.draft)).length > 0,
    offerArrived: ({ context }, params: { list: WaitlistList }) => newOffers(context.entries, params.list) > 0,
    namesFields: (_, params: { error: unknown }) => Object.keys(fieldErrorsOf(params.error)).some((f) => (joinFields as readonly string[]).includes(f)),
  },
  actions: {
    store: assign((_, params: WaitlistLoaded) => ({
      entries: params.list.entries,
      maxDays: params.list.maxDays,
      lastDate: params.list.lastDate,
      doctors: params.doctors,
    })),
    startDraft: assign(({ context }) => ({ draft: draftFrom(context.prefill ?? {}, context.today, context.lastDate), errors: {}, prefill: null })),
    change: assign(({ context, event }) => {
      if (event.type !== 'join.changed') return {};
      const { type: _type, ...change } = event;
      const { [change.field === 'consent' ? 'consentText' : change.field]: _gone, ...errors } = context.errors;
      return { draft: changed(context.draft, change as JoinChange), errors };
    }),
    showErrors: assign(({ context }, params: { errors: FieldErrors }) => ({ errors: params.errors, errorsShown: context.errorsShown + 1 })),
    // A pushed list may have brought the new entry first.
    addEntry: assign({
      entries: ({ context }, params: { entry: WaitlistEntry }) => [...context.entries.filter((e) => e._id !== params.entry._id), params.entry],
      errors: {},
    }),
    takePushed: assign((_, params: { list: WaitlistList }) => ({ entries: params.list.entries, maxDays: params.list.maxDays, lastDate: params.list.lastDate })),
    remember: assign({ leaving: ({ event }) => (event.type === 'entry.leave' ? event.id : null) }),
    dropEntry: assign({ entries: ({ context }) => context.entries.filter((e) => e._id !== context.leaving), leaving: null }),
    forget: assign({ leaving: null }),
    notify: emit((_, params: WaitlistNoticeEvent) => params),
    announceChanged: emit({ type: 'waitlist.changed' as const }),
  },
}).createMachine({
  id: 'waitlist',
  description: 'My waitlist: the entries, the join form (doctor, clinic, type, days) and leaving one.',
  context: ({ input }) => ({
    token: input.token,
    today: input.today,
    prefill: input.prefill,
    entries: [],
    doctors: [],
    maxDays: 31,
    lastDate: input.today,
    draft: draftFrom({}, input.today, input.today),
    errors: {},
    errorsShown: 0,
    leaving: null,
  }),
  initial: 'Loading',
  on: {
    'waitlist.pushed': [
      {
        guard: { type: 'offerArrived', params: ({ event }) => ({ list: event.list }) },
        actions: [{ type: 'takePushed', params: ({ event }) => ({ list: event.list }) }, { type: 'notify', params: success('offered') }, 'announceChanged'],
      },
      { actions: { type: 'takePushed', params: ({ event }) => ({ list: event.list }) } },
    ],
  },
  states: {
    Loading: {
      description: 'Fetching the entries and the doctors to choose from.',
      tags: ['loading'],
      invoke: {
        src: 'loadWaitlist',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'hasPrefill', target: 'Ready.Editing', actions: [{ type: 'store', params: ({ event }) => event.output }, 'startDraft'] },
          { target: 'Ready', actions: { type: 'store', params: ({ event }) => event.output } },
        ],
        onError: 'Failed',
      },
    },
    Failed: { description: 'The list could not be loaded; a retry may work.', on: { 'waitlist.retry': 'Loading' } },
    Ready: {
      description: 'The entries are shown, each offered slot with its own machine; one may be left, and a new one joined.',
      initial: 'Closed',
      on: {
        'waitlist.refresh': 'Loading',
        'entry.leave': { target: 'Leaving', actions: 'remember' },
      },
      states: {
        Closed: { description: 'The form is folded away.', on: { 'join.open': { target: 'Editing', actions: 'startDraft' } } },
        Editing: {
          description: 'The join form: doctor, clinic (or any), consultation type, first and last day, the consent for Chat, Video or Call.',
          on: {
            'join.changed': { actions: 'change' },
            'join.submit': [
              { guard: 'draftInvalid', actions: { type: 'showErrors', params: ({ context }) => ({ errors: joinErrors(context.draft) }) } },
              { target: '#waitlist.Joining' },
            ],
            'join.close': 'Closed',
          },
        },
      },
    },
    Joining: {
      description: 'Putting the patient on the waitlist. A 400 naming fields shows on them; a 409 (an overlap) as a notice.',
      tags: ['busy'],
      invoke: {
        src: 'joinWaitlist',
        input: ({ context }) => ({ request: joinRequestOf(context.draft), token: context.token }),
        onDone: {
          target: 'Ready.Closed',
          actions: [{ type: 'addEntry', params: ({ event }) => ({ entry: event.output }) }, { type: 'notify', params: success('joined') }],
        },
        onError: [
          {
            guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
            target: 'Ready.Editing',
            actions: { type: 'showErrors', params: ({ event }) => ({ errors: fieldErrorsOf(event.error) }) },
          },
          { target: 'Ready.Editing', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
        ],
      },
    },
    Leaving: {
      description: 'Leaving an entry: a slot offered to it is given back and passed on. Then the list, its form folded.',
      tags: ['busy'],
      invoke: {
        src: 'leaveWaitlist',
        input: ({ context }) => ({ id: context.leaving ?? '', token: context.token }),
        onDone: { target: 'Ready', actions: ['dropEntry', { type: 'notify', params: success('left') }, 'announceChanged'] },
        onError: { target: 'Ready', actions: ['forget', { type: 'notify', params: ({ event }) => failed(event.error) }] },
      },
    },
  },
});
