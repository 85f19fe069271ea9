/**
 * The booking popup's details rules (machines/booking/details.ts): the contract's codec names each
 * problem on its field, a blank field 'is required', the consent and the family member are asked
 * for, and a 400's fields of the details step are kept in the form's order.
 */
import { describe, expect, it } from 'vitest';
import { emptyMedicines } from '../../contract/appointments';
import { checkDetails, clearChanged, detailErrorsOf, detailsFor, firstErrorField, isMinor, profileIncomplete } from '../../machines/booking/details';

const request = (change: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  age: 34,
  gender: 'female',
  date: '2030-01-02',
  doctorName: '',
  doctorEmail: 'anita@clinic.example',
  location: 'Bandra',
  consultationType: 'Clinic Visit',
  startTime: '10:00',
  appointmentPaymentStatus: 'failed',
  appointmentPaymentId: null,
  medicines: emptyMedicines,
  ...change,
});
const noConsent = { consent: false, consentGiven: false };

describe('checkDetails', () => {
  it('nothing to say about good details', () => {
    expect(checkDetails(request(), noConsent)).toEqual({});
  });

  it('a blank first name and the phone 12, on their fields, in the form order', () => {
    const errors = checkDetails(request({ phoneNumber: '12', firstName: '  ' }), noConsent);
    expect(errors).toEqual({ firstName: 'is required', phoneNumber: 'must be a 10-digit phone number' });
    expect(firstErrorField(errors)).toBe('firstName');
  });

  it('blank fields are required, whatever the request made of them (a blank age is 0)', () => {
    const typed = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phoneNumber: '', age: '', gender: '' as const };
    expect(checkDetails(request({ phoneNumber: '', age: 0, gender: '' }), { ...noConsent, typed })).toEqual({
      phoneNumber: 'is required',
      age: 'is required',
      gender: 'is required',
    });
    expect(checkDetails(request({ age: 130 }), noConsent)).toEqual({ age: 'must be a whole number from 1 to 120' });
  });

  it('the consent for Chat, Video and Call, and a family member for someone else', () => {
    expect(Object.keys(checkDetails(request(), { consent: true, consentGiven: false, memberMissing: true }))).toEqual(['familyMemberId', 'consentText']);
    expect(checkDetails(request({ consentText: 'I agree.' }), { consent: true, consentGiven: true })).toEqual({});
  });
});

describe('the rest of the details rules', () => {
  it('keeps only the details fields of a 400, in the form order', () => {
    expect(detailErrorsOf({ startTime: 'x', age: 'a', firstName: 'f' })).toEqual({ firstName: 'f', age: 'a' });
    expect(Object.keys(detailErrorsOf({ startTime: 'x' }))).toEqual([]);
  });

  it('a changed field loses its error; the others stay', () => {
    expect(clearChanged({ firstName: 'f', age: 'a' }, ['firstName'])).toEqual({ age: 'a' });
  });

  it("a family member's name, age and gender fill the details; back to Myself, the user's", () => {
    const details = { firstName: 'Asha', lastName: 'Verma', email: 'a@b.in', phoneNumber: '9876543210', age: '34', gender: 'female' as const };
    const member = { _id: 'm', firstName: 'Riya', lastName: 'Verma', age: 9, gender: 'female' as const, relation: 'Daughter' };
    expect(detailsFor(details, member, null)).toEqual({ ...details, firstName: 'Riya', age: '9' });
    expect(detailsFor({ ...details, firstName: 'Riya' }, null, { firstName: 'Asha', lastName: 'Verma', email: 'a@b.in', age: 34, gender: 'female' })).toEqual(details);
    expect(isMinor(member)).toBe(true);
    expect(isMinor({ ...member, age: 18 })).toBe(false);
  });

  it('a Google sign-up without phone, age or gender is incomplete', () => {
    expect(profileIncomplete({ firstName: 'G', lastName: '', email: 'g@x.in', phoneNumber: null, age: null, gender: null })).toBe(true);
    expect(profileIncomplete({ firstName: 'G', lastName: '', email: 'g@x.in', phoneNumber: '9876543210', age: 30, gender: 'male' })).toBe(false);
    expect(profileIncomplete(null)).toBe(false);
  });
});
