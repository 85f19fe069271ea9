import { describe, expect, it } from 'vitest';
import { adultAge } from '../../../contract/people';
import { bookingMessages } from '../../../server/services/appointments';
import { minorHasAdult } from '../../../server/services/booking/checks/minorHasAdult';
import { refusal } from './support';

describe('minorHasAdult', () => {
  it('has nothing to check for the account holder themselves, or an adult family member', async () => {
    expect(await refusal(() => minorHasAdult(null, { age: null }))).toBeNull();
    expect(await refusal(() => minorHasAdult({ age: adultAge }, { age: 12 }))).toBeNull();
  });

  it('lets an adult account holder book a minor', async () => {
    expect(await refusal(() => minorHasAdult({ age: 7 }, { age: adultAge }))).toBeNull();
  });

  it('refuses a minor booked by a minor, or by a holder whose age is not known (400 on familyMemberId)', async () => {
    expect(await refusal(() => minorHasAdult({ age: 7 }, { age: adultAge - 1 }))).toEqual({
      status: 400,
      message: bookingMessages.minorNeedsAdult,
      fields: ['familyMemberId'],
    });
    expect(await refusal(() => minorHasAdult({ age: 7 }, { age: null }))).toEqual({
      status: 400,
      message: bookingMessages.holderAgeUnknown,
      fields: ['familyMemberId'],
    });
  });
});
