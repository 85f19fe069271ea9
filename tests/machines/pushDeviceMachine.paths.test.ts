/**
 * Model-based paths for /account's "Notifications on this phone" (machines/pushDevice): the
 * clinic with no keys (hidden), a failed load and its retry, a browser without Web Push, this
 * device turned on (granted, refused, dismissed, failed) and off again, and a kind turned off.
 * Along every path the REAL machine runs with its calls answered by hand; each step must emit the
 * toast the person reads, each state must show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { PushChoices } from '../../contract/push.js';
import {
  type DeviceState,
  pushDeviceMachine,
  type PushLoaded,
  type PushNoticeEvent,
  selectDevice,
  selectPushBusy,
  selectPushChoices,
  selectPushStatus,
} from '../../machines/pushDevice/pushDeviceMachine.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const every: PushChoices = { reminders: true, chat: true, payments: true, queue: true };
const noChat: PushChoices = { ...every, chat: false };
const key = 'BPM76w3FIFVF_XB295bJy6ahBCa0hefbizYIB0e_I30Ku0AK3bA0p-nzKXxKUcxVhkB3XzIR0YeoqqydfSwbX7A';
const loaded = (device: DeviceState): PushLoaded => ({ publicKey: key, device, choices: every });

describe('pushDeviceMachine paths', () => {
  const emits = {
    'load.ok': [],
    'load.hidden': [],
    'load.unsupported': [],
    'load.fails': [],
    retry: [],
    'device.on': [],
    'device.off': [],
    'subscribe.ok': ['on'],
    'subscribe.denied': ['denied'],
    'subscribe.dismissed': ['dismissed'],
    'subscribe.fails': ['failed'],
    'unsubscribe.ok': ['off'],
    'unsubscribe.fails': ['failed'],
    'chat.off': [],
    'save.ok': ['saved'],
    'save.refused': ['failed'],
  } as const satisfies Record<string, readonly string[]>;
  const model = createMachine({
    id: 'pushDeviceModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Loading',
    states: {
      Loading: { on: { 'load.ok': 'Ready', 'load.hidden': 'Hidden', 'load.unsupported': 'Unsupported', 'load.fails': 'Failed' } },
      Failed: { on: { retry: 'Ready' } },
      Hidden: {},
      /** No device switch: turning it "on" sends nothing; the kinds still save (for other devices). */
      Unsupported: { on: { 'device.on': 'Unsupported' } },
      /** Off already: turning it off sends nothing. */
      Ready: { on: { 'device.on': 'Subscribing', 'device.off': 'Ready', 'chat.off': 'SavingChat' } },
      Subscribing: { on: { 'subscribe.ok': 'On', 'subscribe.denied': 'Denied', 'subscribe.dismissed': 'Ready', 'subscribe.fails': 'Ready' } },
      On: { on: { 'device.off': 'Unsubscribing', 'device.on': 'On' } },
      Unsubscribing: { on: { 'unsubscribe.ok': 'Ready', 'unsubscribe.fails': 'On' } },
      /** Refused: turning it on asks again. */
      Denied: { on: { 'device.on': 'AskingAgain' } },
      AskingAgain: { on: { 'subscribe.denied': 'Denied' } },
      SavingChat: { on: { 'save.ok': 'ChatOff', 'save.refused': 'Ready' } },
      ChatOff: { on: { 'chat.off': 'ChatOff' } },
    },
  });
  type Shown = { status: string; device: DeviceState; busy: boolean; choices: PushChoices | null };
  const shownIn: Record<string, Shown> = {
    Loading: { status: 'loading', device: 'off', busy: false, choices: null },
    Failed: { status: 'failed', device: 'off', busy: false, choices: null },
    Hidden: { status: 'hidden', device: 'off', busy: false, choices: null },
    Unsupported: { status: 'ready', device: 'unsupported', busy: false, choices: every },
    Ready: { status: 'ready', device: 'off', busy: false, choices: every },
    Subscribing: { status: 'ready', device: 'off', busy: true, choices: every },
    On: { status: 'ready', device: 'on', busy: false, choices: every },
    Unsubscribing: { status: 'ready', device: 'on', busy: true, choices: every },
    Denied: { status: 'ready', device: 'denied', busy: false, choices: every },
    AskingAgain: { status: 'ready', device: 'denied', busy: true, choices: every },
    SavingChat: { status: 'ready', device: 'off', busy: true, choices: noChat },
    ChatOff: { status: 'ready', device: 'off', busy: false, choices: noChat },
  };
  function harness() {
    const loadPush = answeredByHand<PushLoaded, { token: string }>();
    const subscribeDevice = answeredByHand<'on' | 'denied' | 'dismissed', { publicKey: string; token: string }>();
    const unsubscribeDevice = answeredByHand<unknown, { token: string }>();
    const saveChoices = answeredByHand<PushChoices, { choices: PushChoices; token: string }>();
    const actor = createActor(
      pushDeviceMachine.provide({ actors: { loadPush: loadPush.logic, subscribeDevice: subscribeDevice.logic, unsubscribeDevice: unsubscribeDevice.logic, saveChoices: saveChoices.logic } }),
      { input: { token: 'tok-1' }, inspect: recordWalk },
    );
    const emitted = recordEmitted<PushNoticeEvent>(actor);
    actor.start();
    const step = stepper(() => emitted.take().map((e) => ({ type: e.notice.kind })), emits);
    const device = (on: boolean) => actor.send({ type: 'push.device', on });
    return {
      stop: () => actor.stop(),
      events: {
        'load.ok': step('load.ok', () => loadPush.latest().resolve(loaded('off'))),
        'load.hidden': step('load.hidden', () => loadPush.latest().resolve({ publicKey: null, device: 'off', choices: null })),
        'load.unsupported': step('load.unsupported', () => loadPush.latest().resolve(loaded('unsupported'))),
        'load.fails': step('load.fails', () => loadPush.latest().reject(unanswered)),
        retry: step('retry', () => {
          actor.send({ type: 'push.retry' });
          loadPush.latest().resolve(loaded('off'));
        }),
        'device.on': step('device.on', () => {
          const before = subscribeDevice.calls.length;
          device(true);
          const asked = subscribeDevice.calls.length > before;
          if (asked) expect(subscribeDevice.latest().input).toEqual({ publicKey: key, token: 'tok-1' });
        }),
        'device.off': step('device.off', () => device(false)),
        'subscribe.ok': step('subscribe.ok', () => subscribeDevice.latest().resolve('on')),
        'subscribe.denied': step('subscribe.denied', () => subscribeDevice.latest().resolve('denied')),
        'subscribe.dismissed': step('subscribe.dismissed', () => subscribeDevice.latest().resolve('dismissed')),
        'subscribe.fails': step('subscribe.fails', () => subscribeDevice.latest().reject(new Error('AbortError: push service unreachable'))),
        'unsubscribe.ok': step('unsubscribe.ok', () => {
          expect(unsubscribeDevice.latest().input).toEqual({ token: 'tok-1' });
          unsubscribeDevice.latest().resolve(undefined);
        }),
        'unsubscribe.fails': step('unsubscribe.fails', () => unsubscribeDevice.latest().reject(unanswered)),
        'chat.off': step('chat.off', () => {
          const before = saveChoices.calls.length;
          actor.send({ type: 'push.kind', kind: 'chat', on: false });
          if (saveChoices.calls.length > before) expect(saveChoices.latest().input).toEqual({ choices: noChat, token: 'tok-1' });
        }),
        'save.ok': step('save.ok', () => saveChoices.latest().resolve(noChat)),
        'save.refused': step('save.refused', () => saveChoices.latest().reject(refused(400, 'Invalid request'))),
      },
      states: Object.fromEntries(
        Object.entries(shownIn).map(([state, shown]) => [
          state,
          () => {
            const s = actor.getSnapshot();
            expect(selectPushStatus(s)).toBe(shown.status);
            expect(selectDevice(s)).toBe(shown.device);
            expect(selectPushBusy(s)).toBe(shown.busy);
            expect(selectPushChoices(s)).toEqual(shown.choices);
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
