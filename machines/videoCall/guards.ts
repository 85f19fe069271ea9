/** The video call machine's guards (./videoCallMachine.ts). */
import type { VideoCallContext } from './context.js';

export const videoCallGuards = {
  isAdmitted: ({ context }: { context: VideoCallContext }) => context.join?.admitted === true,
  isDoctor: ({ context }: { context: VideoCallContext }) => context.join?.as === 'doctor',
  canAdmit: ({ context }: { context: VideoCallContext }) => context.join?.as === 'doctor' && context.peerPresent,
};
