/** The consultation itself: where a Video or Call consultation stands; the doctor's "no answer" note. */
import { AppointmentIdParams } from '../appointments.js';
import { CallNoAnswerRequest, Consultation } from '../consultation.js';
import { endpoint, PassThrough } from '../endpoint.js';
import { StaffAppointmentParams } from '../staff.js';
import { VideoJoin, VideoJoinRequest, VideoSent, VideoSignalRequest, VideoStreamQuery, VideoTabRequest } from '../video.js';

export const consultationEndpoints = {
  consultation: endpoint({ method: 'GET', path: '/appointment/:id/consultation', params: AppointmentIdParams, answer: Consultation }),
  noAnswer: endpoint({
    method: 'POST',
    path: '/staff/appointments/:id/call/noanswer',
    params: StaffAppointmentParams,
    body: CallNoAnswerRequest,
    answer: Consultation,
  }),
  /** The portal's own video (contract/video.ts). */
  videoJoin: endpoint({ method: 'POST', path: '/appointment/:id/video/join', params: AppointmentIdParams, body: VideoJoinRequest, answer: VideoJoin }),
  videoStream: endpoint({
    method: 'GET',
    path: '/appointment/:id/video/stream',
    params: AppointmentIdParams,
    query: VideoStreamQuery,
    answer: PassThrough,
    kind: 'stream',
    accept: 'text/event-stream',
  }),
  videoSignal: endpoint({ method: 'POST', path: '/appointment/:id/video/signal', params: AppointmentIdParams, body: VideoSignalRequest, answer: VideoSent }),
  videoAdmit: endpoint({ method: 'POST', path: '/appointment/:id/video/admit', params: AppointmentIdParams, body: VideoTabRequest, answer: VideoSent }),
  videoSwitch: endpoint({ method: 'POST', path: '/appointment/:id/video/switch', params: AppointmentIdParams, body: VideoTabRequest, answer: Consultation }),
};
