/**
 * Model-based paths for the mobile sign-in (tests/machines/models/mobileSignInModel.ts): the
 * number checked and sent (refused, unanswered, sent), the code checked, refused, unanswered or
 * right, the countdown to "Resend code" on a simulated clock, a resend on the same or the other
 * channel, the number changed. Along every path the REAL child runs under the REAL login machine
 * (its parent in the popup) with the two calls answered by hand: each step must emit what the
 * person reads, each state must show what the model says, and no call is made that the model
 * does not expect.
 */
import { createActor, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { MobileSignInAnswer, TextChannel } from '../../contract/mobile.js';
import { loginMachine, selectHasLoggedIn, selectMobileRef, type LoginEmitted } from '../../machines/login/loginMachine.js';
import type { MobileSignInInput, SendCodeInput } from '../../machines/mobileSignIn/events.js';
import {
  mobileSignInMachine,
  resendAfterSeconds,
  selectCanResend,
  selectIsMobileBusy,
  selectMobileChannel,
  selectMobileNumber,
  selectMobileStep,
  selectResendIn,
} from '../../machines/mobileSignIn/mobileSignInMachine.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';
import { mobileModel as model, mobileSteps as steps, type MobileModelEvent } from './models/mobileSignInModel.js';

const newAccount: MobileSignInAnswer = {
  token: 'tok-m1',
  user: { _id: 'u9', firstName: '', lastName: '', email: null },
  created: true,
  profileComplete: false,
};

function harness() {
  const send = answeredByHand<unknown, SendCodeInput>();
  const signIn = answeredByHand<MobileSignInAnswer, MobileSignInInput>();
  const clock = new SimulatedClock();
  const machine = loginMachine.provide({
    actors: { mobileSignIn: mobileSignInMachine.provide({ actors: { sendSignInCode: send.logic, signInWithCode: signIn.logic } }) },
  });
  const actor = createActor(machine, { inspect: recordWalk, clock, input: {} });
  const emitted = recordEmitted<LoginEmitted>(actor);
  actor.start();
  actor.send({ type: 'mobile.start' });
  const mobile = () => {
    const ref = selectMobileRef(actor.getSnapshot());
    if (!ref) throw new Error('the mobile child is gone');
    return ref;
  };
  const step = stepper(emitted.take, steps);
  const expected = { send: 0, signIn: 0 };
  let channel: TextChannel = 'sms';

  const sendNumber = (settle: (call: ReturnType<typeof send.latest>) => void) => () => {
    mobile().send({ type: 'mobile.send', phoneNumber: ' 98220 12345 ', channel: 'sms' });
    channel = 'sms';
    expected.send += 1;
    expect(send.latest().input).toEqual({ phoneNumber: '98220 12345', channel: 'sms' });
    settle(send.latest());
  };
  const resend = (to: TextChannel | undefined, settle: (call: ReturnType<typeof send.latest>) => void) => () => {
    mobile().send({ type: 'mobile.resend', ...(to ? { channel: to } : {}) });
    if (to) channel = to;
    expected.send += 1;
    expect(send.latest().input).toEqual({ phoneNumber: '98220 12345', channel });
    settle(send.latest());
  };
  const verify = (settle: (call: ReturnType<typeof signIn.latest>) => void) => () => {
    mobile().send({ type: 'mobile.verify', code: '123 456' });
    expected.signIn += 1;
    expect(signIn.latest().input).toEqual({ phoneNumber: '98220 12345', code: '123456' });
    settle(signIn.latest());
  };
  const noCall = (act: () => void) => () => {
    act();
    expect({ send: send.calls.length, signIn: signIn.calls.length }).toEqual(expected);
  };
  const fieldsSaid = (field: string, message: string) => {
    const last = emitted.all.at(-1);
    expect(last?.type === 'notice' && last.notice.kind === 'fields' ? last.notice.fieldErrors : null).toEqual([{ field, message }]);
  };

  const atCode = (canResend: boolean) => () => {
    const child = mobile().getSnapshot();
    expect(actor.getSnapshot().value).toBe('Mobile');
    expect(selectMobileStep(child)).toBe('code');
    expect(selectIsMobileBusy(child)).toBe(false);
    expect(selectMobileNumber(child)).toBe('98220 12345');
    expect(selectMobileChannel(child)).toBe(channel);
    expect(selectCanResend(child)).toBe(canResend);
    if (canResend) expect(selectResendIn(child)).toBe(0);
    else expect(selectResendIn(child)).toBeGreaterThan(0);
    expect({ send: send.calls.length, signIn: signIn.calls.length }).toEqual(expected);
  };

  return {
    stop: () => actor.stop(),
    events: {
      'send.blank': step('send.blank', noCall(() => {
        mobile().send({ type: 'mobile.send', phoneNumber: '  ' });
        fieldsSaid('phoneNumber', 'is required');
      })),
      'send.badNumber': step('send.badNumber', noCall(() => {
        // A landline (it starts with 2): not a mobile number.
        mobile().send({ type: 'mobile.send', phoneNumber: '2025551234' });
        fieldsSaid('phoneNumber', 'must be a 10-digit Indian mobile number');
      })),
      'send.unanswered': step('send.unanswered', sendNumber((call) => call.reject(unanswered))),
      'send.tooMany': step('send.tooMany', sendNumber((call) => call.reject(refused(429, 'Too many codes sent. Try again in 10 minutes.')))),
      'send.ok': step('send.ok', sendNumber((call) => call.resolve({ message: 'Code sent.' }))),
      'verify.badCode': step('verify.badCode', noCall(() => {
        mobile().send({ type: 'mobile.verify', code: '12a' });
        fieldsSaid('otp', 'must be the 6-digit code from the message');
      })),
      'verify.wrong': step('verify.wrong', verify((call) => call.reject(refused(401, 'That code is wrong.')))),
      'verify.unanswered': step('verify.unanswered', verify((call) => call.reject(unanswered))),
      'countdown.end': step('countdown.end', () => {
        const left = selectResendIn(mobile().getSnapshot());
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(resendAfterSeconds);
        // One second at a time: it counts down, and offers the resend only at 0.
        for (let s = left; s > 1; s--) {
          clock.increment(1000);
          expect(selectResendIn(mobile().getSnapshot())).toBe(s - 1);
          expect(selectCanResend(mobile().getSnapshot())).toBe(false);
        }
        clock.increment(1000);
      }),
      'resend.ok': step('resend.ok', resend(undefined, (call) => call.resolve({ message: 'Code sent.' }))),
      'resend.otherChannel': step('resend.otherChannel', resend(channel === 'sms' ? 'whatsapp' : 'sms', (call) => call.resolve({ message: 'Code sent.' }))),
      'resend.failed': step('resend.failed', resend(undefined, (call) => call.reject(refused(503, 'Service Unavailable')))),
      'change.number': step('change.number', noCall(() => mobile().send({ type: 'mobile.changeNumber' }))),
      'verify.ok': step('verify.ok', verify((call) => call.resolve(newAccount))),
    } satisfies Record<MobileModelEvent['type'], () => Promise<void>>,
    states: {
      Number: () => {
        const child = mobile().getSnapshot();
        expect(selectMobileStep(child)).toBe('number');
        expect(selectMobileNumber(child)).toBeNull();
        expect(selectResendIn(child)).toBe(0);
        expect({ send: send.calls.length, signIn: signIn.calls.length }).toEqual(expected);
      },
      Counting: atCode(false),
      ResendReady: atCode(true),
      SignedIn: () => {
        const s = actor.getSnapshot();
        expect(selectHasLoggedIn(s)).toBe(true);
        expect(s.output).toEqual(newAccount);
        expect(emitted.all.filter((e) => e.type === 'loggedIn')).toEqual([{ type: 'loggedIn', ...newAccount }]);
      },
    },
  };
}

describe('mobileSignInMachine paths', () => {
  expectWalkedFully(mobileSignInMachine);
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      ['send.badNumber', 'send.ok', 'verify.ok'],
      ['send.ok', 'verify.wrong', 'countdown.end', 'resend.otherChannel', 'verify.unanswered', 'verify.ok'],
      ['send.tooMany', 'send.ok', 'change.number', 'send.ok', 'countdown.end', 'resend.failed', 'verify.wrong', 'resend.ok', 'verify.ok'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model', () => {
    expect(journeys).toHaveLength(3);
    for (const journey of journeys) expect(journey.state.value).toBe('SignedIn');
    const declared = Object.entries(model.config.states ?? {}).flatMap(([state, node]) => Object.keys(node?.on ?? {}).map((event) => `${state} ${event}`));
    expect(declared).toHaveLength(17);
    const taken = new Set(everyTransition.map((p) => `${String(p.steps.at(-2)?.state.value)} ${p.steps.at(-1)?.event.type}`));
    expect(taken).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
