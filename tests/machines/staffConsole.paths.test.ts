/**
 * Model-based paths for the staff console's access check and audit log. Along every path the
 * REAL machine runs with its calls answered by hand (as the app provides the real ones); each step
 * must emit what the app acts on and each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { auditLogMachine, selectEntries, selectFailure as selectAuditFailure, selectHasMore, selectIsLoadingMore, selectLogStatus } from '../../machines/staffConsole/auditLogMachine.js';
import { selectAccess, selectIsChecking, selectMe, selectRefusal, staffAccessMachine } from '../../machines/staffConsole/staffAccessMachine.js';
import { refused, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';
import { adminMe, auditEntry, doctorMe, receptionMe, startAccess, startAudit } from './staffConsoleFakes.js';

describe('staffAccessMachine paths', () => {
  const emits = {
    admin: [],
    doctor: [],
    reception: [],
    forbidden: [],
    expired: [],
    unanswered: [],
    retry: [],
  } as const satisfies Record<string, readonly string[]>;

  const model = createMachine({
    id: 'staffAccessModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Checking',
    states: {
      Checking: { on: { admin: 'Admin', doctor: 'Doctor', reception: 'Reception', forbidden: 'NotStaff', expired: 'Failed', unanswered: 'Failed' } },
      Admin: { type: 'final' },
      Doctor: { type: 'final' },
      Reception: { type: 'final' },
      NotStaff: { type: 'final' },
      Failed: { on: { retry: 'Checking' } },
    },
  });

  function harness() {
    const access = startAccess('tok-staff');
    const step = stepper(access.emitted.take, emits);
    const answer = (settleIt: (call: ReturnType<typeof access.calls.fetchStaffMe.latest>) => void) => () => {
      const call = access.calls.fetchStaffMe.latest();
      expect(call.input).toEqual({ token: 'tok-staff' });
      settleIt(call);
    };
    let asked = 1;
    const shows = (what: ReturnType<typeof selectAccess>) => () => {
      expect(selectAccess(access.snapshot())).toBe(what);
      expect(selectIsChecking(access.snapshot())).toBe(what === 'checking');
      expect(access.calls.fetchStaffMe.calls).toHaveLength(asked);
    };
    return {
      stop: () => access.actor.stop(),
      events: {
        admin: step('admin', answer((c) => c.resolve(adminMe))),
        doctor: step('doctor', answer((c) => c.resolve(doctorMe))),
        reception: step('reception', answer((c) => c.resolve(receptionMe))),
        forbidden: step('forbidden', answer((c) => c.reject(refused(403, 'This is for clinic staff only.')))),
        expired: step('expired', answer((c) => c.reject(refused(401, 'Please log in again.')))),
        unanswered: step('unanswered', answer((c) => c.reject(unanswered))),
        retry: step('retry', () => {
          access.send({ type: 'access.retry' });
          asked += 1;
        }),
      },
      states: {
        Checking: shows('checking'),
        Admin: () => {
          shows('admin')();
          expect(selectMe(access.snapshot())).toEqual(adminMe);
        },
        Doctor: () => {
          shows('doctor')();
          expect(selectMe(access.snapshot())).toEqual(doctorMe);
        },
        Reception: () => {
          shows('reception')();
          expect(selectMe(access.snapshot())).toEqual(receptionMe);
        },
        NotStaff: () => {
          shows('notStaff')();
          expect(selectRefusal(access.snapshot())).toBe('This is for clinic staff only.');
        },
        Failed: () => {
          shows('failed')();
          expect(selectMe(access.snapshot())).toBeNull();
        },
      } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }

  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['unanswered', 'retry', 'expired', 'retry', 'doctor'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(7);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(staffAccessMachine);
});

describe('auditLogMachine paths', () => {
  const PAGE = 2;
  const emits = {
    'load.full': [],
    'load.short': [],
    'load.refused': [],
    'load.expired': [],
    more: [],
    'more.ignored': [],
    refresh: [],
    'older.full': [],
    'older.short': [],
    'older.failed': ['server: The log is resting.'],
    'older.expired': ['server: Please log in again.'],
    retry: [],
  } as const satisfies Record<string, readonly string[]>;

  // Full: the last page was full, so "Older entries" is offered; Last: it was not.
  const model = createMachine({
    id: 'auditLogModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Loading',
    states: {
      Loading: { on: { 'load.full': 'Full', 'load.short': 'Last', 'load.refused': 'Failed', 'load.expired': 'Failed' } },
      Full: { on: { more: 'LoadingMore', refresh: 'Loading' } },
      Last: { on: { 'more.ignored': 'Last', refresh: 'Loading' } },
      LoadingMore: { on: { 'older.full': 'Full', 'older.short': 'Last', 'older.failed': 'Full', 'older.expired': 'Full' } },
      Failed: { on: { retry: 'Loading' } },
    },
  });

  function harness() {
    const log = startAudit(PAGE);
    const step = stepper(log.emitted.take, emits);
    let next = 100;
    const page = (n: number) => Array.from({ length: n }, () => auditEntry((next -= 1)));
    let shown: string[] = [];
    let loaded = false; // a first page has arrived
    let calls = 1;
    const call = () => log.calls.loadAudit.latest();
    const first = (n: number) => () => {
      expect(call().input).toEqual({ limit: PAGE, before: null, token: 'tok-admin' });
      const entries = page(n);
      shown = entries.map((e) => e.id);
      loaded = true;
      call().resolve(entries);
    };
    const older = (n: number) => () => {
      expect(call().input).toEqual({ limit: PAGE, before: shown.at(-1) ?? null, token: 'tok-admin' });
      const entries = page(n);
      shown = [...shown, ...entries.map((e) => e.id)];
      call().resolve(entries);
    };
    const ask = (type: 'audit.more' | 'audit.refresh' | 'audit.retry', counts = true) => () => {
      log.send({ type });
      if (counts) calls += 1;
    };
    const ready = (hasMore: boolean) => () => {
      const s = log.snapshot();
      expect(selectLogStatus(s)).toBe(shown.length === 0 ? 'empty' : 'ready');
      expect(selectEntries(s).map((e) => e.id)).toEqual(shown);
      expect(selectHasMore(s)).toBe(hasMore);
      expect(selectIsLoadingMore(s)).toBe(false);
      expect(log.calls.loadAudit.calls).toHaveLength(calls);
    };
    return {
      stop: () => log.actor.stop(),
      events: {
        'load.full': step('load.full', first(PAGE)),
        'load.short': step('load.short', first(0)),
        'load.refused': step('load.refused', () => call().reject(refused(403, 'Admins only.'))),
        'load.expired': step('load.expired', () => call().reject(refused(401, 'Please log in again.'))),
        more: step('more', ask('audit.more')),
        'more.ignored': step('more.ignored', ask('audit.more', false)),
        refresh: step('refresh', ask('audit.refresh')),
        'older.full': step('older.full', older(PAGE)),
        'older.short': step('older.short', older(1)),
        'older.failed': step('older.failed', () => call().reject(refused(503, 'The log is resting.'))),
        'older.expired': step('older.expired', () => call().reject(refused(401, 'Please log in again.'))),
        retry: step('retry', ask('audit.retry')),
      },
      states: {
        Loading: () => {
          expect(log.calls.loadAudit.calls).toHaveLength(calls);
          // A refresh keeps what is shown until the answer.
          expect(selectEntries(log.snapshot()).map((e) => e.id)).toEqual(shown);
          expect(selectLogStatus(log.snapshot())).toBe(!loaded ? 'loading' : shown.length === 0 ? 'empty' : 'ready');
        },
        Full: ready(true),
        Last: ready(false),
        LoadingMore: () => {
          expect(selectIsLoadingMore(log.snapshot())).toBe(true);
          expect(log.calls.loadAudit.calls).toHaveLength(calls);
        },
        Failed: () => {
          expect(selectLogStatus(log.snapshot())).toBe('failed');
          expect(selectAuditFailure(log.snapshot())).toMatch(/^(Admins only\.|Please log in again\.)$/);
        },
      } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }

  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['load.full', 'more', 'older.failed', 'more', 'older.full', 'more', 'older.short', 'refresh', 'load.short'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(13);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(auditLogMachine);
});
