/**
 * The real chat calls (ChatServices, src/components/Chat/services.ts) over src/api/chat.ts: the
 * JSON calls through `fromApi`, the stream as a callback actor that reads it until it ends and
 * then says so (`stream.dropped`: the machine pauses, loads again and resumes after its last id),
 * aborting the fetch when the machine stops it.
 */
import { fromCallback } from 'xstate';
import type { ChatEvent } from '../../machines/chat/events';
import { chatApi } from '../api/chat';
import type { ChatServices } from '../components/Chat/services';
import { answerOf, fromApi } from './fromApi';

type Ids = { appointmentId: string; token: string };

export const liveChatServices: ChatServices = {
  actors: {
    loadChat: fromApi(({ appointmentId, token }: Ids, signal) => chatApi.fetchChat(appointmentId, token, signal)),
    postText: fromApi(({ appointmentId, text, clientId, token }: Ids & { text: string; clientId: string }, signal) =>
      chatApi.postText(appointmentId, text, token, signal, clientId),
    ),
    postPhoto: fromApi(({ appointmentId, photo, token }: Ids & { photo: Blob }, signal) => chatApi.postPhoto(appointmentId, photo, token, signal)),
    markRead: fromApi(({ appointmentId, upTo, token }: Ids & { upTo: string }, signal) => chatApi.markRead(appointmentId, upTo, token, signal)),
    stream: fromCallback<ChatEvent, Ids & { after: string }>(({ input, sendBack }) => {
      const controller = new AbortController();
      chatApi
        .readStream(input.appointmentId, input.after, input.token, { onMessage: (message) => sendBack({ type: 'stream.message', message }) }, controller.signal)
        // However it ended (the server's reconnect, the appointment's state changed, a closed
        // connection, a refusal, a broken network), the machine reconnects; the reload then says
        // where the conversation stands (completed: follow-up; cancelled: closed) or what is wrong.
        .then(
          () => controller.signal.aborted || sendBack({ type: 'stream.dropped' }),
          () => controller.signal.aborted || sendBack({ type: 'stream.dropped' }),
        );
      return () => controller.abort();
    }),
  },
  loadPhoto: ({ appointmentId, photoId, token }, signal) => answerOf(chatApi.fetchPhoto(appointmentId, photoId, token, signal)),
};
