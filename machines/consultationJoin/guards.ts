/** The consultation panel machine's guards (./consultationJoinMachine.ts). */
import { nextChange, type ConsultationJoinContext } from './context.js';
import type { ConsultationJoinEvent } from './events.js';

type Args = { context: ConsultationJoinContext; event: ConsultationJoinEvent };

export const consultationJoinGuards = {
  /** "No answer" is for a Call that has opened, noted by staff (the server checks it again). */
  canNote: ({ context }: Args) => {
    const c = context.consultation;
    return c !== null && c.consultationType === 'Call' && c.as !== 'patient' && (c.state === 'open' || c.state === 'closed');
  },
  /** The clock has passed the window's opening or its close: the server is asked again. */
  isChangeDue: ({ context, event }: Args) => {
    if (event.type !== 'clock.tick') return false;
    const at = nextChange(context.consultation);
    return at !== null && event.now >= at;
  },
};
