import { describe, expect, it } from 'vitest';
import { auditChanges } from '../../machines/staffConsole/auditDetails.js';
import {
  selectEntries,
  selectHasMore,
  selectIsLoadingMore,
  selectLogStatus,
  selectFailure as selectAuditFailure,
} from '../../machines/staffConsole/auditLogMachine.js';
import { addDays } from '../../contract/clinicTime.js';
import { rangeOf, upcomingDays } from '../../machines/staffConsole/ranges.js';
import { selectAccess, selectMe, selectRefusal } from '../../machines/staffConsole/staffAccessMachine.js';
import {
  selectAppointments,
  selectFailure,
  selectFilter,
  selectFilterDoctors,
  selectFilterLocations,
  selectFiltersStatus,
  selectIsLoading,
  selectListStatus,
} from '../../machines/staffConsole/staffAppointmentsMachine.js';
import { noticeWords, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';
import {
  adminDoctor,
  adminMe,
  auditEntry,
  doctorMe,
  startAccess,
  startAudit,
  startStaffList,
  staffAppointment,
  today,
} from './staffConsoleFakes.js';

describe('staffAccessMachine', () => {
  it('asks GET /staff/me with the token and opens the console by role', async () => {
    for (const [me, role] of [
      [doctorMe, 'doctor'],
      [adminMe, 'admin'],
    ] as const) {
      const { snapshot, calls } = startAccess('tok-9');
      expect(selectAccess(snapshot())).toBe('checking');
      expect(calls.fetchStaffMe.latest().input).toEqual({ token: 'tok-9' });
      calls.fetchStaffMe.latest().resolve(me);
      await settle();
      expect(selectAccess(snapshot())).toBe(role);
      expect(selectMe(snapshot())).toEqual(me);
    }
  });

  it("keeps the server's words when it refuses a patient, and has nothing to retry", async () => {
    const { snapshot, calls } = startAccess();
    calls.fetchStaffMe.latest().reject(refused(403, 'This is for clinic staff only.'));
    await settle();
    expect(selectAccess(snapshot())).toBe('notStaff');
    expect(selectRefusal(snapshot())).toBe('This is for clinic staff only.');
    // Final: asking again would get the same answer (the role changes only by an admin's hand).
    expect(snapshot().status).toBe('done');
    expect(calls.fetchStaffMe.calls).toHaveLength(1);
  });

  it('a refusal without words leaves the wording to the view', async () => {
    const { snapshot, calls } = startAccess();
    calls.fetchStaffMe.latest().reject(refusedPlainly(403));
    await settle();
    expect(selectAccess(snapshot())).toBe('notStaff');
    expect(selectRefusal(snapshot())).toBeNull();
  });

  it('no answer (or an answer the contract does not know) fails with a retry', async () => {
    const { snapshot, send, calls, emitted } = startAccess();
    calls.fetchStaffMe.latest().reject(unanswered);
    await settle();
    expect(selectAccess(snapshot())).toBe('failed');
    send({ type: 'access.retry' });
    expect(selectAccess(snapshot())).toBe('checking');
    calls.fetchStaffMe.latest().reject(undecodable);
    await settle();
    expect(selectAccess(snapshot())).toBe('failed');
    send({ type: 'access.retry' });
    calls.fetchStaffMe.latest().resolve(doctorMe);
    await settle();
    expect(selectAccess(snapshot())).toBe('doctor');
    expect(emitted.all).toEqual([]);
  });

  it('a 401 fails as no answer does, telling nothing itself (the request base ends the session)', async () => {
    const { snapshot, calls, emitted } = startAccess();
    calls.fetchStaffMe.latest().reject(refusedPlainly(401));
    await settle();
    expect(emitted.all).toEqual([]);
    expect(selectAccess(snapshot())).toBe('failed');
  });
});

describe('ranges', () => {
  it('today is one day; upcoming the days after it, across month and year ends', () => {
    expect(rangeOf('today', '2025-03-10')).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(rangeOf('upcoming', '2025-12-31')).toEqual({ from: '2026-01-01', to: addDays('2025-12-31', upcomingDays) });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    // Within the server's longest range (62 days, both ends included).
    expect(upcomingDays).toBeLessThanOrEqual(61);
  });
});

describe('staffAppointmentsMachine', () => {
  it('lists the range by date and time, with no filters for a doctor', async () => {
    const { snapshot, calls } = startStaffList({ filter: { from: today, to: '2025-03-12' } });
    expect(selectListStatus(snapshot())).toBe('loading');
    expect(selectFiltersStatus(snapshot())).toBe('none');
    expect(calls.loadFilterDoctors.calls).toHaveLength(0);
    expect(calls.loadAppointments.latest().input).toEqual({ filter: { from: today, to: '2025-03-12' }, token: 'tok-staff' });
    const late = staffAppointment({ date: '2025-03-11', startTime: '09:00' });
    const early = staffAppointment({ date: today, startTime: '16:30' });
    const first = staffAppointment({ date: today, startTime: '10:15' });
    calls.loadAppointments.latest().resolve([late, early, first]);
    await settle();
    expect(selectListStatus(snapshot())).toBe('ready');
    expect(selectAppointments(snapshot()).map((a) => a._id)).toEqual([first._id, early._id, late._id]);
  });

  it("says empty, and on failure keeps the server's words with a retry", async () => {
    const { snapshot, send, calls } = startStaffList();
    calls.loadAppointments.latest().resolve([]);
    await settle();
    expect(selectListStatus(snapshot())).toBe('empty');
    send({ type: 'appointments.refresh' });
    expect(selectIsLoading(snapshot())).toBe(true);
    expect(selectListStatus(snapshot())).toBe('empty');
    calls.loadAppointments.latest().reject(refused(400, 'The range is at most 62 days.'));
    await settle();
    expect(selectListStatus(snapshot())).toBe('failed');
    expect(selectFailure(snapshot())).toBe('The range is at most 62 days.');
    send({ type: 'appointments.retry' });
    calls.loadAppointments.latest().reject(unanswered);
    await settle();
    expect(selectFailure(snapshot())).toBeNull();
  });

  it('a refresh while loading starts over: the older answer is dropped', async () => {
    const { snapshot, send, calls } = startStaffList();
    const older = calls.loadAppointments.latest();
    send({ type: 'appointments.refresh' });
    expect(older.signal.aborted).toBe(true);
    const fresh = staffAppointment();
    calls.loadAppointments.latest().resolve([fresh]);
    await settle();
    older.resolve([staffAppointment()]);
    await settle();
    expect(selectAppointments(snapshot())).toEqual([fresh]);
  });

  it("loads an admin's doctors and locations, and a filter change loads the list again", async () => {
    const { snapshot, send, calls } = startStaffList({ withFilters: true });
    expect(selectFiltersStatus(snapshot())).toBe('loading');
    const andheri = { _id: 'loc-a', name: 'Andheri West' };
    const bandra = { _id: 'loc-b', name: 'Bandra' };
    const anita = adminDoctor('Dr Anita Rao', [andheri, bandra]);
    const vikram = adminDoctor('Dr Vikram Shah', [bandra]);
    calls.loadFilterDoctors.latest().resolve([anita, vikram]);
    calls.loadAppointments.latest().resolve([]);
    await settle();
    expect(selectFiltersStatus(snapshot())).toBe('ready');
    expect(selectFilterDoctors(snapshot())).toEqual([anita, vikram]);
    expect(selectFilterLocations(snapshot())).toEqual([andheri, bandra]);

    send({ type: 'filter.changed', doctorId: vikram._id, locationId: 'loc-b' });
    expect(selectFilter(snapshot())).toEqual({ from: today, to: today, doctorId: vikram._id, locationId: 'loc-b' });
    expect(calls.loadAppointments.latest().input.filter).toEqual({ from: today, to: today, doctorId: vikram._id, locationId: 'loc-b' });
    expect(calls.loadAppointments.calls).toHaveLength(2);
  });

  it('filters that cannot load leave the list unfiltered; a 401 fails the list (the request base ends the session)', async () => {
    const { snapshot, calls, emitted } = startStaffList({ withFilters: true });
    calls.loadFilterDoctors.latest().reject(unanswered);
    calls.loadAppointments.latest().reject(refusedPlainly(401));
    await settle();
    expect(selectFiltersStatus(snapshot())).toBe('unavailable');
    expect(selectListStatus(snapshot())).toBe('failed');
    expect(emitted.all).toEqual([]);
  });
});

describe('auditLogMachine', () => {
  it('pages back with `before` the last entry shown, until a page is short', async () => {
    const { snapshot, send, calls } = startAudit(2);
    expect(calls.loadAudit.latest().input).toEqual({ limit: 2, before: null, token: 'tok-admin' });
    calls.loadAudit.latest().resolve([auditEntry(9), auditEntry(8)]);
    await settle();
    expect(selectLogStatus(snapshot())).toBe('ready');
    expect(selectHasMore(snapshot())).toBe(true);
    send({ type: 'audit.more' });
    expect(selectIsLoadingMore(snapshot())).toBe(true);
    expect(calls.loadAudit.latest().input).toEqual({ limit: 2, before: '8', token: 'tok-admin' });
    // An entry seen on the page before is not listed twice.
    calls.loadAudit.latest().resolve([auditEntry(8), auditEntry(5)]);
    await settle();
    expect(selectEntries(snapshot()).map((e) => e.id)).toEqual(['9', '8', '5']);
    expect(selectHasMore(snapshot())).toBe(true);
    send({ type: 'audit.more' });
    calls.loadAudit.latest().resolve([auditEntry(2)]);
    await settle();
    expect(selectHasMore(snapshot())).toBe(false);
    send({ type: 'audit.more' });
    expect(calls.loadAudit.calls).toHaveLength(3);
  });

  it('an older page that fails keeps the entries and says so', async () => {
    const { snapshot, send, calls, emitted } = startAudit(1);
    calls.loadAudit.latest().resolve([auditEntry(3)]);
    await settle();
    send({ type: 'audit.more' });
    calls.loadAudit.latest().reject(unanswered);
    await settle();
    expect(selectEntries(snapshot()).map((e) => e.id)).toEqual(['3']);
    expect(noticeWords(emitted.take())).toEqual(['somethingWentWrong']);
    send({ type: 'audit.more' });
    calls.loadAudit.latest().reject(refused(400, 'before: must be the id of an audit entry'));
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['server: before: must be the id of an audit entry']);
  });

  it("a doctor is refused with the server's words; empty says empty; refresh starts again", async () => {
    const refusedLog = startAudit();
    refusedLog.calls.loadAudit.latest().reject(refused(403, 'This is for clinic admins only.'));
    await settle();
    expect(selectLogStatus(refusedLog.snapshot())).toBe('failed');
    expect(selectAuditFailure(refusedLog.snapshot())).toBe('This is for clinic admins only.');

    const { snapshot, send, calls } = startAudit();
    calls.loadAudit.latest().resolve([]);
    await settle();
    expect(selectLogStatus(snapshot())).toBe('empty');
    send({ type: 'audit.refresh' });
    calls.loadAudit.latest().resolve([auditEntry(1)]);
    await settle();
    expect(selectEntries(snapshot()).map((e) => e.id)).toEqual(['1']);
  });
});

describe('auditChanges', () => {
  it('lists each changed field, nested ones as paths, both sides as text', () => {
    expect(
      auditChanges({
        before: { status: 'Booked', medicines: { complain: '', remedies: [], showMedicine: false } },
        after: {
          status: 'Completed',
          medicines: { complain: 'Eczema', remedies: [{ medicineName: 'Graphites', dosage: '4 pills' }], showMedicine: true },
        },
      }),
    ).toEqual([
      { field: 'status', before: 'Booked', after: 'Completed' },
      { field: 'medicines › complain', before: '', after: 'Eczema' },
      { field: 'medicines › remedies › #1 › medicineName', before: null, after: 'Graphites' },
      { field: 'medicines › remedies › #1 › dosage', before: null, after: '4 pills' },
      { field: 'medicines › showMedicine', before: 'false', after: 'true' },
    ]);
  });

  it('says a list emptied or filled by its items alone, with no extra row for the empty list', () => {
    expect(auditChanges({ before: { remedies: [{ medicineName: 'Sulphur' }] }, after: { remedies: [] } })).toEqual([
      { field: 'remedies › #1 › medicineName', before: 'Sulphur', after: null },
    ]);
    // An empty list with nothing on the other side is still said.
    expect(auditChanges({ before: { tags: [] }, after: {} })).toEqual([{ field: 'tags', before: '', after: null }]);
  });

  it('leaves out what did not change, and shows other shapes as they are', () => {
    expect(auditChanges({ before: { fee: 450, type: 'Video' }, after: { fee: 500, type: 'Video' } })).toEqual([
      { field: 'fee', before: '450', after: '500' },
    ]);
    expect(auditChanges({ after: { orderId: 'o-1', totalPrice: 640 } })).toEqual([
      { field: 'orderId', before: null, after: 'o-1' },
      { field: 'totalPrice', before: null, after: '640' },
    ]);
    expect(auditChanges({ email: 'a@b.in', role: 'doctor' })).toEqual([
      { field: 'email', before: null, after: 'a@b.in' },
      { field: 'role', before: null, after: 'doctor' },
    ]);
    expect(auditChanges({ before: { role: 'patient' }, after: { role: 'doctor' }, reason: 'new doctor' })).toEqual([
      { field: 'role', before: 'patient', after: 'doctor' },
      { field: 'reason', before: null, after: 'new doctor' },
    ]);
    expect(auditChanges({ before: { a: 1 }, after: { a: 1 } })).toEqual([]);
  });
});
