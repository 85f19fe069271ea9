/** Doctors and their consultation fees. */
import type { Email } from '../../contract/primitives.js';
import type { AppointmentFee, Doctor } from '../../contract/site.js';
import type { Database } from '../db/database.js';
import { findDoctorByEmail, listDoctors } from '../repositories/doctors.js';
import { listFees } from '../repositories/fees.js';
import { NotFoundError } from './errors.js';

export function createDoctorService(db: Database) {
  return {
    list: (): Promise<Doctor[]> => listDoctors(db),

    /** Emails are compared without case: "Meera.Kulkarni@..." finds the same doctor. */
    async byEmail(email: Email): Promise<Doctor> {
      const doctor = await findDoctorByEmail(db, email.toLowerCase());
      if (!doctor) throw new NotFoundError('Doctor not found.');
      return doctor;
    },

    fees: (): Promise<AppointmentFee[]> => listFees(db),
  };
}
export type DoctorService = ReturnType<typeof createDoctorService>;
