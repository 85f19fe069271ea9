/**
 * The people an account books for (who an appointment is for) and the account's own
 * profile. A family member is the person consulted; the account holder books and pays.
 *
 *   GET    /family            the caller's family members (not archived), oldest first
 *   POST   /family            add one                        -> FamilyMember
 *   PUT    /family/{id}       edit one of the caller's own   -> FamilyMember (404 for another's)
 *   DELETE /family/{id}       archive one of the caller's own -> MessageAnswer (404 for another's)
 *   PUT    /auth/profile      the caller's name, phone, age and gender -> User
 */
import * as t from 'io-ts';
import { Gender, Id, intBetween, line, nonEmptyLine, PhoneNumber } from './primitives.js';

/** Under this age a person is a minor (India's telemedicine guidelines: an adult must be present). */
export const adultAge = 18;

/** A family member as the patient writes one; the same rules as the family_members columns. */
export const FamilyMemberInput = t.type(
  {
    firstName: nonEmptyLine(200),
    lastName: line(200),
    age: intBetween(1, 120),
    gender: Gender,
    /** As the account holder says it: 'Mother', 'Son', 'Spouse'... */
    relation: nonEmptyLine(50),
  },
  'FamilyMemberInput',
);
export type FamilyMemberInput = t.TypeOf<typeof FamilyMemberInput>;

export const FamilyMember = t.type(
  {
    _id: t.string,
    firstName: t.string,
    lastName: t.string,
    age: t.number,
    gender: Gender,
    relation: t.string,
  },
  'FamilyMember',
);
export type FamilyMember = t.TypeOf<typeof FamilyMember>;
export const FamilyMemberList = t.array(FamilyMember, 'FamilyMemberList');

export const FamilyMemberParams = t.type({ id: Id }, 'FamilyMemberParams');

/**
 * PUT /auth/profile: what a patient may change of their account (the email is the login, and the
 * password has its own way, /forgotpassword). A Google sign-up fills phone, age and gender here
 * (or at its first booking).
 */
export const ProfileUpdateRequest = t.type(
  {
    firstName: nonEmptyLine(200),
    lastName: line(200),
    phoneNumber: PhoneNumber,
    age: intBetween(1, 120),
    gender: Gender,
  },
  'ProfileUpdateRequest',
);
export type ProfileUpdateRequest = t.TypeOf<typeof ProfileUpdateRequest>;

/** The words of the teleconsultation consent, at most this long (appointments.consent_text). */
export const consentTextMax = 2000;
