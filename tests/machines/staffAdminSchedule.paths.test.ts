/**
 * Model-based paths for a doctor's hours and leave with the ORPHAN RULE. The model is the
 * screen as an admin goes through it: the schedule loads (or fails and is retried); rows of the
 * week are added, changed and removed; Save and Add leave are answered by the server with success,
 * a 400 naming a field, a 401, or the 409 naming two booked appointments that would lose their
 * slot; each of those is then moved or cancelled (its own popup reports back), the list dismissed,
 * or the change saved again.
 *
 * Along every path the REAL schedule machine runs with fake calls: each step must emit what the
 * admin should read, each state must show what the model says (the rows as typed, the affected
 * appointments still in the way), a refused change must leave the shown schedule and the typed
 * rows untouched, and no call may be made that the step did not expect.
 */
import { setup, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { DoctorSchedule, HoursEntry, LeaveEntry } from '../../contract/staffAdmin.js';
import type { ScheduleEmitted } from '../../machines/staffAdmin/doctorScheduleEvents.js';
import {
  selectConflict,
  selectFieldErrors,
  selectIsBusy,
  selectLeaveDraft,
  selectRows,
  selectSchedule,
  selectStatus,
} from '../../machines/staffAdmin/doctorScheduleSelectors.js';
import { refusedPlainly, settle, unanswered } from './accountFakes.js';
import { pathsTakingEveryTransition, testPaths, modelTransitions, pathEndings } from './modelPaths.js';
import { andheri, hour, invalid, leaveEntry, orphanRefusal, orphans, schedule, startSchedule, type Schedule } from './staffAdminFakes.js';

const emits = {
  'load.ok': [],
  'load.failed': ['server: The server is down.'],
  'load.expired': ['loadFailed'],
  retry: [],
  'row.add': [],
  'row.change': [],
  'row.remove': [],
  'hours.save.ok': ['server: Hours saved.'],
  'hours.save.invalid': ['server: Please check the fields.'],
  'hours.save.orphan': ['server: These booked appointments would lose their slot. Move or cancel them first.'],
  'hours.save.expired': ['saveFailed'],
  'hours.save.unanswered': ['saveFailed'],
  'leave.typed': [],
  'leave.add.ok': ['server: Leave added.'],
  'leave.add.orphan': ['server: These booked appointments would lose their slot. Move or cancel them first.'],
  'leave.remove.ok': ['server: Leave removed.'],
  'leave.add.expired': ['saveFailed'],
  'leave.add.invalid': ['server: Please check the fields.'],
  'leave.add.unanswered': ['saveFailed'],
  'leave.remove.expired': ['saveFailed'],
  'leave.remove.invalid': ['server: Please check the fields.'],
  'leave.remove.unanswered': ['saveFailed'],
  'affected.handled': [],
  'handled.none': [],
  'location.reselect': [],
  'conflict.dismiss': [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = setup({ types: {} as { events: ModelEvent } }).createMachine({
  id: 'scheduleModel',
  initial: 'Loading',
  states: {
    Loading: { on: { 'load.ok': 'Editing', 'load.failed': 'Failed', 'load.expired': 'Failed' } },
    Failed: { on: { retry: 'Editing' } },
    Editing: {
      on: {
        'row.add': 'Editing',
        'row.change': 'Editing',
        'row.remove': 'Editing',
        'leave.typed': 'Editing',
        'hours.save.ok': 'Editing',
        'hours.save.invalid': 'Editing',
        'hours.save.expired': 'Editing',
        'hours.save.unanswered': 'Editing',
        'hours.save.orphan': 'ConflictTwo',
        'leave.add.orphan': 'ConflictTwo',
        'leave.add.ok': 'Editing',
        'leave.remove.ok': 'Editing',
        'leave.add.expired': 'Editing',
        'leave.add.invalid': 'Editing',
        'leave.add.unanswered': 'Editing',
        'leave.remove.expired': 'Editing',
        'leave.remove.invalid': 'Editing',
        'leave.remove.unanswered': 'Editing',
        // A booking handled elsewhere while no refusal lists any: nothing changes.
        'handled.none': 'Editing',
        // The location chosen again: the rows go back to its saved week.
        'location.reselect': 'Editing',
      },
    },
    /** Both affected appointments still hold their slot. */
    ConflictTwo: {
      on: {
        'affected.handled': 'ConflictOne',
        'conflict.dismiss': 'Editing',
        'row.change': 'ConflictTwo',
        'row.add': 'ConflictTwo',
        'row.remove': 'ConflictTwo',
        'location.reselect': 'ConflictTwo',
        'leave.remove.ok': 'Editing',
        'hours.save.orphan': 'ConflictTwo',
      },
    },
    ConflictOne: { on: { 'affected.handled': 'ConflictNone', 'conflict.dismiss': 'Editing', 'hours.save.orphan': 'ConflictTwo' } },
    /** Every affected appointment was moved or cancelled: saving again goes through. */
    ConflictNone: { on: { 'hours.save.ok': 'Editing', 'leave.add.ok': 'Editing', 'conflict.dismiss': 'Editing' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

type Row = { weekday: string; start: string; end: string };
/** The leave refusal naming a field (a 400). */
const leaveError = { field: 'leave.to', message: 'must not be before the start' };
const rowOf = (h: HoursEntry): Row => ({ weekday: String(h.weekday), start: h.start, end: h.end });

function words(events: readonly ScheduleEmitted[]): string[] {
  return events.map((e) => (e.type === 'notice' ? (e.notice.kind === 'server' ? `server: ${e.notice.text}` : e.notice.kind) : e.type));
}

function harness() {
  const s: Schedule = startSchedule();
  /** What the server holds, and what the screen should show. */
  // Leave already planned, enough for every removal along a path.
  let server: DoctorSchedule = schedule(undefined, [1, 2, 3, 4, 5, 6].map((d) => leaveEntry(`2025-04-0${d}`, `2025-04-0${d}`, 'Planned')));
  let shown: DoctorSchedule | null = null;
  let rows: Row[] = [];
  let leaveTyped = { from: '', to: '', reason: '' };
  let conflictLeft = 0;
  const expectedCalls = { loadSchedule: 1, replaceHours: 0, addLeave: 0, removeLeave: 0 };
  let leaveDay = 20;

  const atAndheri = (hours: readonly HoursEntry[]) => hours.filter((h) => h.locationId === andheri._id).map(rowOf);
  const answer = (text: string) => ({ message: text, schedule: server });

  const step =
    (type: ModelEvent['type'], act: () => void) =>
    async () => {
      s.emitted.take();
      act();
      await settle();
      expect(words(s.emitted.take()), type).toEqual(emits[type]);
    };
  /** Save the week: the call carries the rows as typed; `answer` says what the server did. */
  const saveHours = (settleCall: (call: ReturnType<Schedule['calls']['replaceHours']['latest']>) => void) => () => {
    s.send({ type: 'hours.save' });
    expectedCalls.replaceHours += 1;
    const call = s.calls.replaceHours.latest();
    expect(call.input).toEqual({
      doctorId: server.doctor._id,
      locationId: andheri._id,
      hours: rows.map((r) => ({ weekday: Number(r.weekday), start: r.start, end: r.end })),
      token: 'tok-admin',
    });
    expect(selectIsBusy(s.snapshot())).toBe(true);
    settleCall(call);
  };
  const addLeave = (settleCall: (call: ReturnType<Schedule['calls']['addLeave']['latest']>) => void) => () => {
    if (leaveTyped.from === '') {
      leaveDay += 1;
      leaveTyped = { from: `2025-03-${leaveDay}`, to: `2025-03-${leaveDay}`, reason: 'Conference' };
      s.send({ type: 'leave.change', field: 'from', value: leaveTyped.from });
      s.send({ type: 'leave.change', field: 'to', value: leaveTyped.to });
      s.send({ type: 'leave.change', field: 'reason', value: leaveTyped.reason });
    }
    s.send({ type: 'leave.add' });
    expectedCalls.addLeave += 1;
    const call = s.calls.addLeave.latest();
    expect(call.input).toEqual({ doctorId: server.doctor._id, leave: leaveTyped, token: 'tok-admin' });
    settleCall(call);
  };

  /** Remove the first leave; `settleCall` answers with a refusal (the leave stays). */
  const removeLeave = (settleCall: (call: ReturnType<Schedule['calls']['removeLeave']['latest']>) => void) => () => {
    const first = server.leave[0];
    if (!first) throw new Error('no leave to remove');
    s.send({ type: 'leave.remove', leaveId: first._id });
    expectedCalls.removeLeave += 1;
    expect(s.calls.removeLeave.latest().input).toEqual({ doctorId: server.doctor._id, leaveId: first._id, token: 'tok-admin' });
    settleCall(s.calls.removeLeave.latest());
  };

  return {
    stop: () => s.actor.stop(),
    events: {
      'load.ok': step('load.ok', () => {
        s.calls.loadSchedule.latest().resolve(server);
        shown = server;
        rows = atAndheri(server.hours);
      }),
      'load.failed': step('load.failed', () => s.calls.loadSchedule.latest().reject({ _tag: 'HttpFailure', status: 503, message: 'The server is down.' })),
      retry: step('retry', () => {
        s.send({ type: 'schedule.retry' });
        expectedCalls.loadSchedule += 1;
        s.calls.loadSchedule.latest().resolve(server);
        shown = server;
        rows = atAndheri(server.hours);
      }),
      'row.add': step('row.add', () => {
        const last = rows.at(-1);
        rows = [...rows, { weekday: last ? String((Number(last.weekday) + 1) % 7) : '1', start: last?.start ?? '09:00', end: last?.end ?? '13:00' }];
        s.send({ type: 'hours.row.add' });
      }),
      'row.change': step('row.change', () => {
        const key = selectRows(s.snapshot()).at(-1)?.key;
        if (key === undefined) {
          rows = [{ weekday: '1', start: '09:00', end: '13:00' }];
          s.send({ type: 'hours.row.add' });
          return;
        }
        const end = rows.at(-1)?.end === '12:00' ? '12:30' : '12:00';
        rows = rows.map((r, i) => (i === rows.length - 1 ? { ...r, end } : r));
        s.send({ type: 'hours.row.change', key, field: 'end', value: end });
      }),
      'row.remove': step('row.remove', () => {
        const key = selectRows(s.snapshot())[0]?.key;
        if (key === undefined) return;
        rows = rows.slice(1);
        s.send({ type: 'hours.row.remove', key });
      }),
      'leave.typed': step('leave.typed', () => {
        leaveTyped = { ...leaveTyped, reason: leaveTyped.reason === 'Family' ? 'Travel' : 'Family' };
        s.send({ type: 'leave.change', field: 'reason', value: leaveTyped.reason });
      }),
      'hours.save.ok': step(
        'hours.save.ok',
        saveHours((call) => {
          server = {
            ...server,
            hours: [
              ...server.hours.filter((h) => h.locationId !== andheri._id),
              ...call.input.hours.map((h) => hour(andheri, h.weekday, h.start, h.end)),
            ],
          };
          shown = server;
          rows = atAndheri(server.hours);
          conflictLeft = 0;
          call.resolve(answer('Hours saved.'));
        }),
      ),
      'hours.save.invalid': step(
        'hours.save.invalid',
        saveHours((call) => call.reject(invalid([{ field: 'hours.0.end', message: 'must be after the start' }]))),
      ),
      'hours.save.orphan': step(
        'hours.save.orphan',
        saveHours((call) => {
          conflictLeft = 2;
          call.reject(orphanRefusal());
        }),
      ),
      'hours.save.expired': step('hours.save.expired', saveHours((call) => call.reject(refusedPlainly(401)))),
      'hours.save.unanswered': step('hours.save.unanswered', saveHours((call) => call.reject(unanswered))),
      'leave.add.ok': step(
        'leave.add.ok',
        addLeave((call) => {
          const added: LeaveEntry = leaveEntry(call.input.leave.from, call.input.leave.to, call.input.leave.reason);
          server = { ...server, leave: [...server.leave, added] };
          shown = server;
          rows = atAndheri(server.hours);
          leaveTyped = { from: '', to: '', reason: '' };
          conflictLeft = 0;
          call.resolve(answer('Leave added.'));
        }),
      ),
      'leave.add.orphan': step(
        'leave.add.orphan',
        addLeave((call) => {
          conflictLeft = 2;
          call.reject(orphanRefusal());
        }),
      ),
      'leave.remove.ok': step('leave.remove.ok', () => {
        const first = server.leave[0];
        if (!first) throw new Error('the path removed more leave than was planned');
        s.send({ type: 'leave.remove', leaveId: first._id });
        expectedCalls.removeLeave += 1;
        expect(s.calls.removeLeave.latest().input).toEqual({ doctorId: server.doctor._id, leaveId: first._id, token: 'tok-admin' });
        server = { ...server, leave: server.leave.slice(1) };
        shown = server;
        rows = atAndheri(server.hours);
        s.calls.removeLeave.latest().resolve(answer('Leave removed.'));
      }),
      'load.expired': step('load.expired', () => s.calls.loadSchedule.latest().reject(refusedPlainly(401))),
      'leave.add.expired': step('leave.add.expired', addLeave((call) => call.reject(refusedPlainly(401)))),
      'leave.add.invalid': step('leave.add.invalid', addLeave((call) => call.reject(invalid([leaveError])))),
      'leave.add.unanswered': step('leave.add.unanswered', addLeave((call) => call.reject(unanswered))),
      'leave.remove.expired': step('leave.remove.expired', removeLeave((call) => call.reject(refusedPlainly(401)))),
      'leave.remove.invalid': step('leave.remove.invalid', removeLeave((call) => call.reject(invalid([leaveError])))),
      'leave.remove.unanswered': step('leave.remove.unanswered', removeLeave((call) => call.reject(unanswered))),
      'location.reselect': step('location.reselect', () => {
        rows = atAndheri(shown?.hours ?? []);
        s.send({ type: 'hours.location.selected', locationId: andheri._id });
      }),
      'handled.none': step('handled.none', () => s.send({ type: 'conflict.handled', appointmentId: 'someone-else' })),
      'affected.handled': step('affected.handled', () => {
        const still = selectConflict(s.snapshot())?.affected ?? [];
        const first = still[0];
        expect(first).toBeDefined();
        conflictLeft -= 1;
        s.send({ type: 'conflict.handled', appointmentId: first?._id ?? '' });
      }),
      'conflict.dismiss': step('conflict.dismiss', () => {
        conflictLeft = 0;
        s.send({ type: 'conflict.dismiss' });
      }),
    },
    states: {
      Loading: () => expect(selectStatus(s.snapshot())).toBe('loading'),
      Failed: () => expect(selectStatus(s.snapshot())).toBe('failed'),
      Editing: (state: ModelSnapshot) => common(state),
      ConflictTwo: (state: ModelSnapshot) => common(state),
      ConflictOne: (state: ModelSnapshot) => common(state),
      ConflictNone: (state: ModelSnapshot) => common(state),
    },
  };

  function common(state: ModelSnapshot) {
    const snap = s.snapshot();
    expect(selectStatus(snap)).toBe('ready');
    expect(selectIsBusy(snap)).toBe(false);
    // What was typed stays, through every refusal; the shown schedule is what the server holds.
    expect(selectRows(snap).map(({ weekday, start, end }) => ({ weekday, start, end }))).toEqual(rows);
    expect(selectSchedule(snap)).toBe(shown);
    expect(selectLeaveDraft(snap)).toEqual(leaveTyped);
    const conflict = selectConflict(snap);
    if (state.matches('Editing')) expect(conflict).toBeNull();
    else {
      expect(conflict?.affected.map((a) => a._id)).toEqual(orphans.slice(2 - conflictLeft).map((a) => a._id));
    }
    for (const [name, count] of Object.entries(expectedCalls)) {
      expect(s.calls[name as keyof typeof expectedCalls].calls, name).toHaveLength(count);
    }
    // Only what the server named, as it said it (the hours' and the leave's refusals).
    for (const [field, message] of Object.entries(selectFieldErrors(snap))) {
      expect([`hours.0.end: must be after the start`, `${leaveError.field}: ${leaveError.message}`]).toContain(`${field}: ${message}`);
    }
  }
}

describe('doctor schedule paths (hours, leave, the orphan branch)', () => {
  const testModel = createTestModel(model, { filterEvents: (state, event) => state.can(event) });
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // Hours that would orphan two bookings: both handled, saved again.
      ['load.ok', 'row.change', 'hours.save.orphan', 'affected.handled', 'affected.handled', 'hours.save.ok'],
      // Leave that would orphan: dismissed, typed again, a field refused, then added and removed.
      ['load.failed', 'retry', 'leave.add.orphan', 'conflict.dismiss', 'hours.save.invalid', 'row.remove', 'leave.add.ok', 'leave.remove.ok'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and every step kind', () => {
    const declared = modelTransitions(testModel);
    const taken = pathEndings(everyTransition);
    expect(taken).toEqual(declared);
    expect(declared.size).toBe(38);
    const events = new Set(everyTransition.flatMap((p) => p.steps.map((step) => step.event.type)));
    for (const type of Object.keys(emits)) expect(events, type).toContain(type);
    expect(journeys).toHaveLength(2);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
