/**
 * The sign-up form as the registration machine (./registrationMachine.ts) checks it: its fields,
 * the blank ones in the form's order, and the register call's payload made of it.
 */
import type { Gender } from '../../contract/primitives.js';
import { isBlank } from '../shared/notices.js';

/** The sign-up form as its inputs hold it. `confirmPassword` and the terms box are not sent. */
export type RegistrationForm = {
  firstName: string;
  lastName: string;
  email: string;
  age: string;
  gender: Gender | '';
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
};

export type RequiredField = Exclude<keyof RegistrationForm, 'termsAccepted'>;

/** The register call's payload (RegisterRequest's fields, before the server decodes them). */
export type RegisterInput = {
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  gender: Gender;
  phoneNumber: string;
  password: string;
};

const requiredFields: readonly RequiredField[] = [
  'firstName',
  'lastName',
  'email',
  'age',
  'gender',
  'phoneNumber',
  'password',
  'confirmPassword',
];

/** The blank fields, in the form's order; gender counts as blank unless male or female. */
export function missingFields(form: RegistrationForm): RequiredField[] {
  return requiredFields.filter((field) =>
    field === 'gender' ? form.gender !== 'male' && form.gender !== 'female' : isBlank(form[field]),
  );
}

export function registerInput(form: RegistrationForm): RegisterInput {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    // Not a whole number: sent anyway, and the server's 400 names the field.
    age: Number(form.age.trim()),
    gender: form.gender as Gender,
    phoneNumber: form.phoneNumber.trim(),
    password: form.password,
  };
}
