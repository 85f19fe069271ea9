/**
 * What the desk's waitlist chart (./waitlistMachine.ts) is made of: its context, events, the
 * draft's check, and the `setup()` with its calls and actions.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { addDays } from '../../../contract/clinicTime.js';
import type { DeskPatient, DeskSearchAnswer, DeskWaitlistEntry, DeskWaitlistRequest } from '../../../contract/desk.js';
import type { ConsultationType } from '../../../contract/primitives.js';
import { fieldErrorsOf } from '../../failures.js';
import { serverWordsOr, type NoticeEvent, type Tone } from '../../shared/notices.js';
import { type DeskDoctor, type DeskSearchHit, doctorById, typesFor } from '../desk.js';

/** The form's fields, as the request names them. */
export type WaitlistField = 'patientId' | 'doctorId' | 'consultationType' | 'locationId' | 'fromDate' | 'toDate';
export const waitlistFields: readonly WaitlistField[] = ['patientId', 'doctorId', 'consultationType', 'locationId', 'fromDate', 'toDate'];

/** What is wrong with a field: the view words the first two, the server's words are shown as they are. */
export type WaitlistProblem = { kind: 'required' } | { kind: 'backwards' } | { kind: 'server'; text: string };
export type WaitlistErrors = Partial<Record<WaitlistField, WaitlistProblem>>;

export type WaitlistDraft = {
  patient: DeskPatient | null;
  doctorId: string;
  consultationType: ConsultationType;
  /** A Clinic Visit's clinic, one of the doctor's; '' for any of them (and for the other types). */
  locationId: string;
  fromDate: string;
  toDate: string;
};

export type DeskWaitlistNotice = { kind: 'added'; name: string } | { kind: 'removed'; name: string } | { kind: 'server'; text: string } | { kind: 'somethingWentWrong' };

export type DeskWaitlistInput = { token: string; today: string; doctors: readonly DeskDoctor[] };

export type DeskWaitlistContext = DeskWaitlistInput & {
  entries: DeskWaitlistEntry[];
  /** The search's answer in the form; null before one. */
  found: { query: string; hits: DeskSearchHit[]; more: boolean } | null;
  query: string;
  draft: WaitlistDraft;
  errors: WaitlistErrors;
  /** Grows each time problems are shown anew, so the view focuses the first. */
  errorsShown: number;
  /** The entry asked about once more, then taken off. */
  removing: DeskWaitlistEntry | null;
};

export type DeskWaitlistEvent =
  | { type: 'list.refresh' }
  | { type: 'list.retry' }
  | { type: 'add.opened' }
  | { type: 'add.cancelled' }
  | { type: 'add.searched'; query: string }
  | { type: 'add.patientChosen'; patient: DeskPatient }
  | { type: 'add.changed'; field: Exclude<WaitlistField, 'patientId'>; value: string }
  | { type: 'add.submitted' }
  | { type: 'remove.asked'; entryId: string }
  | { type: 'remove.confirmed' }
  | { type: 'remove.cancelled' };

export type WaitlistLoadInput = { token: string; query: Record<string, never> };
export type WaitlistAddInput = { request: DeskWaitlistRequest; token: string };
export type WaitlistRemoveInput = { entryId: string; token: string };

/** The form as it opens: a week from today, a Clinic Visit at any clinic, no patient or doctor yet. */
export const emptyDraft = (today: string): WaitlistDraft => ({ patient: null, doctorId: '', consultationType: 'Clinic Visit', locationId: '', fromDate: today, toDate: addDays(today, 6) });

/** The draft's own check before any request: what is missing, the days the wrong way round. */
export function draftErrors(d: WaitlistDraft): WaitlistErrors {
  const errors: WaitlistErrors = {};
  if (!d.patient) errors.patientId = { kind: 'required' };
  if (d.doctorId === '') errors.doctorId = { kind: 'required' };
  if (d.fromDate === '') errors.fromDate = { kind: 'required' };
  if (d.toDate === '') errors.toDate = { kind: 'required' };
  else if (d.fromDate !== '' && d.toDate < d.fromDate) errors.toDate = { kind: 'backwards' };
  return errors;
}

/** The request of a checked draft: the clinic chosen (or any of the doctor's) for a Clinic Visit, the online hours otherwise. */
export const requestOf = (d: WaitlistDraft): DeskWaitlistRequest =>
  ({
    patientId: d.patient!._id,
    doctorId: d.doctorId,
    locationId: d.consultationType === 'Clinic Visit' ? d.locationId : '',
    consultationType: d.consultationType,
    fromDate: d.fromDate,
    toDate: d.toDate,
  }) as DeskWaitlistRequest;

/** The server's 400 on the form's fields. */
export function serverErrors(error: unknown): WaitlistErrors {
  const errors: WaitlistErrors = {};
  for (const [field, text] of Object.entries(fieldErrorsOf(error))) {
    const at = field as WaitlistField;
    if (waitlistFields.includes(at) && !errors[at]) errors[at] = { kind: 'server', text };
  }
  return errors;
}

/**
 * The draft after a change: a type the doctor and the patient cannot have falls back to the first
 * they can; a clinic that is not one of the doctor's falls back to any of them.
 */
function changed(context: DeskWaitlistContext, draft: WaitlistDraft): WaitlistDraft {
  const doctor = doctorById(context.doctors, draft.doctorId || null);
  const types = typesFor(doctor, draft.patient);
  const consultationType = types.includes(draft.consultationType) ? draft.consultationType : (types[0] ?? 'Clinic Visit');
  const locationId = doctor?.locations.some((l) => l._id === draft.locationId) ? draft.locationId : '';
  return consultationType === draft.consultationType && locationId === draft.locationId ? draft : { ...draft, consultationType, locationId };
}

/** The new entry among the others: after its doctor's last (it joined last), or at the end. */
function withEntry(entries: readonly DeskWaitlistEntry[], entry: DeskWaitlistEntry): DeskWaitlistEntry[] {
  const last = entries.map((e) => e.doctorId).lastIndexOf(entry.doctorId);
  const at = last === -1 ? entries.length : last + 1;
  return [...entries.slice(0, at), entry, ...entries.slice(at)];
}

const notProvided = () => Promise.reject(new Error('not provided'));
export const failed = (error: unknown): { tone: Tone; notice: DeskWaitlistNotice } => ({
  tone: 'error',
  notice: serverWordsOr<DeskWaitlistNotice>(error, { kind: 'somethingWentWrong' }),
});
export const nameOf = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');

export const deskWaitlistSetup = setup({
  types: {} as { context: DeskWaitlistContext; events: DeskWaitlistEvent; input: DeskWaitlistInput; emitted: NoticeEvent<DeskWaitlistNotice> },
  actors: {
    loadWaitlist: fromPromise<DeskWaitlistEntry[], WaitlistLoadInput>(notProvided),
    searchPatients: fromPromise<DeskSearchAnswer, { query: string; token: string }>(notProvided),
    addEntry: fromPromise<DeskWaitlistEntry, WaitlistAddInput>(notProvided),
    removeEntry: fromPromise<{ message: string }, WaitlistRemoveInput>(notProvided),
  },
  guards: {
    hasQuery: ({ event }) => event.type === 'add.searched' && event.query.trim() !== '',
    draftInvalid: ({ context }) => Object.keys(draftErrors(context.draft)).length > 0,
    namesFields: (_, params: { error: unknown }) => Object.keys(serverErrors(params.error)).length > 0,
    listed: ({ context, event }) => event.type === 'remove.asked' && context.entries.some((e) => e._id === event.entryId),
  },
  actions: {
    storeEntries: assign({ entries: (_, params: { entries: DeskWaitlistEntry[] }) => params.entries }),
    openForm: assign(({ context }) => ({ draft: emptyDraft(context.today), errors: {}, found: null, query: '' })),
    closeForm: assign(({ context }) => ({ draft: emptyDraft(context.today), errors: {}, found: null, query: '' })),
    storeQuery: assign({ query: ({ event }) => (event.type === 'add.searched' ? event.query.trim() : '') }),
    storeHits: assign({ found: ({ context }, params: { answer: DeskSearchAnswer }) => ({ query: context.query, hits: params.answer.hits, more: params.answer.more }) }),
    choosePatient: assign(({ context, event }) => {
      if (event.type !== 'add.patientChosen') return {};
      const { patientId: _gone, ...errors } = context.errors;
      return { draft: changed(context, { ...context.draft, patient: event.patient }), errors };
    }),
    change: assign(({ context, event }) => {
      if (event.type !== 'add.changed') return {};
      const { [event.field]: _gone, ...errors } = context.errors;
      return { draft: changed(context, { ...context.draft, [event.field]: event.value }), errors };
    }),
    clearErrors: assign({ errors: {} }),
    showErrors: assign(({ context }, params: { errors: WaitlistErrors }) => ({ errors: params.errors, errorsShown: context.errorsShown + 1 })),
    addListed: assign({ entries: ({ context }, params: { entry: DeskWaitlistEntry }) => withEntry(context.entries, params.entry) }),
    askRemove: assign({ removing: ({ context, event }) => (event.type === 'remove.asked' ? (context.entries.find((e) => e._id === event.entryId) ?? null) : null) }),
    forgetRemove: assign({ removing: null }),
    dropRemoved: assign({ entries: ({ context }) => context.entries.filter((e) => e._id !== context.removing?._id), removing: null }),
    // The effect: the app provides it (src/staff/desk/provider.ts); until then it is emitted.
    notify: emit((_, params: { tone: Tone; notice: DeskWaitlistNotice }) => ({ type: 'notice' as const, ...params })),
  },
});
