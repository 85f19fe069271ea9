/** Doctors and their consultation fees. */
import type { ClinicDate, Email } from '../../contract/primitives.js';
import type { AppointmentFee, Doctor } from '../../contract/site.js';
import type { Database } from '../db/database.js';
import { findDoctorByEmail, listDoctors } from '../repositories/doctors.js';
import { listFees } from '../repositories/fees.js';
import { NotFoundError } from './errors.js';

/** `lastBookableDate`: the booking horizon's last day now (services/schedule.ts); each doctor carries it for the date pickers. */
export function createDoctorService(db: Database, lastBookableDate: () => ClinicDate) {
  return {
    async list(): Promise<Doctor[]> {
      const bookableUntil = lastBookableDate();
      return (await listDoctors(db)).map((doctor) => ({ ...doctor, bookableUntil }));
    },

    /** Emails are compared without case: "Meera.Kulkarni@..." finds the same doctor. */
    async byEmail(email: Email): Promise<Doctor> {
      const doctor = await findDoctorByEmail(db, email.toLowerCase());
      if (!doctor) throw new NotFoundError('Doctor not found.');
      return { ...doctor, bookableUntil: lastBookableDate() };
    },

    fees: (): Promise<AppointmentFee[]> => listFees(db),
  };
}
export type DoctorService = ReturnType<typeof createDoctorService>;
