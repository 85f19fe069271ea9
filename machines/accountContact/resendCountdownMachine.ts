/**
 * "Send the code again in N s": the wait after a code was sent, one second at a time, then done.
 * A flow invokes it for as long as its code stands (the phone and email flows of /account) and
 * allows a resend when it is done; the view reads `selectSecondsLeft` of the child. Counting in
 * a child, not in the flow's own state, keeps the wait running while the person types, checks
 * a code or switches between the password and the email code.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export const resendCountdownMachine = setup({
  types: {} as { context: { secondsLeft: number }; input: { seconds: number } },
  delays: { second: 1000 },
  guards: { isOver: ({ context }) => context.secondsLeft <= 0 },
  actions: { tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
}).createMachine({
  id: 'resendCountdown',
  description: 'Counts the seconds until a code may be sent again, then ends (the flow then allows a resend).',
  context: ({ input }) => ({ secondsLeft: input.seconds }),
  initial: 'Counting',
  states: {
    Counting: {
      description: 'One second less each second.',
      always: { guard: 'isOver', target: 'Over' },
      after: { second: { target: 'Counting', reenter: true, actions: 'tick' } },
    },
    Over: { description: 'A new code may be asked for.', type: 'final' },
  },
});

export type ResendCountdownRef = ActorRefFrom<typeof resendCountdownMachine>;

/** The seconds still to wait; 0 when there is no countdown. */
export const selectSecondsLeft = (snapshot: SnapshotFrom<typeof resendCountdownMachine> | undefined): number =>
  snapshot && snapshot.status === 'active' ? snapshot.context.secondsLeft : 0;
