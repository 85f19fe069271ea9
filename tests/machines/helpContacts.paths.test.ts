/**
 * Model-based paths for the Help popup's contacts (helpMachine.paths.test.ts has them arrive at
 * once, to walk the sessions): loading, failed, retried, closed meanwhile, logged out meanwhile,
 * and asked again once known (no second load). A patient with a Call appointment, so help is
 * offered. Along every path the REAL machine runs with its call answered by hand; each state must
 * show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { HelpContacts } from '../../machines/help/helpLinks.js';
import {
  helpMachine,
  selectContacts,
  selectContactsFailed,
  selectIsLoadingContacts,
  selectIsOffering,
  selectIsOpen,
  type HelpEmitted,
} from '../../machines/help/helpMachine.js';
import { answeredByHand, recordEmitted, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  request: [],
  loaded: [],
  failed: [],
  retry: [],
  close: [],
  // Logged out and back in: the popup closes (help is not offered while logged out).
  relogin: [],
} as const satisfies Record<string, readonly string[]>;

// Closed: the contacts never loaded; Known: closed, with the contacts loaded once.
const model = createMachine({
  id: 'helpContactsModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'Closed',
  states: {
    Closed: { on: { request: 'Loading' } },
    Loading: { on: { loaded: 'Offering', failed: 'Failed', close: 'Closed', relogin: 'Closed' } },
    Failed: { on: { retry: 'Loading', close: 'Closed', relogin: 'Closed' } },
    Offering: { on: { close: 'Known', relogin: 'Known' } },
    Known: { on: { request: 'Offering' } },
  },
});

const contacts: HelpContacts = { chatNumber: '+91 98765 43210', callNumber: '+91 22 2345 6789', email: 'help@clinic.example' };
const booked = { isLoggedIn: true, appointments: [{ consultationType: 'Call' as const, appointmentStatus: 'Booked' as const }] };

function harness() {
  const load = answeredByHand<HelpContacts, unknown>();
  const actor = createActor(helpMachine.provide({ actors: { loadContacts: load.logic } }), {
    input: { ...booked, chatText: 'Hello, I want help.' },
    inspect: recordWalk,
  });
  const emitted = recordEmitted<HelpEmitted>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  let loads = 0;
  let known = false;
  const shows = (open: boolean, loading: boolean, failed: boolean, offering: boolean) => () => {
    const s = actor.getSnapshot();
    expect(selectIsOpen(s)).toBe(open);
    expect(selectIsLoadingContacts(s)).toBe(loading);
    expect(selectContactsFailed(s)).toBe(failed);
    expect(selectIsOffering(s)).toBe(offering);
    expect(selectContacts(s)).toEqual(known ? contacts : null);
    expect(load.calls).toHaveLength(loads);
  };
  return {
    stop: () => actor.stop(),
    events: {
      request: step('request', () => {
        actor.send({ type: 'help.request' });
        if (!known) loads += 1;
      }),
      loaded: step('loaded', () => {
        known = true;
        load.latest().resolve(contacts);
      }),
      failed: step('failed', () => load.latest().reject(unanswered)),
      retry: step('retry', () => {
        actor.send({ type: 'help.retry' });
        loads += 1;
      }),
      close: step('close', () => actor.send({ type: 'help.close' })),
      relogin: step('relogin', () => {
        actor.send({ type: 'session.changed', isLoggedIn: false, appointments: [] });
        actor.send({ type: 'session.changed', ...booked });
      }),
    },
    states: {
      Closed: shows(false, false, false, false),
      Loading: shows(true, true, false, false),
      Failed: shows(true, false, true, false),
      Offering: shows(true, false, false, true),
      Known: shows(false, false, false, false),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('helpMachine contacts paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['request', 'failed', 'retry', 'failed', 'retry', 'loaded', 'close', 'request'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(11);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
