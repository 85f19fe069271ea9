/**
 * Shared by the follow-up suites: a paid Clinic Visit with Dr. Meera at Aundh, completed by her
 * with a follow-up (through POST /staff/appointments/{id}/complete, with a diagnosis), and the
 * calls of /api/followup.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { FollowUp } from '../../contract/appointments.js';
import { type AppointmentsApp, bookedAndPaid, prescription, staffCall, toCompletable } from './appointmentsSupport.js';
import type { Patient, Response } from './paymentSupport.js';

export const meeraEmail = 'meera.kulkarni@sahaj-clinic.example';

/** A patient's paid visit at `startTime` today, completed with `followUp`; answers the patient and the appointment's id. */
export async function completedWith(t: AppointmentsApp, followUp: FollowUp | null, startTime = '11:00', patient?: Patient) {
  const who = patient ?? (await t.patient());
  const appointment = await bookedAndPaid(t.app(), who, { startTime });
  const doctor = await t.staff('doctor', meeraEmail).catch(async () => {
    // The doctor's account exists already (a second completion in one test): a new session for it.
    const { rows } = await t.db().query<{ id: string }>('select id from users where email = $1', [meeraEmail]);
    const { createServices } = await import('../../server/services/index.js');
    const { token } = await createServices(t.db(), { now: t.clock.now }).sessions.issue(rows[0]!.id);
    return { id: rows[0]!.id, email: meeraEmail, token, headers: { authorization: `Bearer ${token}` } };
  });
  toCompletable(t.clock, startTime);
  const res = await staffCall(t.app(), doctor, 'POST', `/appointments/${appointment._id}/complete`, {
    ...prescription,
    diagnosis: 'Atopic eczema, both hands',
    followUp,
  });
  if (res.statusCode !== 200) throw new Error(`complete answered ${res.statusCode}: ${res.body}`);
  return { patient: who, id: appointment._id };
}

const as = (who: Patient | null): Partial<InjectOptions> => ({ headers: who ? who.headers : {} });

export const offerOf = (app: FastifyInstance, who: Patient | null, id: string) =>
  app.inject({ method: 'GET', url: `/api/followup/${id}`, ...as(who) }) as Promise<Response>;
export const bookAll = (app: FastifyInstance, who: Patient | null, id: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/followup/${id}/book`, payload: payload as object, ...as(who) }) as Promise<Response>;
export const cancelAll = (app: FastifyInstance, who: Patient | null, id: string) =>
  app.inject({ method: 'POST', url: `/api/followup/${id}/cancel`, ...as(who) }) as Promise<Response>;
export const seriesIcs = (app: FastifyInstance, who: Patient | null, id: string) =>
  app.inject({ method: 'GET', url: `/api/followup/${id}/calendar.ics`, ...as(who) }) as Promise<Response>;

export interface OfferJson {
  dueDate: string;
  state: 'open' | 'booked';
  doctorEmail: string;
  consultationType: string;
  location: string;
  slots: { date: string; startTime: string }[];
  occurrences: {
    index: number;
    wanted: { date: string; startTime: string };
    clash: string | null;
    proposed: { date: string; startTime: string } | null;
    booked: { appointmentId: string; date: string; startTime: string; status: string; paymentStatus: string } | null;
  }[];
}

/** The proposed slots of an offer, as Book all takes them. */
export const proposedOf = (offer: OfferJson) => ({ occurrences: offer.occurrences.map((o) => o.proposed!) });
