/**
 * Model-based paths for the portal's own video call (machines/videoCall): the device check
 * (opened, refused and retried, another device, sound only), the join (alone, with the other side
 * there, already admitted, failed and retried), the waiting room (the patient admitted by the
 * doctor; the doctor's Admit, refused while nobody waits, failed), connecting, live (quality,
 * sound only), a dropped connection (an ICE restart, again every `restartMs`: reconnected, or
 * given up after `reconnectMs`), the doctor's switch to a Call (done or refused), the ends (hung
 * up, opened elsewhere, switched) and Join again (a new tab's device check and seat; not after a
 * switch to a Call). Along every path the REAL machine runs with its calls answered by hand, its call
 * actor a fake the test speaks for, and a simulated clock; each state must show what the model
 * says, and the commands the call actor got.
 */
import { createActor, createMachine, fromCallback, SimulatedClock, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { Consultation } from '../../contract/consultation.js';
import type { VideoJoin } from '../../contract/video.js';
import { reconnectMs, restartMs } from '../../machines/videoCall/context.js';
import type { CallCommand, VideoCallEvent } from '../../machines/videoCall/events.js';
import { selectAudioOnly, selectDeviceProblem, selectEnded, selectPeerPresent, selectQuality, selectStage, type VideoStage } from '../../machines/videoCall/selectors.js';
import { videoCallMachine, type CallActorInput } from '../../machines/videoCall/videoCallMachine.js';
import { answeredByHand, recordEmitted, refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const eventTypes = [
  'toggleAudio',
  'changeDevices',
  'opened',
  'denied',
  'retryDevices',
  'join',
  'joinedAlone',
  'joinedWithPeer',
  'joinedAdmitted',
  'joinFailed',
  'peerArrives',
  'peerLeaves',
  'admittedSignal',
  'admit',
  'admitOk',
  'admitFailed',
  'connecting',
  'connected',
  'dropped',
  'restartAgain',
  'giveUp',
  'quality',
  'switch',
  'switchOk',
  'switchFailed',
  'elsewhere',
  'hangUp',
  'retry',
  'rejoin',
] as const;
type ModelEvent = (typeof eventTypes)[number];
const emits = Object.fromEntries(eventTypes.map((e) => [e, []])) as unknown as Record<ModelEvent, readonly string[]>;

const model = createMachine({
  id: 'videoCallModel',
  types: {} as { events: { type: ModelEvent } },
  initial: 'Opening',
  states: {
    Opening: { on: { opened: 'Ready', denied: 'Refused', toggleAudio: 'Opening', changeDevices: 'Opening' } },
    Ready: { on: { join: 'Joining', toggleAudio: 'Opening', changeDevices: 'Opening' } },
    Refused: { on: { retryDevices: 'Opening', toggleAudio: 'Opening' } },
    Joining: { on: { joinedAlone: 'WaitingAlone', joinedWithPeer: 'WaitingWithPeer', joinedAdmitted: 'Admitted', joinFailed: 'Failed' } },
    WaitingAlone: { on: { peerArrives: 'WaitingWithPeer', admit: 'WaitingAlone', admittedSignal: 'Admitted', hangUp: 'Ended' } },
    WaitingWithPeer: { on: { peerLeaves: 'WaitingAlone', admit: 'Admitting', admittedSignal: 'Admitted', elsewhere: 'Ended' } },
    Admitting: { on: { admitOk: 'Admitted', admitFailed: 'WaitingWithPeer' } },
    Admitted: { on: { connecting: 'Connecting', connected: 'Live' } },
    Connecting: { on: { connected: 'Live', dropped: 'Reconnecting' } },
    Live: { on: { dropped: 'Reconnecting', quality: 'Live', toggleAudio: 'Live', switch: 'Switching', hangUp: 'Ended' } },
    Reconnecting: { on: { connected: 'Live', restartAgain: 'Reconnecting', giveUp: 'Failed' } },
    Switching: { on: { switchOk: 'Switched', switchFailed: 'Live' } },
    Ended: { on: { rejoin: 'Opening' } },
    Switched: { on: { rejoin: 'Switched' } },
    Failed: { on: { retry: 'Joining' } },
  },
});

const appointmentId = '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c';
const tab = 'tab-aaaaaaaaaaaaaaaa';
const rejoinTab = 'tab-bbbbbbbbbbbbbbbb';
const joinOf = (extra: Partial<VideoJoin>): VideoJoin => ({
  appointmentId,
  as: 'doctor',
  tab,
  after: '7',
  admitted: false,
  peerPresent: false,
  iceServers: [{ urls: ['turn:turn.example.com:3478'], username: '1700000000:x', credential: 'c' }],
  iceTransportPolicy: 'all',
  closesAt: '2025-03-11T06:15:00.000Z',
  ...extra,
});

function harness() {
  const devices = answeredByHand<void, { audioOnly: boolean }>();
  const join = answeredByHand<VideoJoin, { appointmentId: string; tab: string; token: string }>();
  const admit = answeredByHand<void, { appointmentId: string; tab: string; token: string }>();
  const switchCall = answeredByHand<Consultation, { appointmentId: string; tab: string; token: string }>();
  const commands: CallCommand['type'][] = [];
  let callInputs: CallActorInput[] = [];
  let sendBack: ((e: VideoCallEvent) => void) | null = null;
  const call = fromCallback<CallCommand, CallActorInput>(({ input, receive, sendBack: back }) => {
    callInputs.push(input);
    sendBack = back as (e: VideoCallEvent) => void;
    receive((c) => commands.push(c.type));
    return () => {
      sendBack = null;
    };
  });
  const clock = new SimulatedClock();
  const machine = videoCallMachine.provide({ actors: { openDevices: devices.logic, joinCall: join.logic, admit: admit.logic, switchToCall: switchCall.logic, call } });
  const actor = createActor(machine, { input: { appointmentId, token: 'tok', tab }, inspect: recordWalk, clock });
  const emitted = recordEmitted<{ type: string }>(actor as unknown as AnyActorRef);
  actor.start();
  const step = stepper(emitted.take, emits);
  const send = (e: VideoCallEvent) => () => actor.send(e);
  const fromCall = (e: VideoCallEvent) => () => {
    expect(sendBack, 'the call actor runs').not.toBeNull();
    sendBack!(e);
  };
  const expected = { commands: [] as string[], audioOnly: false, peer: false, ended: null as string | null, quality: 'unknown', problem: null as string | null, devices: 1, joins: 0, devicesAudioOnly: false, tab, joinTab: tab };
  // The simulated clock's instants of the drop and of the last ICE restart (the reconnect's delays run from them).
  const restarts = { since: 0, last: 0 };
  const restarted = () => {
    expected.commands = [...expected.commands, 'restart'];
    restarts.last = clock.now();
  };
  const shows = (stage: VideoStage) => () => {
    const s = actor.getSnapshot();
    expect(selectStage(s)).toBe(stage);
    expect(commands).toEqual(expected.commands);
    expect(selectAudioOnly(s)).toBe(expected.audioOnly);
    expect(selectPeerPresent(s)).toBe(expected.peer);
    expect(selectEnded(s)).toBe(expected.ended);
    expect(selectQuality(s)).toBe(expected.quality);
    expect(selectDeviceProblem(s)).toBe(expected.problem);
    expect(devices.calls).toHaveLength(expected.devices);
    expect(devices.calls.at(-1)?.input).toEqual({ audioOnly: expected.devicesAudioOnly });
    expect(join.calls).toHaveLength(expected.joins);
    for (const c of [...join.calls, ...admit.calls, ...switchCall.calls]) expect(c.input).toEqual({ appointmentId, tab: c.input.tab === rejoinTab ? rejoinTab : tab, token: 'tok' });
    if (join.calls.length > 0) expect(join.latest().input.tab).toBe(expected.joinTab);
    expect(s.context.tab).toBe(expected.tab);
    for (const i of callInputs) expect(i.token).toBe('tok');
  };
  const joined = (extra: Partial<VideoJoin>) => () => {
    expected.peer = extra.peerPresent ?? false;
    if (extra.admitted) expected.commands = [...expected.commands, 'negotiate'];
    join.latest().resolve(joinOf(extra));
  };
  return {
    stop: () => actor.stop(),
    events: {
      toggleAudio: step('toggleAudio', () => {
        const inCall = actor.getSnapshot().matches('InCall');
        expected.audioOnly = !expected.audioOnly;
        if (inCall) expected.commands = [...expected.commands, 'audioOnly'];
        else {
          expected.devices += 1;
          expected.devicesAudioOnly = expected.audioOnly;
        }
        expected.problem = null;
        actor.send({ type: 'audioOnly.toggle' });
      }),
      changeDevices: step('changeDevices', () => {
        expected.devices += 1;
        actor.send({ type: 'devices.change' });
      }),
      opened: step('opened', () => devices.latest().resolve()),
      denied: step('denied', () => {
        expected.problem = 'denied';
        devices.latest().reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
      }),
      retryDevices: step('retryDevices', () => {
        expected.devices += 1;
        expected.problem = null;
        actor.send({ type: 'devices.retry' });
      }),
      join: step('join', () => {
        expected.joins += 1;
        expected.joinTab = expected.tab;
        actor.send({ type: 'join' });
      }),
      joinedAlone: step('joinedAlone', joined({})),
      joinedWithPeer: step('joinedWithPeer', joined({ peerPresent: true })),
      joinedAdmitted: step('joinedAdmitted', joined({ admitted: true, peerPresent: true })),
      joinFailed: step('joinFailed', () => join.latest().reject(unanswered)),
      peerArrives: step('peerArrives', () => {
        expected.peer = true;
        fromCall({ type: 'call.peer', present: true })();
      }),
      peerLeaves: step('peerLeaves', () => {
        expected.peer = false;
        fromCall({ type: 'call.peer', present: false })();
      }),
      admittedSignal: step('admittedSignal', () => {
        expected.commands = [...expected.commands, 'negotiate'];
        fromCall({ type: 'call.admitted' })();
      }),
      admit: step('admit', send({ type: 'admit' })),
      admitOk: step('admitOk', () => {
        expected.commands = [...expected.commands, 'negotiate'];
        admit.latest().resolve();
      }),
      admitFailed: step('admitFailed', () => admit.latest().reject(refused(409, 'The consultation was opened in another tab or window.'))),
      connecting: step('connecting', fromCall({ type: 'call.connecting' })),
      connected: step('connected', fromCall({ type: 'call.connected' })),
      dropped: step('dropped', () => {
        restarts.since = clock.now();
        restarted();
        fromCall({ type: 'call.disconnected' })();
      }),
      restartAgain: step('restartAgain', async () => {
        clock.increment(restartMs - 1);
        await settle();
        expect(commands).toEqual(expected.commands);
        clock.increment(1);
        restarted();
      }),
      giveUp: step('giveUp', async () => {
        const lastMoment = restarts.since + reconnectMs - 1;
        const againBefore = lastMoment - restarts.last >= restartMs;
        clock.increment(lastMoment - clock.now());
        await settle();
        expect(selectStage(actor.getSnapshot())).toBe('reconnecting');
        if (againBefore) restarted();
        clock.increment(1);
        callInputs = [];
      }),
      quality: step('quality', () => {
        expected.quality = 'poor';
        fromCall({ type: 'call.quality', quality: 'poor' })();
      }),
      switch: step('switch', send({ type: 'switchToCall' })),
      switchOk: step('switchOk', () => {
        expected.ended = 'switched';
        switchCall.latest().resolve({} as Consultation);
      }),
      switchFailed: step('switchFailed', () => switchCall.latest().reject(refused(409, 'This video consultation is over, cancelled or unpaid.'))),
      elsewhere: step('elsewhere', () => {
        expected.ended = 'elsewhere';
        fromCall({ type: 'call.ended', reason: 'elsewhere' })();
      }),
      hangUp: step('hangUp', () => {
        expected.ended = 'hungUp';
        actor.send({ type: 'hangUp' });
      }),
      retry: step('retry', () => {
        expected.joins += 1;
        expected.joinTab = expected.tab;
        actor.send({ type: 'retry' });
      }),
      rejoin: step('rejoin', () => {
        if (expected.ended !== 'switched') {
          Object.assign(expected, { tab: rejoinTab, ended: null, peer: false, quality: 'unknown', problem: null, devices: expected.devices + 1, devicesAudioOnly: expected.audioOnly });
          callInputs = [];
        }
        actor.send({ type: 'rejoin', tab: rejoinTab });
      }),
    },
    states: {
      Opening: shows('checking'),
      Ready: shows('ready'),
      Refused: shows('refused'),
      Joining: shows('joining'),
      WaitingAlone: shows('waiting'),
      WaitingWithPeer: shows('waiting'),
      Admitting: shows('admitting'),
      Admitted: shows('admitted'),
      Connecting: shows('connecting'),
      Live: shows('live'),
      Reconnecting: shows('reconnecting'),
      Switching: shows('switching'),
      Ended: shows('ended'),
      Switched: shows('ended'),
      Failed: shows('failed'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('videoCallMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['denied', 'retryDevices', 'opened', 'toggleAudio', 'opened', 'join', 'joinedAlone', 'admit', 'peerArrives', 'admit', 'admitOk', 'connecting', 'connected', 'quality', 'dropped', 'restartAgain', 'connected', 'hangUp', 'rejoin', 'opened', 'join', 'joinedAdmitted', 'connected', 'switch', 'switchOk', 'rejoin'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(40);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
