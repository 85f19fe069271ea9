/**
 * /account's profile edit: first and last name, phone, age and gender. The email is the
 * login and stays; the password has its own way (/forgotpassword, "Set a password" for an account
 * with none).
 *
 * Input: `{ token, user }` (the session's). The app provides `saveProfile` { input, token } -> User
 * (PUT /auth/profile), rejecting with an ApiFailure when it fails.
 *
 * The form is checked with the contract's codec (ProfileUpdateRequest), the server's own, before
 * any request: each problem on its field (`selectProfileErrors`), `selectProfileErrorsShown`
 * growing each time so the view focuses the first. A 400 naming fields is shown the same way.
 *
 * Effects (provided actions; emitted until provided):
 * - `notify` { tone, notice: { kind: 'saved' | 'failed', text? } }
 * - `saved` { user }: the app tells the session, so the header and the booking popup know the new profile.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/auth.js';
import { ProfileUpdateRequest } from '../../contract/people.js';
import type { Gender } from '../../contract/primitives.js';
import { formErrors } from '../fieldCheck.js';
import { describeFailure, fieldErrorsOf, type FieldErrors } from '../failures.js';

export type ProfileDraft = { firstName: string; lastName: string; phoneNumber: string; age: string; gender: Gender | '' };
export const profileFields = ['firstName', 'lastName', 'phoneNumber', 'age', 'gender'] as const;

type ProfileUser = Pick<User, 'firstName' | 'lastName'> & { phoneNumber?: string | null; age?: number | null; gender?: Gender | null };

export const profileDraftOf = (u: ProfileUser): ProfileDraft => ({
  firstName: u.firstName,
  lastName: u.lastName,
  phoneNumber: u.phoneNumber ?? '',
  age: typeof u.age === 'number' ? String(u.age) : '',
  gender: u.gender ?? '',
});

export const profileRequest = (d: ProfileDraft) => ({
  firstName: d.firstName.trim(),
  lastName: d.lastName.trim(),
  phoneNumber: d.phoneNumber.trim(),
  age: d.age.trim() === '' ? Number.NaN : Number(d.age.trim()),
  gender: d.gender,
});

export type ProfileRequest = ReturnType<typeof profileRequest>;

export const profileErrors = (d: ProfileDraft): FieldErrors => formErrors(ProfileUpdateRequest, profileRequest(d), profileFields);

export type ProfileNoticeEvent = { type: 'notice'; tone: 'success' | 'error'; notice: { kind: 'saved' } | { kind: 'failed'; text: string | null } };
export type ProfileEmitted = ProfileNoticeEvent | { type: 'saved'; user: User };

export type ProfileEvent =
  | { type: 'profile.edit' }
  | { type: 'profile.cancel' }
  | { type: 'profile.save'; draft: ProfileDraft }
  | { type: 'profile.edited'; field: string };

export type ProfileContext = { token: string; errors: FieldErrors; errorsShown: number; draft: ProfileDraft | null };

export const profileMachine = setup({
  types: {} as { context: ProfileContext; events: ProfileEvent; input: { token: string }; emitted: ProfileEmitted },
  actors: {
    saveProfile: fromPromise<User, { input: ProfileRequest; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    draftInvalid: ({ event }) => event.type === 'profile.save' && Object.keys(profileErrors(event.draft)).length > 0,
    namesFields: (_, params: { error: unknown }) => Object.keys(fieldErrorsOf(params.error)).some((f) => (profileFields as readonly string[]).includes(f)),
  },
  actions: {
    showErrors: assign(({ context }, params: { errors: FieldErrors }) => ({ errors: params.errors, errorsShown: context.errorsShown + 1 })),
    clearError: assign({
      errors: ({ context, event }) => {
        if (event.type !== 'profile.edited') return context.errors;
        const { [event.field]: _gone, ...rest } = context.errors;
        return rest;
      },
    }),
    clearErrors: assign({ errors: {}, draft: null }),
    remember: assign({ draft: ({ event }) => (event.type === 'profile.save' ? event.draft : null) }),
    notify: emit((_, params: ProfileNoticeEvent) => params),
    saved: emit((_, params: { user: User }) => ({ type: 'saved' as const, user: params.user })),
  },
}).createMachine({
  id: 'profile',
  description: "/account's profile: shown, edited (name, phone, age, gender), saved.",
  context: ({ input }) => ({ token: input.token, errors: {}, errorsShown: 0, draft: null }),
  initial: 'Showing',
  states: {
    Showing: { description: 'The profile as the session knows it.', on: { 'profile.edit': 'Editing' } },
    Editing: {
      description: 'The form; Save checks it with the contract codec before any request.',
      on: {
        'profile.cancel': { target: 'Showing', actions: 'clearErrors' },
        'profile.edited': { actions: 'clearError' },
        'profile.save': [
          { guard: 'draftInvalid', actions: { type: 'showErrors', params: ({ event }) => ({ errors: profileErrors(event.draft) }) } },
          { target: 'Saving', actions: 'remember' },
        ],
      },
    },
    Saving: {
      description: 'PUT /auth/profile.',
      tags: ['busy'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ input: profileRequest(context.draft!), token: context.token }),
        onDone: {
          target: 'Showing',
          actions: [
            'clearErrors',
            { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'saved' } } },
            { type: 'saved', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
            target: 'Editing',
            actions: { type: 'showErrors', params: ({ event }) => ({ errors: fieldErrorsOf(event.error) }) },
          },
          {
            target: 'Editing',
            actions: {
              type: 'notify',
              params: ({ event }): ProfileNoticeEvent => {
                const f = describeFailure(event.error);
                return { type: 'notice', tone: 'error', notice: { kind: 'failed', text: f.kind === 'refused' ? f.text : null } };
              },
            },
          },
        ],
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof profileMachine>;
export const selectIsEditingProfile = (s: Snapshot): boolean => !s.matches('Showing');
export const selectProfileBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectProfileErrors = (s: Snapshot): FieldErrors => s.context.errors;
export const selectProfileErrorsShown = (s: Snapshot): number => s.context.errorsShown;
