/**
 * Model-based paths for the dispensary's stock desk (machines/dispensary/stockMachine): loaded or
 * failed and retried, another location or a refresh loaded again (or not), a form opened, typed,
 * cancelled or saved (saved, refused on its field, refused in the server's words), an order
 * dispensed or refused. Along every path the REAL machine runs with its calls answered by hand;
 * each step must emit exactly the notices the console shows, each state show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  selectDispensing,
  selectStockErrors,
  selectStockFailed,
  selectStockForm,
  selectStockIdle,
  selectStockLoading,
  selectStockSaving,
  selectStockView,
  stockMachine,
} from '../../machines/dispensary/stockMachine.js';
import type { DispenseInput, LoadStockInput, SaveStockInput, StockView } from '../../machines/dispensary/stockContext.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  loaded: [],
  'load.failed': ['loadFailed'],
  retry: [],
  location: [],
  refresh: [],
  reloaded: [],
  'reload.failed': ['loadFailed'],
  open: [],
  'open.other': [],
  change: [],
  cancel: [],
  save: [],
  saved: ['received'],
  'save.field': [],
  'save.refused': ['server: Stock cannot go below zero.'],
  dispense: [],
  dispensed: ['dispensed'],
  'dispense.refused': ['server: Not enough stock for this order.'],
} as const satisfies Record<string, readonly string[]>;
type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'stockModel',
  types: {} as { events: ModelEvent },
  initial: 'Loading',
  states: {
    Loading: { on: { loaded: 'Browsing', 'load.failed': 'Failed' } },
    Failed: { on: { retry: 'Loading' } },
    Browsing: { on: { location: 'Reloading', refresh: 'Reloading', open: 'Editing', dispense: 'Dispensing' } },
    Reloading: { on: { reloaded: 'Browsing', 'reload.failed': 'Browsing' } },
    Editing: { on: { 'open.other': 'Editing', change: 'Editing', cancel: 'Browsing', save: 'Saving' } },
    Saving: { on: { saved: 'Reloading', 'save.field': 'Editing', 'save.refused': 'Editing' } },
    Dispensing: { on: { dispensed: 'Reloading', 'dispense.refused': 'Browsing' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const view = (locationId: string): StockView => ({
  locationId,
  locations: [
    { id: 'loc-kothrud', name: 'Kothrud' },
    { id: 'loc-aundh', name: 'Aundh' },
  ],
  lines: [],
  low: [],
  orders: [],
});

function harness() {
  const loadStock = answeredByHand<StockView, LoadStockInput>();
  const saveStock = answeredByHand<unknown, SaveStockInput>();
  const dispense = answeredByHand<unknown, DispenseInput>();
  const actor = createActor(stockMachine.provide({ actors: { loadStock: loadStock.logic, saveStock: saveStock.logic, dispense: dispense.logic } }), {
    input: { token: 'tok-desk' },
    inspect: recordWalk,
  });
  const emitted = recordEmitted<{ type: string }>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  let location = 'loc-kothrud';
  /** The location of the last answer: a failed reload keeps it shown. */
  let shown = 'loc-kothrud';
  const snap = () => actor.getSnapshot();
  const at =
    (o: { loading?: boolean; failed?: boolean; idle?: boolean; form?: boolean; saving?: boolean; dispensing?: boolean }) =>
    (): void => {
      const s = snap();
      expect(selectStockLoading(s)).toBe(o.loading ?? false);
      expect(selectStockFailed(s)).toBe(o.failed ?? false);
      expect(selectStockIdle(s)).toBe(o.idle ?? false);
      expect(selectStockForm(s) !== null).toBe(o.form ?? false);
      expect(selectStockSaving(s)).toBe(o.saving ?? false);
      expect(selectDispensing(s)).toBe(o.dispensing ? 'order-1' : null);
    };
  return {
    stop: () => actor.stop(),
    events: {
      loaded: step('loaded', () => {
        expect(loadStock.latest().input).toEqual({ locationId: null, token: 'tok-desk' });
        loadStock.latest().resolve(view(location));
        shown = location;
      }),
      'load.failed': step('load.failed', () => loadStock.latest().reject(unanswered)),
      retry: step('retry', () => actor.send({ type: 'list.retry' })),
      location: step('location', () => {
        location = 'loc-aundh';
        actor.send({ type: 'location.change', locationId: location });
        expect(loadStock.latest().input).toEqual({ locationId: 'loc-aundh', token: 'tok-desk' });
      }),
      refresh: step('refresh', () => actor.send({ type: 'list.refresh' })),
      reloaded: step('reloaded', async () => {
        loadStock.latest().resolve(view(location));
        shown = location;
        await Promise.resolve();
      }),
      'reload.failed': step('reload.failed', () => loadStock.latest().reject(unanswered)),
      open: step('open', () => {
        actor.send({ type: 'stock.open', kind: 'receive', itemId: 'item-arnica' });
        expect(selectStockForm(snap())).toEqual({ kind: 'receive', itemId: 'item-arnica' });
      }),
      'open.other': step('open.other', () => {
        actor.send({ type: 'stock.open', kind: 'receive', itemId: 'item-nux' });
        expect(selectStockForm(snap())).toEqual({ kind: 'receive', itemId: 'item-nux' });
        expect(snap().context.draft).toEqual({ amount: '', note: '' });
      }),
      change: step('change', () => {
        actor.send({ type: 'draft.change', field: 'amount', value: '12' });
        expect(selectStockErrors(snap()).amount).toBeUndefined();
      }),
      cancel: step('cancel', () => actor.send({ type: 'draft.cancel' })),
      save: step('save', () => {
        const calls = saveStock.calls.length;
        actor.send({ type: 'draft.save' });
        expect(saveStock.calls).toHaveLength(calls + 1);
        expect(saveStock.latest().input).toMatchObject({ kind: 'receive', locationId: location, token: 'tok-desk' });
      }),
      saved: step('saved', () => saveStock.latest().resolve({})),
      'save.field': step('save.field', async () => {
        saveStock.latest().reject({ _tag: 'HttpFailure', status: 400, message: 'Please correct the marked fields.', errors: [{ field: 'quantity', message: 'must be 1 or more' }] });
        await Promise.resolve();
      }),
      'save.refused': step('save.refused', () => saveStock.latest().reject(refused(409, 'Stock cannot go below zero.'))),
      dispense: step('dispense', () => {
        actor.send({ type: 'order.dispense', orderId: 'order-1' });
        expect(dispense.latest().input).toEqual({ orderId: 'order-1', token: 'tok-desk' });
      }),
      dispensed: step('dispensed', () => dispense.latest().resolve({})),
      'dispense.refused': step('dispense.refused', () => dispense.latest().reject(refused(409, 'Not enough stock for this order.'))),
    },
    states: {
      Loading: at({ loading: true }),
      Failed: at({ failed: true }),
      Browsing: () => {
        at({ idle: true })();
        expect(selectStockView(snap())?.locationId).toBe(shown);
      },
      Reloading: at({ loading: true }),
      Editing: () => {
        at({ idle: true, form: true })();
        // A refusal naming its field is said at the form's amount field.
        if (snap().context.fieldErrors.amount !== undefined) expect(selectStockErrors(snap())).toEqual({ amount: 'must be 1 or more' });
      },
      Saving: at({ form: true, saving: true }),
      Dispensing: at({ dispensing: true }),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('stockMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, harness);
  expectWalkedFully(stockMachine);
});
