/**
 * Model-based paths for Help. The model has two regions: the session as the patient lives it
 * (logged out; logged in with no appointment, with clinic visits only, with a chat, video or call
 * appointment) and the help popup (closed, or showing the links). Help pressed says why it is not
 * offered, or opens the links; the links close when help stops being available. Along every path
 * the REAL machine runs (fed the session's changes as the app feeds them): each step must emit
 * what the person should read, and each state must show the model's links and availability.
 */
import { createActor, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  helpMachine,
  selectAvailability,
  selectIsOffering,
  selectLinks,
  type HelpEmitted,
} from '../../machines/help/helpMachine.js';
import { recordEmitted, settle } from './accountFakes.js';
import { pathsTakingEveryTransition, testPaths, modelTransitions, pathEndings } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

type Situation = 'Out' | 'None' | 'VisitsOnly' | 'Available';

const sessionEvents = {
  'session.loggedOut': 'Out',
  'session.noAppointments': 'None',
  'session.clinicVisitsOnly': 'VisitsOnly',
  'session.chatBooked': 'Available',
} as const satisfies Record<string, Situation>;

type ModelEvent = { type: keyof typeof sessionEvents | 'help.request' | 'help.close' };

/** What Help says in each situation. */
const requestEmits: Record<Situation, string[]> = {
  Out: ['pleaseLogin'],
  None: ['noAppointmentBooked'],
  VisitsOnly: ['notChatVideoCall'],
  Available: [],
};

const onEvery = Object.fromEntries(Object.entries(sessionEvents).map(([event, target]) => [event, `.${target}`]));

const model = setup({
  types: {} as { events: ModelEvent },
  guards: { available: stateIn({ Session: 'Available' }) },
}).createMachine({
  id: 'helpModel',
  type: 'parallel',
  states: {
    Session: {
      on: onEvery,
      initial: 'Out',
      states: { Out: {}, None: {}, VisitsOnly: {}, Available: {} },
    },
    Popup: {
      initial: 'Closed',
      states: {
        Closed: { on: { 'help.request': [{ guard: 'available', target: 'Open' }, { target: 'Closed' }] } },
        Open: {
          on: {
            'help.close': 'Closed',
            'help.request': 'Open',
            'session.loggedOut': 'Closed',
            'session.noAppointments': 'Closed',
            'session.clinicVisitsOnly': 'Closed',
          },
        },
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

const contacts = { chatNumber: '+91 98765 43210', callNumber: '+91 22 2345 6789', email: 'help@clinic.example' };
const links = {
  chat: 'https://wa.me/919876543210?text=Hello%2C%20I%20want%20help.',
  call: 'tel:+912223456789',
  email: 'mailto:help@clinic.example',
};
type Appointment = Pick<AppointmentRecord, 'consultationType' | 'appointmentStatus'>;
const sessions: Record<Situation, { isLoggedIn: boolean; appointments: Appointment[] }> = {
  Out: { isLoggedIn: false, appointments: [] },
  None: { isLoggedIn: true, appointments: [{ consultationType: 'Chat', appointmentStatus: 'Cancelled' }] },
  VisitsOnly: { isLoggedIn: true, appointments: [{ consultationType: 'Clinic Visit', appointmentStatus: 'Booked' }] },
  Available: {
    isLoggedIn: true,
    appointments: [
      { consultationType: 'Clinic Visit', appointmentStatus: 'Completed' },
      { consultationType: 'Call', appointmentStatus: 'Expired' },
    ],
  },
};
const availability = { Out: 'loginRequired', None: 'noAppointment', VisitsOnly: 'clinicVisitOnly', Available: 'available' } as const;

function words(events: readonly HelpEmitted[]): string[] {
  return events.map((e) => e.notice.kind);
}

function harness() {
  // The contacts arrive at once (their loading, failure and retry: helpMachine.test.ts).
  const machine = helpMachine.provide({ actors: { loadContacts: fromPromise(async () => contacts) } });
  const actor = createActor(machine, {
    input: { ...sessions.Out, chatText: 'Hello, I want help.' },
    inspect: recordWalk,
  });
  const emitted = recordEmitted<HelpEmitted>(actor);
  actor.start();

  const situation = (state: ModelSnapshot): Situation => (state.value as { Session: Situation }).Session;
  const step =
    (act: () => void, expected: (before: ModelSnapshot) => string[]) =>
    async ({ state }: { state: ModelSnapshot }) => {
      emitted.take();
      act();
      await settle();
      expect(words(emitted.take())).toEqual(expected(state));
    };

  const events: Record<ModelEvent['type'], (step: { state: ModelSnapshot }) => Promise<void>> = {
    'help.request': step(
      () => actor.send({ type: 'help.request' }),
      (before) => (before.matches({ Popup: 'Open' }) ? [] : requestEmits[situation(before)]),
    ),
    'help.close': step(() => actor.send({ type: 'help.close' }), () => []),
    ...Object.fromEntries(
      Object.entries(sessionEvents).map(([event, target]) => [
        event,
        step(() => actor.send({ type: 'session.changed', ...sessions[target] }), () => []),
      ]),
    ),
  } as Record<ModelEvent['type'], (step: { state: ModelSnapshot }) => Promise<void>>;

  const states: Record<string, (state: ModelSnapshot) => void> = {
    'Popup.Closed': () => {
      expect(selectIsOffering(actor.getSnapshot())).toBe(false);
      expect(selectLinks(actor.getSnapshot())).toBeNull();
    },
    'Popup.Open': () => {
      expect(selectIsOffering(actor.getSnapshot())).toBe(true);
      expect(selectLinks(actor.getSnapshot())).toEqual(links);
    },
  };
  for (const s of Object.keys(sessions) as Situation[]) {
    states[`Session.${s}`] = () => expect(selectAvailability(actor.getSnapshot())).toBe(availability[s]);
  }
  return { stop: () => actor.stop(), events, states };
}

describe('helpMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // Logged out, then logged in with no appointment, then clinic visits only, then a call booked: help.
      ['help.request', 'session.noAppointments', 'help.request', 'session.clinicVisitsOnly', 'help.request',
        'session.chatBooked', 'help.request', 'help.close'],
      // The links open, then the patient logs out: they close, and Help asks for a login.
      ['session.chatBooked', 'help.request', 'session.loggedOut', 'help.request'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model', () => {
    const declared = modelTransitions(testModel);
    const taken = pathEndings(everyTransition);
    expect(taken).toEqual(declared);
    // Four situations with the popup closed (5 events each) and one with it open (6 events).
    expect(declared.size).toBe(26);
    expect(journeys).toHaveLength(2);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
