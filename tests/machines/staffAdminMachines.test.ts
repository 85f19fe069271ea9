/**
 * The admin list machine (one list and its form) through a locations list, the admin cancel
 * machine, and the pure draft helpers, with calls answered by hand.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AdminLocation } from '../../contract/staffAdmin.js';
import {
  reordered,
  type Draft,
  type LoadInput,
  type RemoveInput,
  type ReorderInput,
  type SaveAnswer,
  type SaveInput,
} from '../../machines/staffAdmin/adminListContext.js';
import type { AdminListEmitted } from '../../machines/staffAdmin/adminListEvents.js';
import {
  selectCanChange,
  selectConflict,
  selectDraft,
  selectFieldErrors,
  selectFormId,
  selectItems,
  selectIsLoading,
  selectListStatus,
  selectQuery,
} from '../../machines/staffAdmin/adminListSelectors.js';
import { adminCancelMachine, type AdminCancelAnswer, type AdminCancelEmitted } from '../../machines/staffAdmin/adminCancelMachine.js';
import {
  confirmedChangeMachine,
  selectChoice,
  selectConflict as selectChangeConflict,
  selectIsApplying,
  type ConfirmedChangeAnswer,
  type ConfirmedChangeEmitted,
} from '../../machines/staffAdmin/confirmedChangeMachine.js';
import {
  doctorPayload,
  feePayload,
  feeRows,
  languagesShowingEnglish,
  locationsMachine,
  memberTexts,
  numberOrText,
  splitIds,
  teamMemberPayload,
} from '../../machines/staffAdmin/lists.js';
import { answeredByHand, noticeWords, recordEmitted, refused, refusedPlainly, settle, unanswered } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';
import { invalid, orphanRefusal, orphans } from './staffAdminFakes.js';

const place = (name: string, n: number): AdminLocation => ({
  _id: `10000000-0000-4000-8000-00000000000${n}`,
  name,
  displayOrder: n,
  doctorCount: 0,
  appointmentCount: 0,
});
const andheri = place('Andheri West', 1);
const bandra = place('Bandra', 2);
const kothrud = place('Kothrud', 3);

function startLocations() {
  const calls = {
    loadItems: answeredByHand<AdminLocation[], LoadInput>(),
    saveItem: answeredByHand<SaveAnswer, SaveInput>(),
    removeItem: answeredByHand<SaveAnswer, RemoveInput>(),
    reorderItems: answeredByHand<AdminLocation[], ReorderInput>(),
  };
  const actor = createActor(
    locationsMachine.provide({
      actors: { loadItems: calls.loadItems.logic, saveItem: calls.saveItem.logic, removeItem: calls.removeItem.logic, reorderItems: calls.reorderItems.logic },
    }),
    { input: { token: 'tok-admin' } },
  );
  const emitted = recordEmitted<AdminListEmitted>(actor);
  actor.start();
  return { actor, calls, emitted, s: () => actor.getSnapshot() };
}

async function loaded(items: AdminLocation[] = [andheri, bandra, kothrud]) {
  const t = startLocations();
  t.calls.loadItems.latest().resolve(items);
  await settle();
  return t;
}

describe('admin list machine', () => {
  it('loads, then adds an item: the form, the save with what was typed, the server words, the list again', async () => {
    const t = await loaded();
    expect(selectListStatus(t.s())).toBe('ready');
    expect(t.calls.loadItems.latest().input).toEqual({ token: 'tok-admin', query: {} });
    t.actor.send({ type: 'item.add' });
    expect(selectFormId(t.s())).toBeNull();
    expect(selectCanChange(t.s())).toBe(false);
    t.actor.send({ type: 'draft.change', field: 'name', value: 'Viman Nagar' });
    t.actor.send({ type: 'draft.save' });
    expect(t.calls.saveItem.latest().input).toEqual({ id: null, draft: { name: 'Viman Nagar' }, token: 'tok-admin' });
    t.calls.saveItem.latest().resolve({ message: 'Location added.' });
    await settle();
    expect(noticeWords(t.emitted.all)).toEqual(['server: Location added.']);
    expect(t.emitted.all.map((e) => e.type)).toContain('item.saved');
    expect(selectFormId(t.s())).toBeUndefined();
    expect(t.calls.loadItems.calls).toHaveLength(2);
    // The list stays shown while it loads again.
    expect(selectListStatus(t.s())).toBe('ready');
  });

  it("a 400 keeps the form as typed and puts each named field's message by it; editing the field clears it", async () => {
    const t = await loaded();
    t.actor.send({ type: 'item.edit', id: bandra._id });
    expect(selectDraft(t.s())).toEqual({ name: 'Bandra' });
    t.actor.send({ type: 'draft.change', field: 'name', value: '  ' });
    t.actor.send({ type: 'draft.save' });
    expect(t.calls.saveItem.latest().input.id).toBe(bandra._id);
    t.calls.saveItem.latest().reject(invalid([{ field: 'name', message: 'is required' }]));
    await settle();
    expect(selectFormId(t.s())).toBe(bandra._id);
    expect(selectDraft(t.s())).toEqual({ name: '  ' });
    expect(selectFieldErrors(t.s())).toEqual({ name: 'is required' });
    expect(noticeWords(t.emitted.all)).toEqual(['server: Please check the fields.']);
    t.actor.send({ type: 'draft.change', field: 'name', value: 'Bandra East' });
    expect(selectFieldErrors(t.s())).toEqual({});
    expect(t.calls.loadItems.calls).toHaveLength(1);
  });

  it('a 409 of the ORPHAN RULE lists the affected appointments in the form; each handled one leaves it', async () => {
    const t = await loaded();
    t.actor.send({ type: 'item.edit', id: andheri._id });
    t.actor.send({ type: 'draft.save' });
    t.calls.saveItem.latest().reject(orphanRefusal());
    await settle();
    expect(selectConflict(t.s())?.map((a) => a._id)).toEqual(orphans.map((a) => a._id));
    t.actor.send({ type: 'conflict.handled', appointmentId: orphans[0]?._id ?? '' });
    expect(selectConflict(t.s())?.map((a) => a._id)).toEqual([orphans[1]?._id]);
    t.actor.send({ type: 'draft.cancel' });
    expect(selectConflict(t.s())).toBeNull();
  });

  it('a delete is asked first; a refusal (a location in use) is said in the server words and keeps the item', async () => {
    const t = await loaded();
    t.actor.send({ type: 'item.delete', id: bandra._id });
    expect(t.calls.removeItem.calls).toHaveLength(0);
    t.actor.send({ type: 'delete.dismiss' });
    t.actor.send({ type: 'item.delete', id: bandra._id });
    t.actor.send({ type: 'delete.confirm' });
    expect(t.calls.removeItem.latest().input).toEqual({ id: bandra._id, token: 'tok-admin' });
    t.calls.removeItem.latest().reject(refused(409, 'Bandra is still used by 1 doctor.'));
    await settle();
    expect(noticeWords(t.emitted.all)).toEqual(['server: Bandra is still used by 1 doctor.']);
    expect(selectItems(t.s())).toHaveLength(3);
    expect(selectCanChange(t.s())).toBe(true);
  });

  it('moves an item down with the whole order; the top one cannot move up', async () => {
    const t = await loaded();
    t.actor.send({ type: 'item.move', id: andheri._id, offset: -1 });
    expect(t.calls.reorderItems.calls).toHaveLength(0);
    t.actor.send({ type: 'item.move', id: andheri._id, offset: 1 });
    expect(t.calls.reorderItems.latest().input.ids).toEqual([bandra._id, andheri._id, kothrud._id]);
    t.calls.reorderItems.latest().resolve([bandra, andheri, kothrud]);
    await settle();
    expect(selectItems(t.s()).map((l) => l.name)).toEqual(['Bandra', 'Andheri West', 'Kothrud']);
    expect(reordered([andheri, bandra], bandra._id, 1)).toBeNull();
  });

  it('a failed load says so and retries; a 401 fails the same way (the request base ends the session)', async () => {
    const t = startLocations();
    t.calls.loadItems.latest().reject(unanswered);
    await settle();
    expect(selectListStatus(t.s())).toBe('failed');
    expect(noticeWords(t.emitted.all)).toEqual(['loadFailed']);
    t.actor.send({ type: 'list.retry' });
    t.calls.loadItems.latest().reject(refusedPlainly(401));
    await settle();
    expect(selectListStatus(t.s())).toBe('failed');
    expect(noticeWords(t.emitted.all)).toEqual(['loadFailed', 'loadFailed']);
  });

  it('a query changed while the list loads is kept: the load starts again for it, and the older call is dropped', async () => {
    const t = startLocations();
    t.actor.send({ type: 'query.change', query: { date: '2026-11-22', doctorId: '' } });
    expect(selectQuery(t.s())).toEqual({ date: '2026-11-22', doctorId: '' });
    // The admin picks a doctor before that day's list came back.
    t.actor.send({ type: 'query.change', query: { date: '2026-11-22', doctorId: 'doc-1' } });
    expect(selectQuery(t.s())).toEqual({ date: '2026-11-22', doctorId: 'doc-1' });
    expect(t.calls.loadItems.calls.map((c) => c.input.query)).toEqual([{}, { date: '2026-11-22', doctorId: '' }, { date: '2026-11-22', doctorId: 'doc-1' }]);
    expect(t.calls.loadItems.calls.map((c) => c.signal.aborted)).toEqual([true, true, false]);
    t.calls.loadItems.latest().resolve([kothrud]);
    await settle();
    expect(selectListStatus(t.s())).toBe('ready');
    expect(selectItems(t.s())).toEqual([kothrud]);
  });

  it('a query changed after a failed load loads the list for it', async () => {
    const t = startLocations();
    t.calls.loadItems.latest().reject(unanswered);
    await settle();
    expect(selectListStatus(t.s())).toBe('failed');
    t.actor.send({ type: 'query.change', query: { date: '2026-11-23' } });
    expect(selectIsLoading(t.s())).toBe(true);
    expect(t.calls.loadItems.latest().input.query).toEqual({ date: '2026-11-23' });
  });
});

describe('confirmed change machine', () => {
  function start(choice?: string) {
    const apply = answeredByHand<ConfirmedChangeAnswer, { token: string; choice: string }>();
    const actor = createActor(confirmedChangeMachine.provide({ actors: { applyChange: apply.logic } }), {
      input: { token: 'tok-admin', ...(choice === undefined ? {} : { choice }) },
    });
    const emitted = recordEmitted<ConfirmedChangeEmitted>(actor);
    actor.start();
    return { actor, apply, emitted, s: () => actor.getSnapshot() };
  }

  it('makes the change with the choice once confirmed, says the server words and that it is done, with the appointment answered', async () => {
    const t = start('Placed');
    expect(selectChoice(t.s())).toBe('Placed');
    t.actor.send({ type: 'choice.change', value: 'Delivered' });
    expect(t.apply.calls).toHaveLength(0);
    t.actor.send({ type: 'change.confirm' });
    expect(selectIsApplying(t.s())).toBe(true);
    expect(t.apply.latest().input).toEqual({ token: 'tok-admin', choice: 'Delivered' });
    const delivered = appointment({ appointmentStatus: 'Completed' });
    t.apply.latest().resolve({ message: 'Order status saved.', appointment: delivered });
    await settle();
    expect(t.emitted.all).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'server', text: 'Order status saved.' } },
      { type: 'change.done', message: 'Order status saved.', appointment: delivered },
    ]);
    expect(t.s().status).toBe('done');
  });

  it('the ORPHAN RULE lists the bookings; each handled leaves the list; confirmed again, the change is made', async () => {
    const t = start();
    t.actor.send({ type: 'change.confirm' });
    t.apply.latest().reject(orphanRefusal());
    await settle();
    expect(selectChangeConflict(t.s())?.map((a) => a.firstName)).toEqual(['Asha', 'Ravi']);
    expect(noticeWords(t.emitted.all)).toHaveLength(1);
    t.actor.send({ type: 'conflict.handled', appointmentId: orphans[0]!._id });
    expect(selectChangeConflict(t.s())?.map((a) => a.firstName)).toEqual(['Ravi']);
    t.actor.send({ type: 'change.confirm' });
    expect(t.apply.calls).toHaveLength(2);
    t.apply.latest().resolve({ message: 'Doctor retired: no longer listed or bookable.', appointment: null });
    await settle();
    // A doctor's change answers no appointment: done says so with null.
    expect(t.emitted.all.at(-1)).toEqual({ type: 'change.done', message: 'Doctor retired: no longer listed or bookable.', appointment: null });
  });

  it('another refusal asks again without a list; a 401 too (the request base ends the session); dismissing changes nothing', async () => {
    const t = start();
    t.actor.send({ type: 'change.confirm' });
    t.apply.latest().reject(refused(409, 'This order was cancelled: its status cannot change any more.'));
    await settle();
    expect(selectChangeConflict(t.s())).toBeNull();
    expect(noticeWords(t.emitted.all)).toEqual(['server: This order was cancelled: its status cannot change any more.']);
    expect(selectIsApplying(t.s())).toBe(false);
    t.actor.send({ type: 'change.confirm' });
    t.apply.latest().reject(refusedPlainly(401));
    await settle();
    expect(selectChangeConflict(t.s())).toBeNull();
    expect(noticeWords(t.emitted.all)).toEqual(['server: This order was cancelled: its status cannot change any more.', 'failed']);
    expect(selectIsApplying(t.s())).toBe(false);
    t.actor.send({ type: 'change.dismiss' });
    expect(t.s().status).toBe('done');
    expect(t.apply.calls).toHaveLength(2);
  });
});

describe('admin cancel machine', () => {
  function start() {
    const cancel = answeredByHand<AdminCancelAnswer, { appointmentId: string; reason: string; token: string }>();
    const booked = appointment({ appointmentStatus: 'Booked' });
    const actor = createActor(adminCancelMachine.provide({ actors: { cancelAppointment: cancel.logic } }), { input: { appointment: booked, token: 'tok-admin' } });
    const emitted = recordEmitted<AdminCancelEmitted>(actor);
    actor.start();
    return { actor, cancel, emitted, booked };
  }

  it('cancels with the reason, tells the server words and announces the cancelled record', async () => {
    const { actor, cancel, emitted, booked } = start();
    actor.send({ type: 'reason.change', value: 'Doctor unwell' });
    actor.send({ type: 'cancel.confirm' });
    expect(cancel.latest().input).toEqual({ appointmentId: booked._id, reason: 'Doctor unwell', token: 'tok-admin' });
    const after = { ...booked, appointmentStatus: 'Cancelled' as const, appointmentPaymentStatus: 'refund' as const };
    cancel.latest().resolve({ message: 'Appointment cancelled; the fee is flagged for refund.', appointment: after });
    await settle();
    expect(noticeWords(emitted.all)).toEqual(['server: Appointment cancelled; the fee is flagged for refund.']);
    expect(emitted.all.find((e) => e.type === 'appointment.cancelled')).toEqual({ type: 'appointment.cancelled', appointment: after });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a refusal asks again with the reason kept; a completed appointment cannot be confirmed', async () => {
    const { actor, cancel, emitted } = start();
    actor.send({ type: 'reason.change', value: 'x' });
    actor.send({ type: 'cancel.confirm' });
    cancel.latest().reject(refused(409, 'This appointment is already cancelled.'));
    await settle();
    expect(actor.getSnapshot().matches('Confirming')).toBe(true);
    expect(actor.getSnapshot().context.reason).toBe('x');
    expect(noticeWords(emitted.all)).toEqual(['server: This appointment is already cancelled.']);

    const done = createActor(adminCancelMachine, { input: { appointment: appointment({ appointmentStatus: 'Completed' }), token: 't' } }).start();
    done.send({ type: 'cancel.confirm' });
    expect(done.getSnapshot().matches('Confirming')).toBe(true);
  });
});

describe('admin drafts', () => {
  it('numbers go as numbers, other text as typed (the server names the field)', () => {
    expect(numberOrText(' 450 ')).toBe(450);
    expect(numberOrText('4 50')).toBe('4 50');
    expect(numberOrText('')).toBe('');
    const draft: Draft = { name: 'Dr X', email: ' x@clinic.example ', type: 'online', qualification: '', slotMinutes: '20', locationIds: 'a,b' };
    expect(doctorPayload(draft)).toEqual({
      name: 'Dr X',
      email: 'x@clinic.example',
      type: 'online',
      qualification: '',
      registrationCouncil: '',
      registrationNumber: '',
      morningList: false,
      slotMinutes: 20,
      locationIds: ['a', 'b'],
    });
    expect(doctorPayload({ ...draft, morningList: 'on' }).morningList).toBe(true);
    expect(splitIds('')).toEqual([]);
    expect(feePayload('Video', { consultationFee: '499.50' })).toEqual({ consultationType: 'Video', consultationFee: 499.5 });
  });

  it('fee rows: the four types in order, a missing one not set', () => {
    expect(feeRows([{ consultationType: 'Call', consultationFee: 300 }]).map((r) => [r._id, r.consultationFee])).toEqual([
      ['Chat', null],
      ['Video', null],
      ['Call', 300],
      ['Clinic Visit', null],
    ]);
  });

  it('site texts per language: the draft holds them under the server\'s field names; the list marks a language showing English', () => {
    const translations = { hi: { role: 'होम्योपैथ', description: '' }, mr: { role: '', description: '' } };
    const member = { _id: 'm1', name: 'Neha', role: 'Homeopath', description: 'Ten years.', image: '', displayImage: '', displayOrder: 0, translations };
    const draft: Draft = { name: 'Neha', role: 'Homeopath', image: '', description: 'Ten years.', 'translations.hi.role': 'होम्योपैथ', 'translations.mr.description': 'दहा वर्षे.' };
    expect(teamMemberPayload(draft).translations).toEqual({ hi: { role: 'होम्योपैथ', description: '' }, mr: { role: '', description: 'दहा वर्षे.' } });
    // Hindi lacks the description, Marathi the role and description: both show some English.
    expect(languagesShowingEnglish(member, memberTexts)).toEqual(['hi', 'mr']);
    // An English text left empty needs no translation.
    expect(languagesShowingEnglish({ ...member, description: '' }, memberTexts)).toEqual(['mr']);
    expect(
      languagesShowingEnglish({ ...member, translations: { hi: { role: 'र', description: 'द' }, mr: { role: 'र', description: 'द' } } }, memberTexts),
    ).toEqual([]);
  });
});
