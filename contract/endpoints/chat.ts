/**
 * A Chat appointment's conversation. A photo goes up as its raw bytes (no body codec: the server
 * reads the bytes, content-type image/* or application/octet-stream) and comes down as a JPEG;
 * the stream is Server-Sent Events, resumed after Last-Event-ID.
 */
import { AppointmentIdParams } from '../appointments.js';
import { ChatConversation, ChatMessage, ChatPhotoParams, ChatReadRequest, ChatTextRequest, ChatUnread } from '../chat.js';
import { endpoint, PassThrough } from '../endpoint.js';

export const chatEndpoints = {
  conversation: endpoint({ method: 'GET', path: '/appointment/:id/chat', params: AppointmentIdParams, answer: ChatConversation }),
  postText: endpoint({ method: 'POST', path: '/appointment/:id/chat/messages', params: AppointmentIdParams, body: ChatTextRequest, answer: ChatMessage }),
  postPhoto: endpoint({ method: 'POST', path: '/appointment/:id/chat/photos', params: AppointmentIdParams, answer: ChatMessage }),
  photo: endpoint({ method: 'GET', path: '/appointment/:id/chat/photos/:photoId', params: ChatPhotoParams, answer: PassThrough, kind: 'file', accept: 'image/jpeg' }),
  read: endpoint({ method: 'POST', path: '/appointment/:id/chat/read', params: AppointmentIdParams, body: ChatReadRequest, answer: ChatUnread }),
  stream: endpoint({
    method: 'GET',
    path: '/appointment/:id/chat/stream',
    params: AppointmentIdParams,
    answer: PassThrough,
    kind: 'stream',
    accept: 'text/event-stream',
  }),
};
