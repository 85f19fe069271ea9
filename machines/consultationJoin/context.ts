/**
 * The consultation panel machine's input and context (./consultationJoinMachine.ts), and when
 * the join window changes by the clock alone.
 */
import type { Consultation } from '../../contract/consultation.js';

export type ConsultationJoinInput = { appointmentId: string; token: string; now: number };

export type ConsultationJoinContext = {
  appointmentId: string;
  token: string;
  now: number;
  consultation: Consultation | null;
};

/** How often the clock ticks: the link appears at most this long after the window opens. */
export const consultationTickMs = 15_000;

export const initialContext = (input: ConsultationJoinInput): ConsultationJoinContext => ({
  appointmentId: input.appointmentId,
  token: input.token,
  now: input.now,
  consultation: null,
});

/** The next instant (epoch ms) at which the consultation's state changes by the clock alone; null: never. */
export function nextChange(consultation: Consultation | null): number | null {
  if (!consultation) return null;
  if (consultation.state === 'upcoming') return Date.parse(consultation.opensAt);
  if (consultation.state === 'open') return Date.parse(consultation.closesAt);
  return null;
}
