/**
 * The display's stream as its machine's `stream` actor (machines/queueDisplay): reads GET
 * /display/{key}/stream over src/api/queue.ts and says how it ended: `stream.revoked` for a link
 * revoked or never valid (the server's `revoked` event, or a 404), `stream.dropped` for anything
 * else (the server's reconnect at a shutdown, a closed connection, a refusal, a broken network):
 * the machine then waits and connects again. Aborts the fetch when the machine stops it.
 */
import { fromCallback, type CallbackActorLogic } from 'xstate';
import type { QueueDisplayEvent } from '../../machines/queueDisplay/context';
import { queueApi, type QueueApi } from '../api/queue';

export type DisplayStreamLogic = CallbackActorLogic<QueueDisplayEvent, { key: string }>;

export function displayStream(api: Pick<QueueApi, 'readDisplayStream'> = queueApi): DisplayStreamLogic {
  return fromCallback<QueueDisplayEvent, { key: string }>(({ input, sendBack }) => {
    const controller = new AbortController();
    const ended = (revoked: boolean) => controller.signal.aborted || sendBack({ type: revoked ? 'stream.revoked' : 'stream.dropped' });
    api.readDisplayStream(input.key, (snapshot) => sendBack({ type: 'stream.snapshot', snapshot }), controller.signal).then(
      (end) => ended(end.kind === 'revoked'),
      () => ended(false),
    );
    return () => controller.abort();
  });
}
