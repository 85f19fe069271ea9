/**
 * The public verify page (#/verify/<code>): the code printed on a prescription is looked up once
 * (GET /api/verify/{code}) and the answer shown: genuine (the doctor, the date, the initials, the
 * remedies), amended, revoked, or unknown. A failed look-up (the network, the rate limit) offers
 * to try again.
 *
 * Input `{ code }`. Actor (the app provides it, tests fakes): `verify` { code } -> VerifyAnswer,
 * rejecting with the ApiFailure. Views read ./selectors.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { VerifyAnswer } from '../../contract/verify.js';
import { failureOf, initialVerifyContext, type VerifyContext, type VerifyEvent, type VerifyInput } from './context.js';

export const verifySetup = setup({
  types: {} as { context: VerifyContext; events: VerifyEvent; input: VerifyInput },
  actors: {
    verify: fromPromise<VerifyAnswer, { code: string }>(() => {
      throw new Error('verify is provided by the app');
    }),
  },
  actions: {
    storeAnswer: assign({ answer: (_, params: { answer: VerifyAnswer }) => params.answer, failure: null }),
    storeFailure: assign({ failure: (_, params: { error: unknown }) => failureOf(params.error) }),
  },
  guards: {
    is: (_, params: { answer: VerifyAnswer; status: VerifyAnswer['status'] }) => params.answer.status === params.status,
  },
});

const answered = ({ event }: { event: { output: VerifyAnswer } }) => ({ answer: event.output });
const when = (status: VerifyAnswer['status']) => ({ type: 'is' as const, params: ({ event }: { event: { output: VerifyAnswer } }) => ({ answer: event.output, status }) });
const store = { type: 'storeAnswer' as const, params: answered };

export const verifyMachine = verifySetup.createMachine({
  id: 'verify',
  description: "A printed prescription's code checked: genuine, amended, revoked or unknown.",
  context: ({ input }) => initialVerifyContext(input),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Asking the clinic about the code.',
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          { guard: when('genuine'), target: 'Genuine', actions: store },
          { guard: when('amended'), target: 'Amended', actions: store },
          { guard: when('revoked'), target: 'Revoked', actions: store },
          { target: 'Unknown', actions: store },
        ],
        onError: { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    Genuine: { description: 'The clinic issued it and it stands: the doctor, date, initials and remedies are shown.', type: 'final' },
    Amended: { description: 'A later version replaced it: the holder should ask for the new one.', type: 'final' },
    Revoked: { description: 'The clinic withdrew it.', type: 'final' },
    Unknown: { description: 'No prescription has this code.', type: 'final' },
    Failed: { description: 'The look-up failed (the network, or too many look-ups): it may be tried again.', on: { retry: 'Loading' } },
  },
});
