import { createActor, fromPromise } from 'xstate';
import type { HelpContacts } from '../../machines/help/helpLinks.js';
import { describe, expect, it } from 'vitest';
import {
  helpMachine,
  selectContactsFailed,
  selectIsLoadingContacts,
  selectIsOpen,
  selectAvailability,
  selectIsOffering,
  selectLinks,
  type HelpEmitted,
  type HelpInput,
} from '../../machines/help/helpMachine.js';
import { answeredByHand, recordEmitted, settle, unanswered } from './accountFakes.js';

const contacts = { chatNumber: '+91 98765 43210', callNumber: '022 2345 6789', email: 'help@clinic.example' };
const chatText = 'Hello, I want help.';
const video = { consultationType: 'Video', appointmentStatus: 'Booked' } as const;
const visit = { consultationType: 'Clinic Visit', appointmentStatus: 'Booked' } as const;

/** The real machine; its contacts call answers `given` at once (the popup's loading: below). */
function startHelp(input: Partial<HelpInput> = {}, given: HelpContacts = contacts) {
  const machine = helpMachine.provide({ actors: { loadContacts: fromPromise(async () => given) } });
  const actor = createActor(machine, { input: { isLoggedIn: true, appointments: [video], chatText, ...input } });
  const emitted = recordEmitted<HelpEmitted>(actor);
  actor.start();
  return { actor, snapshot: () => actor.getSnapshot(), send: (e: Parameters<typeof actor.send>[0]) => actor.send(e), emitted };
}

const links = {
  chat: 'https://wa.me/919876543210?text=Hello%2C%20I%20want%20help.',
  call: 'tel:+912223456789',
  email: 'mailto:help@clinic.example',
};

describe('helpMachine', () => {
  it('offers chat, call and email to a logged-in patient with a chat, video or call appointment', async () => {
    const { snapshot, send, emitted } = startHelp({ appointments: [visit, video] });
    expect(selectIsOffering(snapshot())).toBe(false);
    expect(selectLinks(snapshot())).toBeNull();
    expect(selectAvailability(snapshot())).toBe('available');
    send({ type: 'help.request' });
    await settle();
    expect(selectIsOffering(snapshot())).toBe(true);
    expect(selectLinks(snapshot())).toEqual(links);
    expect(emitted.all).toEqual([]);
    send({ type: 'help.request' });
    expect(emitted.all).toEqual([]);
    send({ type: 'help.close' });
    expect(selectIsOffering(snapshot())).toBe(false);
    expect(selectLinks(snapshot())).toBeNull();
  });

  it.each([
    ["'Please login.' when logged out", { isLoggedIn: false }, 'pleaseLogin', 'loginRequired'],
    ["'You have not booked any appointment' without one", { appointments: [] }, 'noAppointmentBooked', 'noAppointment'],
    [
      "'You have not booked any appointment' when every one was cancelled",
      { appointments: [{ ...video, appointmentStatus: 'Cancelled' as const }] },
      'noAppointmentBooked',
      'noAppointment',
    ],
    ["'Your consultation type is not chat, video or call.' for clinic visits only", { appointments: [visit, visit] }, 'notChatVideoCall', 'clinicVisitOnly'],
  ] as const)('says %s, and offers nothing', (_, input, kind, availability) => {
    const { snapshot, send, emitted } = startHelp(input);
    expect(selectAvailability(snapshot())).toBe(availability);
    send({ type: 'help.request' });
    expect(emitted.all).toEqual([{ type: 'notice', tone: 'error', notice: { kind } }]);
    expect(selectIsOffering(snapshot())).toBe(false);
    expect(selectLinks(snapshot())).toBeNull();
  });

  it('follows the session: help after a login and a booking; the links close at logout', async () => {
    const { snapshot, send, emitted } = startHelp({ isLoggedIn: false, appointments: [] });
    send({ type: 'session.changed', isLoggedIn: true, appointments: [] });
    send({ type: 'help.request' });
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'noAppointmentBooked' } }]);
    send({ type: 'session.changed', isLoggedIn: true, appointments: [video] });
    send({ type: 'help.request' });
    await settle();
    expect(selectIsOffering(snapshot())).toBe(true);
    send({ type: 'session.changed', isLoggedIn: true, appointments: [video, visit] });
    expect(selectIsOffering(snapshot())).toBe(true);
    send({ type: 'session.changed', isLoggedIn: false, appointments: [] });
    expect(selectIsOffering(snapshot())).toBe(false);
    expect(emitted.take()).toEqual([]);
  });

  it('leaves out a link whose configured value cannot make one', async () => {
    const { snapshot, send } = startHelp({}, { chatNumber: 'ask at the desk', callNumber: '022 2345 6789', email: 'help@clinic.example?cc=x@y.z' });
    send({ type: 'help.request' });
    await settle();
    expect(selectLinks(snapshot())).toEqual({ chat: null, call: links.call, email: null });
  });

  it('types in the chat text it is given', async () => {
    const { snapshot, send } = startHelp({ chatText: 'नमस्ते, मुझे मदद चाहिए।' });
    send({ type: 'help.request' });
    await settle();
    const chat = new URL(selectLinks(snapshot())?.chat ?? '');
    expect(chat.searchParams.get('text')).toBe('नमस्ते, मुझे मदद चाहिए।');
  });

  it("loads the clinic's contacts when help first opens, and keeps them for the next time", async () => {
    const loadContacts = answeredByHand<HelpContacts, unknown>();
    const actor = createActor(helpMachine.provide({ actors: { loadContacts: loadContacts.logic } }), {
      input: { isLoggedIn: true, appointments: [video], chatText },
    }).start();
    expect(loadContacts.calls).toHaveLength(0);
    actor.send({ type: 'help.request' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(selectIsLoadingContacts(actor.getSnapshot())).toBe(true);
    expect(selectLinks(actor.getSnapshot())).toBeNull();
    loadContacts.latest().resolve(contacts);
    await settle();
    expect(selectLinks(actor.getSnapshot())).toEqual(links);
    actor.send({ type: 'help.close' });
    actor.send({ type: 'help.request' });
    expect(selectLinks(actor.getSnapshot())).toEqual(links);
    expect(loadContacts.calls).toHaveLength(1);
  });

  it('says when the contacts could not be loaded, and loads them again on retry', async () => {
    const loadContacts = answeredByHand<HelpContacts, unknown>();
    const actor = createActor(helpMachine.provide({ actors: { loadContacts: loadContacts.logic } }), {
      input: { isLoggedIn: true, appointments: [video], chatText },
    }).start();
    actor.send({ type: 'help.request' });
    loadContacts.latest().reject(unanswered);
    await settle();
    expect(selectContactsFailed(actor.getSnapshot())).toBe(true);
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'help.retry' });
    expect(loadContacts.calls).toHaveLength(2);
    loadContacts.latest().resolve(contacts);
    await settle();
    expect(selectLinks(actor.getSnapshot())).toEqual(links);
  });

  it('closes while the contacts load, and drops their answer', async () => {
    const loadContacts = answeredByHand<HelpContacts, unknown>();
    const actor = createActor(helpMachine.provide({ actors: { loadContacts: loadContacts.logic } }), {
      input: { isLoggedIn: true, appointments: [video], chatText },
    }).start();
    actor.send({ type: 'help.request' });
    actor.send({ type: 'help.close' });
    expect(loadContacts.latest().signal.aborted).toBe(true);
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
  });
});
