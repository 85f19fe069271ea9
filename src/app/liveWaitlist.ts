/**
 * The real waitlist calls (WaitlistServices, src/components/Waitlist/services.ts). The API module
 * is fetched when a call first needs it; only the /myappointment chunk imports this file.
 */
import type { StreamEnd } from '../api/chat';
import { fetchDoctors } from '../api/site';
import type { WaitlistJoinFields } from '../api/waitlist';
import type { WaitlistServices } from '../components/Waitlist/services';
import type { JoinRequest } from '../../machines/waitlistOffer/join';
import { right } from 'fp-ts/lib/Either.js';
import { fromCallback } from 'xstate';
import type { WaitlistLiveEvent } from '../../machines/waitlistOffer/waitlistLiveMachine';
import { fromApi, loadOnce } from './fromApi';

const loadApi = loadOnce(() => import('../api/waitlist').then((m) => m.waitlistApi));

export const liveWaitlistServices: WaitlistServices = {
  loadWaitlist: fromApi(async ({ token }: { token: string }, signal) => {
    const api = await loadApi();
    const [list, doctors] = await Promise.all([api.listWaitlist(token, signal), fetchDoctors(signal)]);
    if (list._tag === 'Left') return list;
    if (doctors._tag === 'Left') return doctors;
    return right({ list: list.right, doctors: doctors.right });
  }),
  // The machine checked it with the contract's codec; the server decodes it again.
  joinWaitlist: fromApi(async ({ request, token }: { request: JoinRequest; token: string }, signal) =>
    (await loadApi()).joinWaitlist(request as WaitlistJoinFields, token, signal),
  ),
  leaveWaitlist: fromApi<unknown, { id: string; token: string }>(async ({ id, token }, signal) => (await loadApi()).leaveWaitlist(id, token, signal)),
  declineOffer: fromApi<unknown, { entryId: string; token: string }>(async ({ entryId, token }, signal) =>
    (await loadApi()).declineOffer(entryId, token, signal),
  ),
  // Read until it ends, then said how: a refusal (4xx: the session is over, too many open) is
  // `stream.refused`, anything else `stream.dropped` (the machine follows again after a pause).
  followWaitlist: fromCallback<WaitlistLiveEvent, { token: string }>(({ input, sendBack }) => {
    const controller = new AbortController();
    const ended = (end: StreamEnd | null) => {
      if (controller.signal.aborted) return;
      const refused = end?.kind === 'failed' && end.failure._tag === 'HttpFailure' && end.failure.status >= 400 && end.failure.status < 500;
      sendBack({ type: refused ? 'stream.refused' : 'stream.dropped' });
    };
    loadApi()
      .then((api) => api.readWaitlistStream(input.token, (list) => sendBack({ type: 'stream.list', list }), controller.signal))
      .then(ended, () => ended(null));
    return () => controller.abort();
  }),
};
