/** The consultation itself: where a Video or Call consultation stands; the doctor's "no answer" note. */
import { AppointmentIdParams } from '../appointments.js';
import { CallNoAnswerRequest, Consultation } from '../consultation.js';
import { endpoint } from '../endpoint.js';
import { StaffAppointmentParams } from '../staff.js';

export const consultationEndpoints = {
  consultation: endpoint({ method: 'GET', path: '/appointment/:id/consultation', params: AppointmentIdParams, answer: Consultation }),
  noAnswer: endpoint({
    method: 'POST',
    path: '/staff/appointments/:id/call/noanswer',
    params: StaffAppointmentParams,
    body: CallNoAnswerRequest,
    answer: Consultation,
  }),
};
