/** What the verify page reads of the machine. */
import type { SnapshotFrom } from 'xstate';
import type { verifyMachine } from './verifyMachine.js';

type Snapshot = SnapshotFrom<typeof verifyMachine>;

export const selectAnswer = (s: Snapshot) => s.context.answer;
export const selectFailure = (s: Snapshot) => (s.matches('Failed') ? s.context.failure : null);
export const selectIsLoading = (s: Snapshot) => s.matches('Loading');
export const selectCode = (s: Snapshot) => s.context.code;
