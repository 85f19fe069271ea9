import type { DeskPatient } from '../../../contract/desk.js';
import type { Gender } from '../../../contract/primitives.js';
import { badField } from '../../services/errors.js';
import { deskMessages } from '../messages.js';

/**
 * An appointment records the patient's phone, age and gender: an account that has not given them
 * yet (a Google sign-up) cannot be booked at the desk until it does. 400 on patientId otherwise.
 */
export function profileKnown(patient: DeskPatient): DeskPatient & { age: number; gender: Gender } {
  const { age, gender } = patient;
  if (age === null || gender === null || patient.phoneNumber === '') {
    throw badField('patientId', 'needs a phone number, an age and a gender on record', deskMessages.noProfile);
  }
  return { ...patient, age, gender };
}
