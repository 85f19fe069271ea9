/**
 * Model-based paths for the admin list every list section runs (machines/staffAdmin/lists.ts):
 * load (failed, expired, another query), add or edit in a form (saved, a 400 naming fields, the
 * ORPHAN RULE's list, expired, unanswered), delete after confirming (done, refused, expired), move
 * (done, failed, expired). Along every path the REAL machine runs with its calls answered by hand;
 * each step must emit what the person reads and the app acts on, and each state must show what
 * the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { adminListMachine } from '../../machines/staffAdmin/adminListMachine.js';
import type {
  Draft,
  ListItem,
  LoadInput,
  RemoveInput,
  ReorderInput,
  SaveAnswer,
  SaveInput,
} from '../../machines/staffAdmin/adminListContext.js';
import type { AdminListEmitted } from '../../machines/staffAdmin/adminListEvents.js';
import {
  selectCanChange,
  selectConflict,
  selectDraft,
  selectFieldErrors,
  selectFormId,
  selectIsConfirmingDelete,
  selectItems,
  selectListStatus,
  selectPendingDelete,
  selectQuery,
} from '../../machines/staffAdmin/adminListSelectors.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';
import { invalid, orphanRefusal, orphans } from './staffAdminFakes.js';

const expired = refused(401, 'Please log in again.');

const emits = {
  loaded: [],
  'load.expired': ['server: Please log in again.'],
  'load.failed': ['loadFailed'],
  query: [],
  retry: [],
  refresh: [],
  add: [],
  edit: [],
  type: [],
  cancel: [],
  handled: [],
  'save.done': ['saved', 'item.saved'],
  'save.expired': ['server: Please log in again.'],
  'save.invalid': ['server: Please check the fields.'],
  'save.orphan': ['server: These booked appointments would lose their slot. Move or cancel them first.'],
  'save.failed': ['saveFailed'],
  delete: [],
  'delete.dismiss': [],
  'delete.done': ['server: Location deleted.'],
  'delete.expired': ['server: Please log in again.'],
  'delete.refused': ['server: This location is in use.'],
  'move.done': [],
  'move.expired': ['server: Please log in again.'],
  'move.failed': ['reorderFailed'],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'adminListModel',
  types: {} as { events: ModelEvent },
  initial: 'Loading',
  states: {
    Loading: { on: { loaded: 'Browsing', 'load.expired': 'Failed', 'load.failed': 'Failed', query: 'Loading' } },
    Failed: { on: { retry: 'Loading', query: 'Loading' } },
    Browsing: {
      on: {
        refresh: 'Loading',
        query: 'Loading',
        add: 'Editing',
        edit: 'Editing',
        delete: 'ConfirmingDelete',
        'move.done': 'Browsing',
        'move.expired': 'Browsing',
        'move.failed': 'Browsing',
      },
    },
    Editing: {
      on: {
        type: 'Editing',
        cancel: 'Browsing',
        handled: 'Editing',
        'save.done': 'Loading',
        'save.expired': 'Editing',
        'save.invalid': 'Editing',
        'save.orphan': 'Editing',
        'save.failed': 'Editing',
      },
    },
    ConfirmingDelete: {
      on: { 'delete.dismiss': 'Browsing', 'delete.done': 'Loading', 'delete.expired': 'Browsing', 'delete.refused': 'Browsing' },
    },
  },
});

type Item = ListItem & { name: string };
const items: Item[] = ['Andheri West', 'Bandra', 'Pune'].map((name, i) => ({ _id: `loc-${i + 1}`, name }));

function harness() {
  const calls = {
    loadItems: answeredByHand<ListItem[], LoadInput>(),
    saveItem: answeredByHand<SaveAnswer, SaveInput>(),
    removeItem: answeredByHand<SaveAnswer, RemoveInput>(),
    reorderItems: answeredByHand<ListItem[], ReorderInput>(),
  };
  const machine = adminListMachine.provide({
    actors: { loadItems: calls.loadItems.logic, saveItem: calls.saveItem.logic, removeItem: calls.removeItem.logic, reorderItems: calls.reorderItems.logic },
  });
  const actor = createActor(machine, { input: { token: 'tok-admin' }, inspect: recordWalk });
  const emitted = recordEmitted<AdminListEmitted>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  const s = () => actor.getSnapshot();

  // What the model expects the real list to show.
  let shown: string[] = [];
  let loaded = false;
  let query: Draft = {};
  let form: string | null | undefined;
  let draft: Draft = {};
  let fieldErrors: Record<string, string> = {};
  let conflict: AppointmentRecord[] | null = null;
  let loads = 1;

  const load = () => {
    loads += 1;
  };
  const save = (answer: (call: ReturnType<typeof calls.saveItem.latest>) => void) => () => {
    actor.send({ type: 'draft.save' });
    expect(calls.saveItem.latest().input).toEqual({ id: form ?? null, draft, token: 'tok-admin' });
    answer(calls.saveItem.latest());
  };
  const remove = (answer: (call: ReturnType<typeof calls.removeItem.latest>) => void) => () => {
    actor.send({ type: 'delete.confirm' });
    expect(calls.removeItem.latest().input).toEqual({ id: 'loc-2', token: 'tok-admin' });
    answer(calls.removeItem.latest());
  };
  const move = (answer: (call: ReturnType<typeof calls.reorderItems.latest>, ids: string[]) => void) => () => {
    // The last item up one place.
    const ids = [...shown];
    const last = ids.length - 1;
    [ids[last - 1], ids[last]] = [ids[last] as string, ids[last - 1] as string];
    actor.send({ type: 'item.move', id: shown[last] as string, offset: -1 });
    expect(calls.reorderItems.latest().input).toEqual({ ids, token: 'tok-admin' });
    answer(calls.reorderItems.latest(), ids);
  };
  const closeForm = () => {
    form = undefined;
    draft = {};
    fieldErrors = {};
    conflict = null;
  };

  const shows = (status: 'list' | 'failed', change: boolean, pendingDelete: string | null = null) => () => {
    const now = s();
    expect(calls.loadItems.calls).toHaveLength(loads);
    expect(selectQuery(now)).toEqual(query);
    expect(selectItems(now).map((i) => i._id)).toEqual(shown);
    expect(selectListStatus(now)).toBe(status === 'failed' ? 'failed' : !loaded ? 'loading' : shown.length === 0 ? 'empty' : 'ready');
    expect(selectFormId(now)).toBe(form);
    expect(selectDraft(now)).toEqual(draft);
    expect(selectFieldErrors(now)).toEqual(fieldErrors);
    expect(selectConflict(now)?.map((a) => a._id) ?? null).toEqual(conflict?.map((a) => a._id) ?? null);
    expect(selectCanChange(now)).toBe(change);
    expect(selectPendingDelete(now)).toBe(pendingDelete);
    expect(selectIsConfirmingDelete(now)).toBe(pendingDelete !== null);
  };

  return {
    stop: () => actor.stop(),
    events: {
      loaded: step('loaded', () => {
        expect(calls.loadItems.latest().input).toEqual({ token: 'tok-admin', query });
        shown = items.map((i) => i._id);
        loaded = true;
        calls.loadItems.latest().resolve(items);
      }),
      'load.expired': step('load.expired', () => calls.loadItems.latest().reject(expired)),
      'load.failed': step('load.failed', () => calls.loadItems.latest().reject(unanswered)),
      query: step('query', () => {
        query = { date: query.date === '2026-11-23' ? '2026-11-24' : '2026-11-23' };
        actor.send({ type: 'query.change', query });
        load();
      }),
      retry: step('retry', () => {
        actor.send({ type: 'list.retry' });
        load();
      }),
      refresh: step('refresh', () => {
        actor.send({ type: 'list.refresh' });
        load();
      }),
      add: step('add', () => {
        actor.send({ type: 'item.add' });
        form = null;
      }),
      edit: step('edit', () => {
        actor.send({ type: 'item.edit', id: 'loc-1' });
        form = 'loc-1';
      }),
      type: step('type', () => {
        draft = { ...draft, name: `${draft.name ?? ''}Kothrud` };
        delete fieldErrors.name; // typing in a field clears what the server said of it
        actor.send({ type: 'draft.change', field: 'name', value: draft.name as string });
      }),
      cancel: step('cancel', () => {
        actor.send({ type: 'draft.cancel' });
        closeForm();
      }),
      handled: step('handled', () => {
        const first = conflict?.[0];
        actor.send({ type: 'conflict.handled', appointmentId: first?._id ?? 'none-listed' });
        if (conflict) conflict = conflict.length > 1 ? conflict.slice(1) : null;
      }),
      'save.done': step(
        'save.done',
        save((call) => {
          call.resolve({ message: '' });
          closeForm();
          load();
        }),
      ),
      'save.expired': step('save.expired', save((call) => call.reject(expired))),
      'save.invalid': step(
        'save.invalid',
        save((call) => {
          fieldErrors = { name: 'Name is required.' };
          call.reject(invalid([{ field: 'name', message: 'Name is required.' }]));
        }),
      ),
      'save.orphan': step(
        'save.orphan',
        save((call) => {
          conflict = [...orphans];
          call.reject(orphanRefusal());
        }),
      ),
      'save.failed': step('save.failed', save((call) => call.reject(unanswered))),
      delete: step('delete', () => actor.send({ type: 'item.delete', id: 'loc-2' })),
      'delete.dismiss': step('delete.dismiss', () => actor.send({ type: 'delete.dismiss' })),
      'delete.done': step(
        'delete.done',
        remove((call) => {
          call.resolve({ message: 'Location deleted.' });
          load();
        }),
      ),
      'delete.expired': step('delete.expired', remove((call) => call.reject(expired))),
      'delete.refused': step('delete.refused', remove((call) => call.reject(refused(409, 'This location is in use.')))),
      'move.done': step(
        'move.done',
        move((call, ids) => {
          shown = ids;
          call.resolve(ids.map((id) => items.find((i) => i._id === id) as Item));
        }),
      ),
      'move.expired': step('move.expired', move((call) => call.reject(expired))),
      'move.failed': step('move.failed', move((call) => call.reject(unanswered))),
    },
    states: {
      Loading: shows('list', false),
      Failed: shows('failed', false),
      Browsing: shows('list', true),
      Editing: shows('list', false),
      ConfirmingDelete: shows('list', false, 'loc-2'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('adminListMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (
      [
        'load.failed', 'retry', 'loaded', 'move.done', 'edit', 'type', 'save.invalid', 'type', 'save.orphan', 'handled', 'handled', 'save.done',
        'loaded', 'delete', 'delete.refused', 'delete', 'delete.done', 'loaded',
      ] as const
    ).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(26);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
    expect(orphans.length).toBeGreaterThanOrEqual(2);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(adminListMachine);
});
