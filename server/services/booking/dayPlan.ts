/**
 * The booking rules against the doctor's day plan, shared by booking, the patient's move and the
 * admin's move (services/staffSchedule.ts). Each rule is one check in checks/, run in this order;
 * the first that fails answers.
 */
import type { ConsultationType } from '../../../contract/primitives.js';
import type { ServiceError } from '../errors.js';
import type { DayPlan } from '../schedule.js';
import { clinicVisitHasLocation } from './checks/clinicVisitHasLocation.js';
import { doctorKnown } from './checks/doctorKnown.js';
import { onlineDoctorNoClinicVisit } from './checks/onlineDoctorNoClinicVisit.js';
import { slotOffered } from './checks/slotOffered.js';
import { teleconsultationOnline } from './checks/teleconsultationOnline.js';
import { worksAtLocation } from './checks/worksAtLocation.js';

/** How a request names what the booking rules check, for the field errors of its 400 answers. */
export interface BookingFields {
  location: string;
  date: string;
  time: string;
  /** The field an online doctor's Clinic Visit is blamed on, and what it says. */
  onlineOnly: { field: string; message: string };
  /** The answer when the doctor is not there (unknown, or retired meanwhile). */
  noDoctor: () => ServiceError;
}

/**
 * The booking rules against the doctor's day plan: the doctor is there and active, works at the
 * location, consults this way (an online doctor: no Clinic Visit), and the time is one of the
 * day's slots, not begun, with the doctor not on leave. Whether somebody holds the slot is the
 * slot index's to say. Answers the doctor's and the location's ids; throws the request's 400 otherwise.
 */
export function checkDayPlan(
  dayPlan: DayPlan | null,
  want: { date: string; time: string; consultationType: ConsultationType },
  at: Date,
  fields: BookingFields,
): { doctorId: string; locationId: string | null } {
  const plan = doctorKnown(dayPlan, fields);
  worksAtLocation(plan, fields);
  clinicVisitHasLocation(plan, want.consultationType, fields);
  teleconsultationOnline(plan, want.consultationType, fields);
  onlineDoctorNoClinicVisit(plan, want.consultationType, fields);
  slotOffered(plan, want, at, fields);
  return { doctorId: plan.doctor.id, locationId: plan.locationId };
}
