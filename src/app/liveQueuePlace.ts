/**
 * The real calls of the patient's place (machines/queuePlace) over src/api/queue.ts: the read
 * through `fromApi`, the stream as a callback actor that reads it until it ends and then says so
 * (`stream.dropped`: the machine pauses and reads again; a read then says where the patient
 * stands, or that the stream is not theirs any more), aborting the fetch when the machine stops it.
 */
import { fromCallback } from 'xstate';
import type { QueuePlaceEvent } from '../../machines/queuePlace/context';
import { queueApi } from '../api/queue';
import type { QueuePlaceActors } from '../components/Appointments/QueuePlaceLine';
import { fromApi } from './fromApi';

type Ids = { appointmentId: string; token: string };

export const liveQueuePlace: QueuePlaceActors = {
  loadPlace: fromApi(({ appointmentId, token }: Ids, signal) => queueApi.fetchPlace(appointmentId, token, signal)),
  stream: fromCallback<QueuePlaceEvent, Ids>(({ input, sendBack }) => {
    const controller = new AbortController();
    const dropped = () => controller.signal.aborted || sendBack({ type: 'stream.dropped' });
    queueApi.readPlaceStream(input.appointmentId, input.token, (place) => sendBack({ type: 'stream.place', place }), controller.signal).then(dropped, dropped);
    return () => controller.abort();
  }),
};
