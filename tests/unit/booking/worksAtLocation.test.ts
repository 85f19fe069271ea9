import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { worksAtLocation } from '../../../server/services/booking/checks/worksAtLocation';
import { bookingFields, onlinePlan, plan, refusal } from './support';

describe('worksAtLocation', () => {
  it('lets one of the doctor’s locations, and their online hours, through', async () => {
    expect(await refusal(() => worksAtLocation(plan(), bookingFields))).toBeNull();
    expect(await refusal(() => worksAtLocation(onlinePlan(), bookingFields))).toBeNull();
  });

  it('refuses a location the doctor does not work at (400 on the location field)', async () => {
    expect(await refusal(() => worksAtLocation(plan({ locationId: null }), bookingFields))).toEqual({
      status: 400,
      message: bookingMessages.notHere,
      fields: ['location'],
    });
  });
});
