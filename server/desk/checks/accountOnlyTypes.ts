import type { DeskPatient } from '../../../contract/desk.js';
import type { ConsultationType } from '../../../contract/primitives.js';
import { badField } from '../../services/errors.js';
import { deskMessages } from '../messages.js';

/**
 * A patient without an account (registered at the desk) can have a Clinic Visit or a Call (the
 * doctor rings their phone); a Chat or a Video happens on the portal, which they cannot sign in to.
 * 400 on consultationType otherwise.
 */
export function accountOnlyTypes(patient: Pick<DeskPatient, 'kind'>, consultationType: ConsultationType): void {
  if (patient.kind === 'desk' && (consultationType === 'Chat' || consultationType === 'Video')) {
    throw badField('consultationType', 'must be Clinic Visit or Call for a patient without an account', deskMessages.portalOnly);
  }
}
