/**
 * Model-based paths for the catalogue picker (machines/cataloguePicker): typed too short (no
 * search), searched and answered, refused (typed freely), highlighted and chosen by key or by
 * click, closed. Along every path the REAL machine runs with its search answered by hand; each
 * step must emit what the form acts on (`chosen`), each state show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { CatalogueHit } from '../../contract/catalogue.js';
import {
  cataloguePickerMachine,
  selectPickerHits,
  selectPickerItemId,
  selectPickerOpen,
  selectPickerText,
  selectPickerUnavailable,
  type SearchInput,
} from '../../machines/cataloguePicker/cataloguePickerMachine.js';
import { answeredByHand, recordEmitted, unanswered } from './accountFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  type: [],
  short: [],
  answered: [],
  refused: [],
  next: [],
  previous: [],
  choose: ['chosen'],
  click: ['chosen'],
  close: [],
} as const satisfies Record<string, readonly string[]>;
type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'cataloguePickerModel',
  types: {} as { events: ModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { type: 'Searching', short: 'Closed' } },
    Searching: { on: { answered: 'Open', refused: 'Unavailable', close: 'Closed', short: 'Closed' } },
    Open: { on: { next: 'Open', previous: 'Open', choose: 'Closed', click: 'Closed', close: 'Closed', type: 'Searching' } },
    Unavailable: { on: { close: 'Closed', type: 'Searching' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const hit = (id: string, name: string, potency: string): CatalogueHit => ({ id, name, form: 'pills', potency, pack: '2 dram', price: 90, archived: false, stock: 12 });
const hits = [hit('i-200', 'Arnica Montana', '200C'), hit('i-30', 'ARNICA MONTANA', '30C')];

function harness() {
  const search = answeredByHand<CatalogueHit[], SearchInput>();
  const actor = createActor(cataloguePickerMachine.provide({ actors: { searchCatalogue: search.logic } }), {
    input: { token: 'tok-doc', locationId: 'loc-aundh', text: '', itemId: null },
    inspect: recordWalk,
  });
  const emitted = recordEmitted<{ type: string }>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  let text = '';
  let itemId: string | null = null;
  const shows = (open: boolean, unavailable = false) => () => {
    const s = actor.getSnapshot();
    expect(selectPickerOpen(s)).toBe(open);
    expect(selectPickerUnavailable(s)).toBe(unavailable);
    expect(selectPickerText(s)).toBe(text);
    expect(selectPickerItemId(s)).toBe(itemId);
  };
  return {
    stop: () => actor.stop(),
    events: {
      type: step('type', () => {
        text = 'arn';
        itemId = null;
        actor.send({ type: 'text.change', text });
        expect(search.latest().input).toEqual({ q: 'arn', locationId: 'loc-aundh', token: 'tok-doc' });
      }),
      short: step('short', () => {
        const before = search.calls.length;
        text = 'a';
        itemId = null;
        actor.send({ type: 'text.change', text });
        expect(search.calls).toHaveLength(before);
      }),
      answered: step('answered', () => {
        search.latest().resolve(hits);
      }),
      refused: step('refused', () => search.latest().reject(unanswered)),
      next: step('next', () => {
        actor.send({ type: 'highlight.next' });
        expect(actor.getSnapshot().context.active).toBe(0);
      }),
      previous: step('previous', () => {
        // Up from the top (or from nothing highlighted) goes round to the last.
        actor.send({ type: 'highlight.previous' });
        expect(actor.getSnapshot().context.active).toBe(hits.length - 1);
      }),
      choose: step('choose', () => {
        // Enter picks the highlighted one (the first when none yet: down, then Enter).
        if (actor.getSnapshot().context.active < 0) actor.send({ type: 'highlight.next' });
        const first = actor.getSnapshot().context.active === 0;
        actor.send({ type: 'highlight.choose' });
        text = first ? 'ARNICA MONTANA 200C' : 'ARNICA MONTANA 30C';
        itemId = first ? 'i-200' : 'i-30';
      }),
      click: step('click', () => {
        actor.send({ type: 'item.choose', itemId: 'i-30' });
        text = 'ARNICA MONTANA 30C';
        itemId = 'i-30';
        expect(selectPickerHits(actor.getSnapshot())).toEqual([]);
      }),
      close: step('close', () => actor.send({ type: 'list.close' })),
    },
    states: {
      Closed: shows(false),
      Searching: shows(true),
      Open: shows(true),
      Unavailable: shows(false, true),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('cataloguePickerMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, harness);
  expectWalkedFully(cataloguePickerMachine);
});
