/**
 * Model-based paths for the family-members machine, /account's profile machine and its
 * reminder channels.
 * Along every path the REAL machine runs with its calls answered by hand; each step must emit what
 * the person reads (toasts) or the app acts on (`saved`), each state must show what the model says
 * (the list, the errors on fields, no request made on bad input).
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth.js';
import type { FamilyMember } from '../../contract/people.js';
import {
  familyMachine,
  selectFamilyErrors,
  selectFamilyStatus,
  selectMembers,
  type MemberDraft,
  type MemberRequest,
} from '../../machines/people/familyMachine.js';
import { profileMachine, selectIsEditingProfile, selectProfileErrors, type ProfileRequest } from '../../machines/people/profileMachine.js';
import {
  reminderChannelsMachine,
  selectReminderChannels,
  selectReminderOffered,
  selectReminderStatus,
  selectRemindersBusy,
  type ReminderNoticeEvent,
} from '../../machines/people/reminderChannelsMachine.js';
import type { ReminderChannels, ReminderSettings } from '../../contract/reminders.js';
import { answeredByHand, recordEmitted, refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const riya: FamilyMember = { _id: 'm1', firstName: 'Riya', lastName: 'Verma', age: 9, gender: 'female', relation: 'Daughter' };
const vasant: FamilyMember = { _id: 'm2', firstName: 'Vasant', lastName: 'Verma', age: 72, gender: 'male', relation: 'Father' };
const draft = (m: FamilyMember): MemberDraft => ({ firstName: m.firstName, lastName: m.lastName, age: String(m.age), gender: m.gender, relation: m.relation });

describe('familyMachine paths', () => {
  const emits = {
    'load.fails': [],
    retry: [],
    'add.bad': [],
    'edit.field': [],
    reset: [],
    'add.ok': ['saved', 'saved'],
    'add.serverNamesAge': [],
    'add.unanswered': ['failed'],
    'edit.ok': ['saved', 'saved'],
    'archive.ok': ['archived'],
    'archive.fails': ['failed'],
  } as const satisfies Record<string, readonly string[]>;

  const model = createMachine({
    id: 'familyModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Loading',
    states: {
      Loading: { on: { 'load.fails': 'Failed' } },
      Failed: { on: { retry: 'Empty' } },
      /** The list loaded (empty). */
      Empty: { on: { 'add.bad': 'EmptyErrors', 'add.ok': 'One', 'add.serverNamesAge': 'EmptyServerErrors', 'add.unanswered': 'Empty' } },
      EmptyErrors: { on: { 'edit.field': 'EmptyErrorsLess' } },
      /** The form cancelled, or another member opened for editing: the errors go with it. */
      EmptyErrorsLess: { on: { reset: 'Empty' } },
      EmptyServerErrors: {},
      One: { on: { 'edit.ok': 'OneEdited', 'archive.fails': 'One' } },
      OneEdited: { on: { 'archive.ok': 'Empty' } },
    },
  });
  const listIn: Record<string, FamilyMember[] | null> = {
    Loading: null,
    Failed: null,
    Empty: [],
    EmptyErrors: [],
    EmptyErrorsLess: [],
    EmptyServerErrors: [],
    One: [riya],
    OneEdited: [{ ...riya, age: 10 }],
  };
  const errorsIn: Record<string, string[]> = {
    EmptyErrors: ['firstName', 'age', 'gender', 'relation'],
    EmptyErrorsLess: ['age', 'gender', 'relation'],
    EmptyServerErrors: ['age'],
  };

  function harness() {
    const loadFamily = answeredByHand<FamilyMember[], { token: string }>();
    const saveMember = answeredByHand<FamilyMember, { id: string | null; input: MemberRequest; token: string }>();
    const archiveMember = answeredByHand<unknown, { id: string; token: string }>();
    const actor = createActor(
      familyMachine.provide({ actors: { loadFamily: loadFamily.logic, saveMember: saveMember.logic, archiveMember: archiveMember.logic } }),
      { input: { token: 'tok-1' }, inspect: recordWalk },
    );
    const emitted = recordEmitted<{ type: string }>(actor);
    actor.start();
    const step = stepper(() => emitted.take().map((e) => (e.type === 'saved' ? { type: 'saved' } : e)), emits);
    let saves = 0;
    const save = (id: string | null, d: MemberDraft) => {
      actor.send({ type: 'member.save', id, draft: d });
      saves += 1;
      return saveMember.latest();
    };
    return {
      stop: () => actor.stop(),
      events: {
        'load.fails': step('load.fails', () => loadFamily.latest().reject(unanswered)),
        retry: step('retry', () => {
          actor.send({ type: 'family.retry' });
          loadFamily.latest().resolve([]);
        }),
        'add.bad': step('add.bad', () => actor.send({ type: 'member.save', id: null, draft: { firstName: ' ', lastName: '', age: 'x', gender: '', relation: '' } })),
        'edit.field': step('edit.field', () => actor.send({ type: 'member.edited', field: 'firstName' })),
        reset: step('reset', () => actor.send({ type: 'member.reset' })),
        'add.ok': step('add.ok', () => {
          const call = save(null, draft(riya));
          expect(call.input).toEqual({ id: null, token: 'tok-1', input: { firstName: 'Riya', lastName: 'Verma', age: 9, gender: 'female', relation: 'Daughter' } });
          call.resolve(riya);
        }),
        'add.serverNamesAge': step('add.serverNamesAge', () =>
          save(null, draft(vasant)).reject({ ...refused(400, 'Invalid request'), errors: [{ field: 'age', message: 'must be a whole number from 1 to 120' }] }),
        ),
        'add.unanswered': step('add.unanswered', () => save(null, draft(vasant)).reject(unanswered)),
        'edit.ok': step('edit.ok', () => {
          const call = save(riya._id, { ...draft(riya), age: '10' });
          expect(call.input.id).toBe(riya._id);
          call.resolve({ ...riya, age: 10 });
        }),
        'archive.ok': step('archive.ok', () => {
          actor.send({ type: 'member.archive', id: riya._id });
          archiveMember.latest().resolve({ message: 'Family member removed.' });
        }),
        'archive.fails': step('archive.fails', () => {
          actor.send({ type: 'member.archive', id: riya._id });
          archiveMember.latest().reject(refused(404, 'Family member not found.'));
        }),
      },
      states: Object.fromEntries(
        Object.keys(listIn).map((state) => [
          state,
          () => {
            const s = actor.getSnapshot();
            const list = listIn[state];
            if (list === null) expect(selectFamilyStatus(s)).toBe(state === 'Loading' ? 'loading' : 'failed');
            else expect(selectMembers(s)).toEqual(list);
            expect(Object.keys(selectFamilyErrors(s))).toEqual(errorsIn[state] ?? []);
            expect(saveMember.calls).toHaveLength(saves);
          },
        ]),
      ) as Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }

  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  it('takes every transition of the model', () => {
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });
  testPaths({ 'every transition': everyTransition }, harness);
});

describe('profileMachine paths', () => {
  const saved: User = {
    _id: 'u1',
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phoneNumber: '9876543210',
    age: 35,
    gender: 'female',
    signInMethod: 'google',
    role: 'patient',
    hasPassword: false,
  };
  const good = { firstName: 'Asha', lastName: 'Verma', phoneNumber: '98765 43210', age: '35', gender: 'female' as const };
  const emits = {
    edit: [],
    cancel: [],
    'save.bad': [],
    'edit.field': [],
    'save.serverNamesPhone': [],
    'save.unanswered': ['failed'],
    'save.ok': ['saved', 'saved'],
  } as const satisfies Record<string, readonly string[]>;
  const model = createMachine({
    id: 'profileModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Showing',
    states: {
      Showing: { on: { edit: 'Editing' } },
      Editing: { on: { cancel: 'Showing', 'save.bad': 'Errors', 'save.ok': 'Saved', 'save.serverNamesPhone': 'ServerErrors', 'save.unanswered': 'Editing' } },
      Errors: { on: { 'edit.field': 'FewerErrors' } },
      FewerErrors: {},
      ServerErrors: {},
      Saved: {},
    },
  });
  const errorsIn: Record<string, string[]> = {
    Showing: [],
    Editing: [],
    Errors: ['firstName', 'phoneNumber', 'age'],
    FewerErrors: ['phoneNumber', 'age'],
    ServerErrors: ['phoneNumber'],
    Saved: [],
  };
  function harness() {
    const saveProfile = answeredByHand<User, { input: ProfileRequest; token: string }>();
    const actor = createActor(profileMachine.provide({ actors: { saveProfile: saveProfile.logic } }), { input: { token: 'tok-1' }, inspect: recordWalk });
    const emitted = recordEmitted<{ type: string }>(actor);
    actor.start();
    const step = stepper(() => emitted.take(), emits);
    let saves = 0;
    const save = () => {
      actor.send({ type: 'profile.save', draft: good });
      saves += 1;
      return saveProfile.latest();
    };
    return {
      stop: () => actor.stop(),
      events: {
        edit: step('edit', () => actor.send({ type: 'profile.edit' })),
        cancel: step('cancel', () => actor.send({ type: 'profile.cancel' })),
        'save.bad': step('save.bad', () => actor.send({ type: 'profile.save', draft: { ...good, firstName: '', phoneNumber: '12', age: '200' } })),
        'edit.field': step('edit.field', () => actor.send({ type: 'profile.edited', field: 'firstName' })),
        'save.serverNamesPhone': step('save.serverNamesPhone', () =>
          save().reject({ ...refused(400, 'Invalid request'), errors: [{ field: 'phoneNumber', message: 'must be a 10-digit phone number' }] }),
        ),
        'save.unanswered': step('save.unanswered', () => save().reject(unanswered)),
        'save.ok': step('save.ok', () => {
          const call = save();
          expect(call.input).toEqual({ token: 'tok-1', input: { firstName: 'Asha', lastName: 'Verma', phoneNumber: '98765 43210', age: 35, gender: 'female' } });
          call.resolve(saved);
        }),
      },
      states: Object.fromEntries(
        Object.entries(errorsIn).map(([state, fields]) => [
          state,
          () => {
            const s = actor.getSnapshot();
            expect(selectIsEditingProfile(s)).toBe(!['Showing', 'Saved'].includes(state));
            expect(Object.keys(selectProfileErrors(s))).toEqual(fields);
            expect(saveProfile.calls).toHaveLength(saves);
          },
        ]),
      ) as Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  it('takes every transition of the model', () => {
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });
  testPaths({ 'every transition': everyTransition }, harness);
});

describe('reminderChannelsMachine paths', () => {
  // The clinic has SMS, not WhatsApp; the account starts with email and SMS on.
  const loaded: ReminderSettings = { channels: { email: true, sms: true, whatsapp: false }, available: { sms: true, whatsapp: false } };
  const emits = {
    'load.ok': [],
    'load.fails': [],
    retry: [],
    'sms.off': [],
    'whatsapp.on': [],
    'email.on': [],
    'email.off': [],
    'save.ok': ['saved'],
    'save.unanswered': ['failed'],
    'save.refused': ['failed'],
  } as const satisfies Record<string, readonly string[]>;
  const model = createMachine({
    id: 'reminderChannelsModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Loading',
    states: {
      Loading: { on: { 'load.ok': 'Ready', 'load.fails': 'Failed' } },
      Failed: { on: { retry: 'Ready' } },
      /** WhatsApp is not offered and email is already on: neither switch sends anything. */
      Ready: { on: { 'sms.off': 'SavingSmsOff', 'whatsapp.on': 'Ready', 'email.on': 'Ready' } },
      SavingSmsOff: { on: { 'save.ok': 'SmsOff', 'save.unanswered': 'Ready' } },
      SmsOff: { on: { 'email.off': 'SavingEmailOff' } },
      SavingEmailOff: { on: { 'save.refused': 'SmsOff' } },
    },
  });
  const shownIn: Record<string, { channels: ReminderChannels | null; busy: boolean; saves: number }> = {
    Loading: { channels: null, busy: false, saves: 0 },
    Failed: { channels: null, busy: false, saves: 0 },
    Ready: { channels: loaded.channels, busy: false, saves: 0 },
    SavingSmsOff: { channels: { email: true, sms: false, whatsapp: false }, busy: true, saves: 1 },
    SmsOff: { channels: { email: true, sms: false, whatsapp: false }, busy: false, saves: 1 },
    SavingEmailOff: { channels: { email: false, sms: false, whatsapp: false }, busy: true, saves: 1 },
  };
  function harness() {
    const loadReminders = answeredByHand<ReminderSettings, { token: string }>();
    const saveReminders = answeredByHand<ReminderSettings, { channels: ReminderChannels; token: string }>();
    const actor = createActor(reminderChannelsMachine.provide({ actors: { loadReminders: loadReminders.logic, saveReminders: saveReminders.logic } }), {
      input: { token: 'tok-1' },
      inspect: recordWalk,
    });
    const emitted = recordEmitted<ReminderNoticeEvent>(actor);
    actor.start();
    const step = stepper(() => emitted.take().map((e) => ({ type: e.notice.kind })), emits);
    // Saves the path has made so far (each state's figure counts only those since the last load).
    let saves = 0;
    const set = (channel: 'email' | 'sms' | 'whatsapp', on: boolean) => actor.send({ type: 'reminders.set', channel, on });
    return {
      stop: () => actor.stop(),
      events: {
        'load.ok': step('load.ok', () => loadReminders.latest().resolve(loaded)),
        'load.fails': step('load.fails', () => loadReminders.latest().reject(unanswered)),
        retry: step('retry', () => {
          actor.send({ type: 'reminders.retry' });
          loadReminders.latest().resolve(loaded);
        }),
        'sms.off': step('sms.off', () => {
          set('sms', false);
          saves += 1;
          expect(saveReminders.latest().input).toEqual({ token: 'tok-1', channels: { email: true, sms: false, whatsapp: false } });
        }),
        'whatsapp.on': step('whatsapp.on', () => set('whatsapp', true)),
        'email.on': step('email.on', () => set('email', true)),
        'email.off': step('email.off', () => {
          set('email', false);
          saves += 1;
          expect(saveReminders.latest().input.channels).toEqual({ email: false, sms: false, whatsapp: false });
        }),
        'save.ok': step('save.ok', () => saveReminders.latest().resolve({ ...loaded, channels: { email: true, sms: false, whatsapp: false } })),
        'save.unanswered': step('save.unanswered', () => saveReminders.latest().reject(unanswered)),
        'save.refused': step('save.refused', async () => {
          saveReminders.latest().reject(refused(400, 'Invalid request'));
          await settle();
          expect(emitted.all.at(-1)?.notice).toEqual({ kind: 'failed', text: 'Invalid request' });
        }),
      },
      states: Object.fromEntries(
        Object.entries(shownIn).map(([state, shown]) => [
          state,
          () => {
            const s = actor.getSnapshot();
            expect(selectReminderStatus(s)).toBe(state === 'Loading' ? 'loading' : state === 'Failed' ? 'failed' : 'ready');
            expect(selectReminderChannels(s)).toEqual(shown.channels);
            expect(selectRemindersBusy(s)).toBe(shown.busy);
            expect(selectReminderOffered(s)).toEqual(shown.channels ? ['email', 'sms'] : []);
            expect(saveReminders.calls).toHaveLength(saves);
          },
        ]),
      ) as Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  it('takes every transition of the model', () => {
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });
  testPaths({ 'every transition': everyTransition }, harness);
});
