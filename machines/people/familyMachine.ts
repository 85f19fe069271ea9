/**
 * The account's family members (who an appointment is for): the list, adding one,
 * editing one, archiving one. Used by /account's Family members section and, to pick or add one
 * inline, by the booking popup's "Booking for: Someone else".
 *
 * Input: `{ token }` (the session's bearer token).
 *
 * The app provides the calls (`familyMachine.provide({ actors })`), each rejecting with an
 * ApiFailure (machines/failures.ts) when it fails:
 * - `loadFamily` { token } -> FamilyMember[]
 * - `saveMember` { id: string | null, input, token } -> FamilyMember   (null: add; else edit)
 * - `archiveMember` { id, token } -> unknown
 *
 * A member is checked with the contract's codec (FamilyMemberInput), the server's own, before
 * any request: each problem is kept on its field (`selectErrors`), and `selectErrorsShown` grows
 * each time, so the view moves the focus to the first. A 400 naming fields is shown the same way.
 *
 * Effects (provided actions; emitted until provided):
 * - `notify` { tone, notice: { kind: 'saved' | 'archived' | 'failed', text? } }: a toast
 * - `saved` { member }: a member was added or edited (the booking popup books for the one added)
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { FamilyMemberInput, type FamilyMember } from '../../contract/people.js';
import type { Gender } from '../../contract/primitives.js';
import { formErrors } from '../fieldCheck.js';
import { describeFailure, fieldErrorsOf, type FieldErrors } from '../failures.js';

/** A member as the form's inputs hold it. */
export type MemberDraft = { firstName: string; lastName: string; age: string; gender: Gender | ''; relation: string };
export const emptyDraft: MemberDraft = { firstName: '', lastName: '', age: '', gender: '', relation: '' };
export const memberFields = ['firstName', 'lastName', 'age', 'gender', 'relation'] as const;

export const draftOf = (m: FamilyMember): MemberDraft => ({
  firstName: m.firstName,
  lastName: m.lastName,
  age: String(m.age),
  gender: m.gender,
  relation: m.relation,
});

/** The request as the server takes it (plain strings and numbers; the codec judges them). */
export const memberRequest = (d: MemberDraft) => ({
  firstName: d.firstName.trim(),
  lastName: d.lastName.trim(),
  age: d.age.trim() === '' ? Number.NaN : Number(d.age.trim()),
  gender: d.gender,
  relation: d.relation.trim(),
});

export type MemberRequest = ReturnType<typeof memberRequest>;

/** Each field's problem by the contract's codec, in the form's order; {} when none. */
export const draftErrors = (d: MemberDraft): FieldErrors => formErrors(FamilyMemberInput, memberRequest(d), memberFields);

export type FamilyNotice = { kind: 'saved' } | { kind: 'archived' } | { kind: 'failed'; text: string | null };
export type FamilyNoticeEvent = { type: 'notice'; tone: 'success' | 'error'; notice: FamilyNotice };
export type FamilyEmitted = FamilyNoticeEvent | { type: 'saved'; member: FamilyMember };

export type FamilyEvent =
  | { type: 'family.retry' }
  | { type: 'member.save'; id: string | null; draft: MemberDraft }
  | { type: 'member.archive'; id: string }
  /** A field of the form changed: its error goes away. */
  | { type: 'member.edited'; field: string }
  /** The form closed or opened anew: no errors. */
  | { type: 'member.reset' };

export type FamilyContext = {
  token: string;
  members: FamilyMember[];
  errors: FieldErrors;
  errorsShown: number;
  /** The save or archive under way. */
  pending: { id: string | null; draft?: MemberDraft } | null;
};

const failed = (error: unknown): FamilyNoticeEvent => {
  const f = describeFailure(error);
  return { type: 'notice', tone: 'error', notice: { kind: 'failed', text: f.kind === 'refused' ? f.text : null } };
};

export const familyMachine = setup({
  types: {} as { context: FamilyContext; events: FamilyEvent; input: { token: string }; emitted: FamilyEmitted },
  actors: {
    loadFamily: fromPromise<FamilyMember[], { token: string }>(() => Promise.reject(new Error('not provided'))),
    saveMember: fromPromise<FamilyMember, { id: string | null; input: MemberRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    archiveMember: fromPromise<unknown, { id: string; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    draftInvalid: ({ event }) => event.type === 'member.save' && Object.keys(draftErrors(event.draft)).length > 0,
    namesFields: (_, params: { error: unknown }) => Object.keys(fieldErrorsOf(params.error)).some((f) => (memberFields as readonly string[]).includes(f)),
  },
  actions: {
    storeMembers: assign({ members: (_, params: { members: FamilyMember[] }) => params.members }),
    showErrors: assign(({ context }, params: { errors: FieldErrors }) => ({ errors: params.errors, errorsShown: context.errorsShown + 1 })),
    clearError: assign({
      errors: ({ context, event }) => {
        if (event.type !== 'member.edited') return context.errors;
        const { [event.field]: _gone, ...rest } = context.errors;
        return rest;
      },
    }),
    clearErrors: assign({ errors: {} }),
    remember: assign({
      pending: ({ event }) =>
        event.type === 'member.save' ? { id: event.id, draft: event.draft } : event.type === 'member.archive' ? { id: event.id } : null,
    }),
    putMember: assign({
      members: ({ context }, params: { member: FamilyMember }) =>
        context.members.some((m) => m._id === params.member._id)
          ? context.members.map((m) => (m._id === params.member._id ? params.member : m))
          : [...context.members, params.member],
      errors: {},
      pending: null,
    }),
    dropMember: assign({
      members: ({ context }) => context.members.filter((m) => m._id !== context.pending?.id),
      pending: null,
    }),
    forget: assign({ pending: null }),
    notify: emit((_, params: FamilyNoticeEvent) => params),
    saved: emit((_, params: { member: FamilyMember }) => ({ type: 'saved' as const, member: params.member })),
  },
}).createMachine({
  id: 'family',
  description: "The account's family members: list, add, edit, archive.",
  context: ({ input }) => ({ token: input.token, members: [], errors: {}, errorsShown: 0, pending: null }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Fetching the list.',
      tags: ['loading'],
      invoke: {
        src: 'loadFamily',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeMembers', params: ({ event }) => ({ members: event.output }) } },
        onError: 'Failed',
      },
    },
    Failed: { description: 'The list could not be loaded; a retry may work.', on: { 'family.retry': 'Loading' } },
    Ready: {
      description: 'The list is shown; a member may be added, edited or archived.',
      on: {
        'member.save': [
          { guard: 'draftInvalid', actions: { type: 'showErrors', params: ({ event }) => ({ errors: draftErrors(event.draft) }) } },
          { target: 'Saving', actions: 'remember' },
        ],
        'member.archive': { target: 'Archiving', actions: 'remember' },
        'member.edited': { actions: 'clearError' },
        'member.reset': { actions: 'clearErrors' },
      },
    },
    Saving: {
      description: 'Adding or editing a member. A 400 naming fields is shown on them.',
      tags: ['busy'],
      invoke: {
        src: 'saveMember',
        input: ({ context }) => ({ id: context.pending?.id ?? null, input: memberRequest(context.pending?.draft ?? emptyDraft), token: context.token }),
        onDone: {
          target: 'Ready',
          actions: [
            { type: 'putMember', params: ({ event }) => ({ member: event.output }) },
            { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'saved' } } },
            { type: 'saved', params: ({ event }) => ({ member: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
            target: 'Ready',
            actions: ['forget', { type: 'showErrors', params: ({ event }) => ({ errors: fieldErrorsOf(event.error) }) }],
          },
          { target: 'Ready', actions: ['forget', { type: 'notify', params: ({ event }) => failed(event.error) }] },
        ],
      },
    },
    Archiving: {
      description: 'Archiving a member: gone from the list, kept for the records.',
      tags: ['busy'],
      invoke: {
        src: 'archiveMember',
        input: ({ context }) => ({ id: context.pending?.id ?? '', token: context.token }),
        onDone: {
          target: 'Ready',
          actions: ['dropMember', { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'archived' } } }],
        },
        onError: { target: 'Ready', actions: ['forget', { type: 'notify', params: ({ event }) => failed(event.error) }] },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof familyMachine>;
export const selectMembers = (s: Snapshot): FamilyMember[] => s.context.members;
export const selectFamilyErrors = (s: Snapshot): FieldErrors => s.context.errors;
export const selectFamilyErrorsShown = (s: Snapshot): number => s.context.errorsShown;
export const selectFamilyStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.matches('Failed') ? 'failed' : 'ready';
export const selectFamilyBusy = (s: Snapshot): boolean => s.hasTag('busy');
