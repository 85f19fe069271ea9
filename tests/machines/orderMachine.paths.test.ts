/**
 * Model-based paths for the doctor's pharmacy order form (machines/order): the locations loaded
 * (or not, then again), the catalogue searched (too short, answered with each item's stock at the
 * order's location, refused, asked again when the location changes), the draft edited
 * (an item picked, a line by hand, a quantity, a line removed, the location, pickup or delivery,
 * the address, the payment mode), checked (problems, nothing sent), priced by the server (or
 * refused with its words at the field), then sent (placed, refused, or an order made meanwhile).
 * Along every path the REAL machine runs with its calls answered by hand and its search delay on
 * a simulated clock; each state must show what the model says.
 */
import { createActor, createMachine, SimulatedClock, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { CatalogueHit } from '../../contract/catalogue.js';
import type { OrderPreview, Pharmacy, StaffOrderRequest } from '../../contract/pharmacyOrder.js';
import { orderMachine, searchDelayMs } from '../../machines/order/orderMachine.js';
import { answeredByHand, refused, settle, unanswered } from './accountFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { orderItem, orderLocations, orderPreviewOf, staffAppointment, staffOrder } from './staffConsoleFakes.js';

const edits = ['edit.pick', 'edit.hand', 'edit.quantity', 'edit.remove', 'edit.location', 'edit.fulfilment', 'edit.address', 'edit.mode'] as const;
const editTo = (target: string) => Object.fromEntries(edits.map((e) => [e, target]));
const search = { 'search.short': '.', 'search.found': '.', 'search.failed': '.', 'search.relocated': '.' };

type ModelEvent = { type: (typeof edits)[number] | keyof typeof search | 'load.done' | 'load.failed' | 'retry' | 'preview.invalid' | 'preview.done' | 'preview.refused' | 'place.done' | 'place.refused' | 'place.conflict' };

const model = createMachine({
  id: 'orderModel',
  types: {} as { events: ModelEvent },
  initial: 'Loading',
  states: {
    Loading: { on: { 'load.done': 'Empty', 'load.failed': 'LoadFailed' } },
    LoadFailed: { on: { retry: 'Loading' } },
    /** Editing with no line yet. */
    Empty: { on: { ...search, 'edit.pick': 'Drafting', 'edit.location': 'Empty', 'edit.mode': 'Empty', 'preview.invalid': 'Empty' } },
    /** Editing with lines that pass the checks. */
    Drafting: { on: { ...search, ...editTo('Drafting'), 'preview.invalid': 'Drafting', 'preview.done': 'Reviewing', 'preview.refused': 'Drafting' } },
    Reviewing: { on: { ...editTo('Drafting'), 'place.done': 'Placed', 'place.refused': 'Drafting', 'place.conflict': 'Conflict' } },
    Placed: { type: 'final' },
    Conflict: { type: 'final' },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

type Sent = { appointmentId: string; order: StaffOrderRequest; token: string };

function harness() {
  const loadPharmacies = answeredByHand<Pharmacy[], { token: string }>();
  const searchCatalogue = answeredByHand<CatalogueHit[], { query: string; locationId: string; token: string }>();
  const previewOrder = answeredByHand<OrderPreview, Sent>();
  const placeOrder = answeredByHand<{ message: string; appointment: AppointmentRecord }, Sent>();
  const clock = new SimulatedClock();
  const machine = orderMachine.provide({
    actors: { loadPharmacies: loadPharmacies.logic, searchCatalogue: searchCatalogue.logic, previewOrder: previewOrder.logic, placeOrder: placeOrder.logic },
  });
  const actor = createActor(machine, { input: { appointmentId: 'apt-1', token: 'tok-doc' }, inspect: recordWalk, clock });
  actor.start();
  const context = () => actor.getSnapshot().context;
  const send = (event: Parameters<typeof actor.send>[0]) => actor.send(event);
  let loads = 1;
  let results: CatalogueHit[] = [];
  let fulfilment: 'pickup' | 'delivery' = 'pickup';
  let mode: 'Card' | 'Cash' = 'Card';
  let locationId = 'loc-1';
  // The priced order shown: any edit drops it; a refusal keeps what was last priced beside its words.
  let shown: OrderPreview | null = null;
  const answered = (act: () => void) => async () => {
    act();
    await settle();
  };
  const typed = async (query: string) => {
    send({ type: 'search.changed', query });
    clock.increment(searchDelayMs);
    await settle();
  };
  // What the draft must send once checked: every line as the form holds it, the choices made.
  const expectedOrder = (): StaffOrderRequest => ({
    lines: context().lines.map((l) => (l.itemId !== null ? { itemId: l.itemId, quantity: Number(l.quantity) } : { name: l.name, quantity: Number(l.quantity), unitPrice: Number(l.price) })),
    paymentMode: mode,
    locationId,
    fulfilment,
    ...(fulfilment === 'delivery' ? { deliveryAddress: '12 MG Road, Pune' } : {}),
  });
  const priced = () => {
    send({ type: 'order.preview' });
    expect(previewOrder.latest().input).toEqual({ appointmentId: 'apt-1', order: expectedOrder(), token: 'tok-doc' });
  };
  const placing = () => {
    send({ type: 'order.place' });
    expect(placeOrder.latest().input).toEqual({ appointmentId: 'apt-1', order: expectedOrder(), token: 'tok-doc' });
  };
  const editing = (empty: boolean) => () => {
    const s = actor.getSnapshot();
    expect(s.matches({ Editing: { Form: 'Drafting' } })).toBe(true);
    expect(context().lines.length === 0).toBe(empty);
    expect(context().preview).toEqual(shown);
    expect(context().results).toEqual(results);
    expect(context()).toMatchObject({ locationId, fulfilment, paymentMode: mode, pharmacies: orderLocations });
  };

  return {
    stop: () => actor.stop(),
    events: {
      'load.done': answered(() => loadPharmacies.latest().resolve(orderLocations)),
      'load.failed': answered(() => loadPharmacies.latest().reject(unanswered)),
      retry: () => {
        send({ type: 'order.retry' });
        loads += 1;
      },
      'search.short': async () => {
        const before = searchCatalogue.calls.length;
        await typed('a');
        results = [];
        expect(searchCatalogue.calls).toHaveLength(before);
      },
      'search.found': async () => {
        await typed('arn');
        expect(searchCatalogue.latest().input).toEqual({ query: 'arn', locationId, token: 'tok-doc' });
        expect(actor.getSnapshot().hasTag('searching')).toBe(true);
        searchCatalogue.latest().resolve([orderItem]);
        await settle();
        results = [orderItem];
      },
      'search.relocated': async () => {
        await typed('arn');
        searchCatalogue.latest().resolve([orderItem]);
        await settle();
        // Another location: the results (its stock) go at once and are asked again there.
        shown = null;
        locationId = locationId === 'loc-1' ? 'loc-2' : 'loc-1';
        send({ type: 'location.chosen', locationId });
        expect(context().results).toEqual([]);
        const before = searchCatalogue.calls.length;
        clock.increment(searchDelayMs);
        await settle();
        expect(searchCatalogue.calls).toHaveLength(before + 1);
        expect(searchCatalogue.latest().input).toEqual({ query: 'arn', locationId, token: 'tok-doc' });
        const there = { ...orderItem, stock: 0 };
        searchCatalogue.latest().resolve([there]);
        await settle();
        results = [there];
      },
      'search.failed': async () => {
        await typed('zzz');
        searchCatalogue.latest().reject(unanswered);
        await settle();
        results = [];
      },
      'edit.pick': () => {
        shown = null;
        const before = context().lines.find((l) => l.itemId === orderItem.id)?.quantity;
        send({ type: 'item.picked', item: orderItem });
        results = [];
        // The same item again adds one to its line rather than a second line.
        expect(context().lines.find((l) => l.itemId === orderItem.id)?.quantity).toBe(before ? String(Number(before) + 1) : '1');
      },
      'edit.hand': () => {
        shown = null;
        send({ type: 'line.handAdded' });
        const line = context().lines.at(-1)!;
        send({ type: 'line.changed', key: line.key, field: 'name', value: 'Calendula cream' });
        send({ type: 'line.changed', key: line.key, field: 'price', value: '120' });
      },
      'edit.quantity': () => {
        shown = null;
        const line = context().lines[0]!;
        send({ type: 'line.changed', key: line.key, field: 'quantity', value: line.quantity === '2' ? '3' : '2' });
      },
      'edit.remove': () => {
        shown = null;
        send({ type: 'line.removed', key: context().lines.at(-1)!.key });
        // The draft keeps a line (the model's Drafting has lines): the item again when none is left.
        if (context().lines.length === 0) {
          send({ type: 'item.picked', item: orderItem });
          results = [];
        }
      },
      'edit.location': () => {
        shown = null;
        locationId = locationId === 'loc-1' ? 'loc-2' : 'loc-1';
        send({ type: 'location.chosen', locationId });
      },
      'edit.fulfilment': () => {
        shown = null;
        fulfilment = fulfilment === 'pickup' ? 'delivery' : 'pickup';
        send({ type: 'fulfilment.chosen', fulfilment });
        if (fulfilment === 'delivery') send({ type: 'address.changed', value: ' 12 MG Road, Pune ' });
      },
      'edit.address': () => {
        shown = null;
        send({ type: 'address.changed', value: ' 12 MG Road, Pune ' });
      },
      'edit.mode': () => {
        shown = null;
        mode = mode === 'Card' ? 'Cash' : 'Card';
        send({ type: 'mode.chosen', paymentMode: mode });
      },
      'preview.invalid': () => {
        const before = previewOrder.calls.length;
        const empty = context().lines.length === 0;
        if (!empty) {
          send({ type: 'line.handAdded' });
          shown = null;
        }
        send({ type: 'order.preview' });
        const n = context().lines.length - 1;
        expect(context().problems).toEqual(empty ? { lines: 'required' } : { [`lines.${n}.name`]: 'required', [`lines.${n}.unitPrice`]: 'required' });
        expect(previewOrder.calls).toHaveLength(before);
        if (!empty) send({ type: 'line.removed', key: context().lines[n]!.key });
      },
      'preview.done': async () => {
        priced();
        expect(actor.getSnapshot().hasTag('busy')).toBe(true);
        shown = orderPreviewOf({ locationId, fulfilment });
        previewOrder.latest().resolve(shown);
        await settle();
      },
      'preview.refused': async () => {
        priced();
        previewOrder.latest().reject({ ...refused(400, 'Check the fields.'), errors: [{ field: 'lines.0.quantity', message: 'Not that many in stock.' }] });
        await settle();
        expect(context().problems).toEqual({ 'lines.0.quantity': 'refused' });
        expect(context().refusals).toEqual({ 'lines.0.quantity': 'Not that many in stock.' });
      },
      'place.done': async () => {
        placing();
        placeOrder.latest().resolve({ message: 'Order created.', appointment: staffAppointment({ _id: 'apt-1', order: staffOrder() }) });
        await settle();
      },
      'place.refused': async () => {
        placing();
        placeOrder.latest().reject(refused(400, 'That item is no longer in the catalogue.'));
        await settle();
        expect(context().failure).toBe('That item is no longer in the catalogue.');
      },
      'place.conflict': async () => {
        placing();
        placeOrder.latest().reject(refused(409, 'This appointment already has an order.'));
        await settle();
      },
    },
    states: {
      Loading: () => {
        expect(actor.getSnapshot().matches('Loading')).toBe(true);
        expect(loadPharmacies.calls).toHaveLength(loads);
        expect(loadPharmacies.latest().input).toEqual({ token: 'tok-doc' });
      },
      LoadFailed: () => {
        expect(actor.getSnapshot().matches('LoadFailed')).toBe(true);
        expect(context().failed).toBe(true);
      },
      Empty: editing(true),
      Drafting: editing(false),
      Reviewing: () => {
        expect(actor.getSnapshot().matches({ Editing: { Form: 'Reviewing' } })).toBe(true);
        expect(context().preview).toEqual(orderPreviewOf({ locationId, fulfilment }));
      },
      Placed: () => {
        expect(actor.getSnapshot().status).toBe('done');
        expect(actor.getSnapshot().output).toMatchObject({ answer: { message: 'Order created.' } });
      },
      Conflict: () => {
        expect(actor.getSnapshot().status).toBe('done');
        expect(actor.getSnapshot().output).toEqual({ conflict: true, message: 'This appointment already has an order.' });
      },
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('orderMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, harness);
  expectWalkedFully(orderMachine);
});
