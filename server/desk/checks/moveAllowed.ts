import type { QueueMove, QueueStatus } from '../../../contract/desk.js';
import { ConflictError } from '../../services/errors.js';
import { deskMessages } from '../messages.js';

/**
 * Where each move of the queue leaves from: done and back from the room (called); a no-show from
 * the room (called, did not come in) or from the line (never came when it was their turn). 409
 * 'queueMoveRefused' from anywhere else (finished entries stay finished).
 */
const from: Record<QueueMove, readonly QueueStatus[]> = {
  done: ['called'],
  back: ['called'],
  noshow: ['called', 'waiting'],
};

export function moveAllowed(status: QueueStatus, move: QueueMove): void {
  if (!from[move].includes(status)) throw new ConflictError(deskMessages.queueMoveRefused);
}
