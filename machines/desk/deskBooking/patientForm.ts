/**
 * The desk's "register a patient" form (no account): name, phone, age and gender as the booking
 * form asks, email optional. Checked with the contract's own codec (DeskPatientRequest) before any
 * request, each problem on its field; the server's 400 names fields the same way.
 */
import { DeskPatientRequest } from '../../../contract/desk.js';
import type { Gender } from '../../../contract/primitives.js';
import { formErrors } from '../../fieldCheck.js';
import type { FieldErrors } from '../../failures.js';

export type PatientDraft = { firstName: string; lastName: string; phoneNumber: string; age: string; gender: Gender | ''; email: string };
/** The form's fields in its order (the focus goes to the first with an error). */
export const patientFields = ['firstName', 'lastName', 'phoneNumber', 'age', 'gender', 'email'] as const;
export const emptyPatient: PatientDraft = { firstName: '', lastName: '', phoneNumber: '', age: '', gender: '', email: '' };

export const patientRequest = (d: PatientDraft) => ({
  firstName: d.firstName.trim(),
  lastName: d.lastName.trim(),
  phoneNumber: d.phoneNumber.trim(),
  age: d.age.trim() === '' ? Number.NaN : Number(d.age.trim()),
  gender: d.gender,
  email: d.email.trim(),
});
export type PatientRequest = ReturnType<typeof patientRequest>;

/** The problem of each field ({} when the codec takes the form), in the form's order. */
export const patientErrors = (d: PatientDraft): FieldErrors => formErrors(DeskPatientRequest, patientRequest(d), patientFields);

/** The form's fields the server's 400 named ({} when none of them). */
export function patientErrorsOf(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(patientFields.filter((f) => errors[f] !== undefined).map((f) => [f, errors[f]!]));
}
