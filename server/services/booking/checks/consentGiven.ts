import type { ConsultationType } from '../../../../contract/primitives.js';
import { isTeleconsultation } from '../../../access/rules.js';
import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';

/**
 * Teleconsultation consent (telemedicine guidelines): a Chat, Video or Call booking carries the
 * words the patient ticked. Answers them trimmed, to be kept with the time they were given; null
 * for a Clinic Visit, which needs none. 400 when a teleconsultation comes without them.
 */
export function consentGiven(consultationType: ConsultationType, consentText: string | undefined): string | null {
  if (!isTeleconsultation(consultationType)) return null;
  const text = consentText?.trim() ?? null;
  if (!text) throw badField('consentText', 'is required for a Chat, Video or Call consultation', bookingMessages.consentNeeded);
  return text;
}
