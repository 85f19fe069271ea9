/**
 * The desk's Waitlist section (reception and admins; docs/waitlist.md, "What the desk sees"): the
 * live entries by doctor in the order slots are offered, read when the section opens and on
 * Refresh; "Add to waitlist" (a patient found by the desk's search, a doctor, the type, the first
 * and last day), checked here before the request and by the server's join rules after it (a 400 on
 * its field, a 409 when the patient already waits for that doctor on one of the days); and
 * "Remove" on an entry, asked once more, then taken off (a slot held for it goes to the next).
 *
 * Input: `{ token, today, doctors }`. The app provides `loadWaitlist` { token, query } ->
 * entries, `searchPatients` { query, token } -> DeskSearchAnswer, `addEntry` { request, token } ->
 * the entry, `removeEntry` { entryId, token } -> { message }, each rejecting with an ApiFailure;
 * and `notify` { tone, notice } (a toast; emitted until provided).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { deskWaitlistSetup, draftErrors, failed, nameOf, requestOf, serverErrors } from './setup.js';

export const deskWaitlistMachine = deskWaitlistSetup.createMachine({
  id: 'deskWaitlist',
  description: 'The waitlist at the desk: read, a patient added for a doctor and days, an entry taken off after asking once more.',
  context: ({ input }) => ({
    ...input,
    entries: [],
    found: null,
    query: '',
    draft: { patient: null, doctorId: '', consultationType: 'Clinic Visit', locationId: '', fromDate: input.today, toDate: input.today },
    errors: {},
    errorsShown: 0,
    removing: null,
  }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'GET /desk/waitlist.',
      tags: ['loading'],
      invoke: {
        src: 'loadWaitlist',
        input: ({ context }) => ({ token: context.token, query: {} }),
        onDone: { target: 'Ready', actions: { type: 'storeEntries', params: ({ event }) => ({ entries: event.output }) } },
        onError: 'Failed',
      },
    },
    Failed: { description: 'The list could not be read: Try again.', on: { 'list.retry': 'Loading' } },
    Ready: {
      description: 'The list, with Add to waitlist and a Remove per entry.',
      initial: 'Idle',
      states: {
        Idle: {
          description: 'Nothing asked.',
          on: {
            'list.refresh': '#deskWaitlist.Loading',
            'add.opened': { target: 'Adding', actions: 'openForm' },
            'remove.asked': { guard: 'listed', target: 'Asking', actions: 'askRemove' },
          },
        },
        Adding: {
          description: 'The form: the patient from a search, the doctor, the type, the days.',
          initial: 'Form',
          on: { 'add.cancelled': { target: 'Idle', actions: 'closeForm' } },
          states: {
            Form: {
              description: 'Filled in; Add checks it first, each problem on its field.',
              on: {
                'add.searched': { guard: 'hasQuery', target: 'Searching', actions: 'storeQuery' },
                'add.patientChosen': { actions: 'choosePatient' },
                'add.changed': { actions: 'change' },
                'add.submitted': [
                  { guard: 'draftInvalid', actions: { type: 'showErrors', params: ({ context }) => ({ errors: draftErrors(context.draft) }) } },
                  { target: '#deskWaitlist.Ready.Saving', actions: 'clearErrors' },
                ],
              },
            },
            Searching: {
              description: "GET /desk/patients?q=: the desk's search, its hits to choose from.",
              tags: ['searching'],
              invoke: {
                src: 'searchPatients',
                input: ({ context }) => ({ query: context.query, token: context.token }),
                onDone: { target: 'Form', actions: { type: 'storeHits', params: ({ event }) => ({ answer: event.output }) } },
                onError: { target: 'Form', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
              },
            },
          },
        },
        Saving: {
          description: 'POST /desk/waitlist. Refused at a field: back to the form with it; a 409 or no answer: a toast, the form stays.',
          tags: ['saving'],
          invoke: {
            src: 'addEntry',
            input: ({ context }) => ({ request: requestOf(context.draft), token: context.token }),
            onDone: {
              target: 'Idle',
              actions: [
                { type: 'addListed', params: ({ event }) => ({ entry: event.output }) },
                { type: 'notify', params: ({ context }) => ({ tone: 'success', notice: { kind: 'added', name: nameOf(context.draft.patient) } }) },
                'closeForm',
              ],
            },
            onError: [
              {
                guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
                target: 'Adding',
                actions: { type: 'showErrors', params: ({ event }) => ({ errors: serverErrors(event.error) }) },
              },
              { target: 'Adding', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
            ],
          },
        },
        Asking: {
          description: 'Remove this patient from the waitlist? Asked once more, in place.',
          on: { 'remove.confirmed': 'Removing', 'remove.cancelled': { target: 'Idle', actions: 'forgetRemove' } },
        },
        Removing: {
          description: 'DELETE /desk/waitlist/{id}. Refused (taken off meanwhile) or no answer: a toast, and the list read again.',
          tags: ['removing'],
          invoke: {
            src: 'removeEntry',
            input: ({ context }) => ({ entryId: context.removing!._id, token: context.token }),
            onDone: {
              target: 'Idle',
              actions: [
                { type: 'notify', params: ({ context }) => ({ tone: 'success', notice: { kind: 'removed', name: context.removing!.patientName } }) },
                'dropRemoved',
              ],
            },
            onError: {
              target: '#deskWaitlist.Loading',
              actions: [{ type: 'notify', params: ({ event }) => failed(event.error) }, 'forgetRemove'],
            },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof deskWaitlistMachine>;
export type DeskWaitlistActor = ActorRefFrom<typeof deskWaitlistMachine>;

export const selectWaitlistStatus = (s: Snapshot): 'loading' | 'failed' | 'ready' => (s.matches('Failed') ? 'failed' : s.matches('Loading') ? 'loading' : 'ready');
export const selectEntries = (s: Snapshot) => s.context.entries;
export const selectFormOpen = (s: Snapshot): boolean => s.matches({ Ready: 'Adding' }) || s.matches({ Ready: 'Saving' });
export const selectSaving = (s: Snapshot): boolean => s.hasTag('saving');
export const selectSearching = (s: Snapshot): boolean => s.hasTag('searching');
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectFound = (s: Snapshot) => s.context.found;
export const selectErrors = (s: Snapshot) => s.context.errors;
export const selectErrorsShown = (s: Snapshot) => s.context.errorsShown;
/** The entry asked about once more (or being taken off), else null. */
export const selectRemoving = (s: Snapshot): { id: string; busy: boolean } | null =>
  s.context.removing && (s.matches({ Ready: 'Asking' }) || s.matches({ Ready: 'Removing' })) ? { id: s.context.removing._id, busy: s.hasTag('removing') } : null;
export const selectCanChange = (s: Snapshot): boolean => s.matches({ Ready: 'Idle' });
