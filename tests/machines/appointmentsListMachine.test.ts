/** The appointments list the session runs (machines/appointments/appointmentsListMachine.ts), on its own. */
import { createActor, createMachine, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  appointmentsListMachine,
  selectAppointments,
  selectIsLoading,
  selectListStatus,
} from '../../machines/appointments/appointmentsListMachine.js';
import { answeredByHand, refused, settle, unanswered, undecodable } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';

/** The real list with its call answered by hand. */
function startList() {
  const loadAppointments = answeredByHand<AppointmentRecord[], { email: string; token: string }>();
  const machine = appointmentsListMachine.provide({ actors: { loadAppointments: loadAppointments.logic } });
  const actor = createActor(machine, { input: { email: 'asha@example.in', token: 'tok-1' } }).start();
  return { actor, snapshot: () => actor.getSnapshot(), send: actor.send.bind(actor), loadAppointments };
}

async function loaded(records = [appointment()]) {
  const list = startList();
  list.loadAppointments.latest().resolve(records);
  await settle();
  return list;
}

describe('appointmentsListMachine', () => {
  it("loads the user's appointments with the token at once", () => {
    const { snapshot, loadAppointments } = startList();
    expect(loadAppointments.calls).toHaveLength(1);
    expect(loadAppointments.latest().input).toEqual({ email: 'asha@example.in', token: 'tok-1' });
    expect(selectIsLoading(snapshot())).toBe(true);
    expect(selectListStatus(snapshot())).toBe('loading');
    expect(selectAppointments(snapshot())).toEqual([]);
  });

  it('shows the list in the order the server sent it (newest first)', async () => {
    const records = [appointment({ date: '2025-03-12' }), appointment({ date: '2025-03-01', appointmentStatus: 'Expired' })];
    const { snapshot } = await loaded(records);
    expect(selectListStatus(snapshot())).toBe('ready');
    expect(selectIsLoading(snapshot())).toBe(false);
    expect(selectAppointments(snapshot())).toEqual(records);
  });

  it("is 'empty' ('No Appointments Found.') for an empty list", async () => {
    const { snapshot } = await loaded([]);
    expect(selectListStatus(snapshot())).toBe('empty');
  });

  it.each([
    ['no answer', unanswered],
    ['an answer that is not a list', undecodable],
    ['a refusal', refused(403, 'These are not your appointments.')],
  ])('fails quietly on %s, and loads again on retry', async (_, failure) => {
    const list = startList();
    list.loadAppointments.latest().reject(failure);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('failed');
    list.send({ type: 'appointments.retry' });
    expect(list.loadAppointments.calls).toHaveLength(2);
    expect(selectListStatus(list.snapshot())).toBe('loading');
    list.loadAppointments.latest().resolve([]);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('empty');
  });

  it('fails on a 401 as on any refusal, telling its parent nothing (the request base ends the session)', async () => {
    const loadAppointments = answeredByHand<AppointmentRecord[], { email: string; token: string }>();
    const heard: string[] = [];
    const parent = createMachine({
      invoke: {
        src: appointmentsListMachine.provide({ actors: { loadAppointments: loadAppointments.logic } }),
        input: { email: 'asha@example.in', token: 'tok-1' },
      },
      on: { 'session.expired': { actions: () => heard.push('session.expired') } },
    });
    const host = createActor(parent).start();
    loadAppointments.latest().reject(refused(401, 'Please log in again.'));
    await settle();
    expect(heard).toEqual([]);
    const list = Object.values(host.getSnapshot().children)[0] as ActorRefFrom<typeof appointmentsListMachine>;
    expect(selectListStatus(list.getSnapshot())).toBe('failed');
  });

  it('refreshes, keeping the list shown until the new one arrives', async () => {
    const first = [appointment()];
    const list = await loaded(first);
    list.send({ type: 'appointments.refresh' });
    expect(list.loadAppointments.calls).toHaveLength(2);
    expect(selectIsLoading(list.snapshot())).toBe(true);
    expect(selectListStatus(list.snapshot())).toBe('ready');
    expect(selectAppointments(list.snapshot())).toEqual(first);
    const second = [{ ...first[0]!, appointmentStatus: 'Cancelled' as const }];
    list.loadAppointments.latest().resolve(second);
    await settle();
    expect(selectAppointments(list.snapshot())).toEqual(second);
  });

  it('starts over when a refresh comes while loading: the older answer is dropped', async () => {
    const list = startList();
    const older = list.loadAppointments.latest();
    list.send({ type: 'appointments.refresh' });
    expect(older.signal.aborted).toBe(true);
    expect(list.loadAppointments.calls).toHaveLength(2);
    older.resolve([appointment()]);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('loading');
    list.loadAppointments.latest().resolve([]);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('empty');
  });

  it('keeps the last list when a refresh fails', async () => {
    const first = [appointment()];
    const list = await loaded(first);
    list.send({ type: 'appointments.refresh' });
    list.loadAppointments.latest().reject(unanswered);
    await settle();
    expect(selectListStatus(list.snapshot())).toBe('failed');
    expect(selectAppointments(list.snapshot())).toEqual(first);
  });

  it('ignores a retry unless the list failed', async () => {
    const list = await loaded();
    list.send({ type: 'appointments.retry' });
    expect(list.loadAppointments.calls).toHaveLength(1);
  });
});
