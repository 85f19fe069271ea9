/** The video call machine's guards (./videoCallMachine.ts). */
import type { VideoCallContext } from './context.js';

export const videoCallGuards = {
  isAdmitted: ({ context }: { context: VideoCallContext }) => context.join?.admitted === true,
  isDoctor: ({ context }: { context: VideoCallContext }) => context.join?.as === 'doctor',
  /** Join again is offered after a hang-up or another tab; not once the window closed or it became a Call. */
  canRejoin: ({ context }: { context: VideoCallContext }) => context.ended === 'hungUp' || context.ended === 'elsewhere',
  canAdmit: ({ context }: { context: VideoCallContext }) => context.join?.as === 'doctor' && context.peerPresent,
};
