/**
 * Model-based paths for the desk's Waitlist section (machines/desk/waitlist): the list read (or
 * not, and read again), Refresh; Add to waitlist with the desk's search, the form's own check (no
 * call), the server's 400 at a field and its 409 (already waiting), added; Remove asked once more,
 * kept, taken off, or refused because somebody took it off first (the list is read again). Along
 * every path the REAL machine runs with its calls answered by hand; each step must emit what the
 * app acts on, and each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { DeskWaitlistEntry } from '../../contract/desk.js';
import {
  deskWaitlistMachine,
  selectCanChange,
  selectDraft,
  selectEntries,
  selectErrors,
  selectFormOpen,
  selectFound,
  selectRemoving,
  selectSaving,
  selectSearching,
  selectWaitlistStatus,
} from '../../machines/desk/waitlist/waitlistMachine.js';
import { refused, unanswered } from './accountFakes.js';
import { deskPatient, deskVikram, hitOf, searchAnswer, startDeskWaitlist, today, waitlistEntry } from './deskFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const overlap = 'This patient is already on the waitlist for this doctor on some of these days.';
const emits = {
  loaded: [],
  loadFailed: [],
  retry: [],
  refresh: [],
  open: [],
  search: [],
  found: [],
  searchFailed: ['somethingWentWrong'],
  invalid: [],
  cancel: [],
  submit: [],
  added: ['added'],
  'added.badField': [],
  'added.overlap': [`server: ${overlap}`],
  ask: [],
  keep: [],
  confirm: [],
  removed: ['removed'],
  'removed.gone': ['server: Not found.'],
} as const satisfies Record<string, readonly string[]>;
type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'deskWaitlistModel',
  types: {} as { events: ModelEvent },
  initial: 'Loading',
  states: {
    Loading: { on: { loaded: 'Idle', loadFailed: 'Failed' } },
    Failed: { on: { retry: 'Loading' } },
    Idle: { on: { refresh: 'Loading', open: 'Form', ask: 'Asking' } },
    Form: { on: { search: 'Searching', invalid: 'Form', cancel: 'Idle', submit: 'Saving' } },
    Searching: { on: { found: 'Form', searchFailed: 'Form' } },
    Saving: { on: { added: 'Idle', 'added.badField': 'Form', 'added.overlap': 'Form' } },
    Asking: { on: { keep: 'Idle', confirm: 'Removing' } },
    Removing: { on: { removed: 'Idle', 'removed.gone': 'Loading' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const ramesh = deskPatient();
const first = waitlistEntry({ patientName: 'Asha Kale' });
const vikrams = waitlistEntry({ patientName: 'Gita Joshi', doctorId: deskVikram._id, doctorName: deskVikram.name });

function harness() {
  const w = startDeskWaitlist();
  const step = stepper(w.emitted.take, emits);
  let entries: DeskWaitlistEntry[] = [];
  let errors: Record<string, unknown> = {};
  let found: unknown = null;
  const added = waitlistEntry({ _id: 'added-entry', consultationType: 'Call', fromDate: today as never, toDate: '2025-03-16' as never });
  const shows = (status: 'loading' | 'failed' | 'ready', o: { form?: boolean; saving?: boolean; searching?: boolean; removing?: boolean | null; idle?: boolean } = {}) => () => {
    const s = w.snapshot();
    expect(selectWaitlistStatus(s)).toBe(status);
    expect(selectFormOpen(s)).toBe(o.form ?? false);
    expect(selectSaving(s)).toBe(o.saving ?? false);
    expect(selectSearching(s)).toBe(o.searching ?? false);
    expect(selectCanChange(s)).toBe(o.idle ?? false);
    expect(selectRemoving(s)).toEqual(o.removing == null ? null : { id: first._id, busy: o.removing });
    if (status === 'ready') expect(selectEntries(s)).toEqual(entries);
    if (o.form) {
      expect(selectErrors(s)).toEqual(errors);
      expect(selectFound(s)).toEqual(found);
    }
  };
  return {
    stop: () => w.actor.stop(),
    events: {
      loaded: step('loaded', () => {
        entries = [first, vikrams];
        expect(w.calls.loadWaitlist.latest().input).toEqual({ token: 'tok-desk', query: {} });
        w.calls.loadWaitlist.latest().resolve(entries);
      }),
      loadFailed: step('loadFailed', () => w.calls.loadWaitlist.latest().reject(unanswered)),
      retry: step('retry', () => w.send({ type: 'list.retry' })),
      refresh: step('refresh', () => w.send({ type: 'list.refresh' })),
      open: step('open', () => {
        errors = {};
        found = null;
        w.send({ type: 'add.opened' });
        expect(selectDraft(w.snapshot())).toEqual({ patient: null, doctorId: '', consultationType: 'Clinic Visit', locationId: '', fromDate: today, toDate: '2025-03-16' });
      }),
      search: step('search', () => {
        // A blank search asks nothing.
        w.send({ type: 'add.searched', query: '   ' });
        expect(w.calls.searchPatients.calls).toHaveLength(0);
        w.send({ type: 'add.searched', query: ' ramesh ' });
      }),
      found: step('found', () => {
        expect(w.calls.searchPatients.latest().input).toEqual({ query: 'ramesh', token: 'tok-desk' });
        const answer = searchAnswer([hitOf(ramesh)]);
        found = { query: 'ramesh', hits: answer.hits, more: false };
        w.calls.searchPatients.latest().resolve(answer);
      }),
      searchFailed: step('searchFailed', () => w.calls.searchPatients.latest().reject(unanswered)),
      invalid: step('invalid', () => {
        // The last day before the first: said at the field, no call; nothing chosen: said too.
        w.send({ type: 'add.changed', field: 'toDate', value: '2025-03-09' });
        w.send({ type: 'add.submitted' });
        const shown = selectErrors(w.snapshot());
        expect(shown.toDate).toEqual({ kind: 'backwards' });
        expect(w.calls.addEntry.calls).toHaveLength(0);
        errors = { ...shown };
      }),
      cancel: step('cancel', () => {
        errors = {};
        found = null;
        w.send({ type: 'add.cancelled' });
      }),
      submit: step('submit', () => {
        // A patient without an account, a Video is not theirs: the type falls back to a Clinic Visit.
        w.send({ type: 'add.patientChosen', patient: ramesh });
        w.send({ type: 'add.changed', field: 'consultationType', value: 'Video' });
        expect(selectDraft(w.snapshot()).consultationType).toBe('Clinic Visit');
        w.send({ type: 'add.changed', field: 'doctorId', value: added.doctorId });
        w.send({ type: 'add.changed', field: 'consultationType', value: 'Call' });
        w.send({ type: 'add.changed', field: 'toDate', value: '2025-03-16' });
        errors = {};
        w.send({ type: 'add.submitted' });
        expect(w.calls.addEntry.latest().input).toEqual({
          request: { patientId: ramesh._id, doctorId: added.doctorId, locationId: '', consultationType: 'Call', fromDate: today, toDate: '2025-03-16' },
          token: 'tok-desk',
        });
      }),
      added: step('added', () => {
        // After Dr Anita's last, before Dr Vikram's.
        entries = [...entries.filter((e) => e.doctorId !== deskVikram._id), added, ...entries.filter((e) => e.doctorId === deskVikram._id)];
        w.calls.addEntry.latest().resolve(added);
      }),
      'added.badField': step('added.badField', () => {
        errors = { fromDate: { kind: 'server', text: 'must be today or later (clinic time)' }, locationId: { kind: 'server', text: 'is not a location of this doctor' } };
        w.calls.addEntry.latest().reject({
          ...refused(400, 'Check the fields.'),
          errors: [
            { field: 'fromDate', message: 'must be today or later (clinic time)' },
            { field: 'locationId', message: 'is not a location of this doctor' },
          ],
        });
      }),
      'added.overlap': step('added.overlap', () => w.calls.addEntry.latest().reject(refused(409, overlap))),
      ask: step('ask', () => {
        // An entry not listed is not asked about.
        w.send({ type: 'remove.asked', entryId: 'nobody' });
        expect(selectRemoving(w.snapshot())).toBeNull();
        w.send({ type: 'remove.asked', entryId: first._id });
      }),
      keep: step('keep', () => w.send({ type: 'remove.cancelled' })),
      confirm: step('confirm', () => w.send({ type: 'remove.confirmed' })),
      removed: step('removed', () => {
        expect(w.calls.removeEntry.latest().input).toEqual({ entryId: first._id, token: 'tok-desk' });
        entries = entries.filter((e) => e._id !== first._id);
        w.calls.removeEntry.latest().resolve({ message: 'Taken off the waitlist.' });
      }),
      'removed.gone': step('removed.gone', () => w.calls.removeEntry.latest().reject(refused(404, 'Not found.'))),
    },
    states: {
      Loading: shows('loading'),
      Failed: shows('failed'),
      Idle: shows('ready', { idle: true }),
      Form: shows('ready', { form: true }),
      Searching: shows('ready', { form: true, searching: true }),
      Saving: shows('ready', { form: true, saving: true }),
      Asking: shows('ready', { removing: false }),
      Removing: shows('ready', { removing: true }),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('deskWaitlistMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, harness);
  expectWalkedFully(deskWaitlistMachine);
});
