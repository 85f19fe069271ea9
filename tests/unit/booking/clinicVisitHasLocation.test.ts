import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { clinicVisitHasLocation } from '../../../server/services/booking/checks/clinicVisitHasLocation';
import { bookingFields, onlinePlan, plan, refusal } from './support';

describe('clinicVisitHasLocation', () => {
  it('lets a Clinic Visit at a location, and a teleconsultation online, through', async () => {
    expect(await refusal(() => clinicVisitHasLocation(plan(), 'Clinic Visit', bookingFields))).toBeNull();
    expect(await refusal(() => clinicVisitHasLocation(onlinePlan(), 'Video', bookingFields))).toBeNull();
  });

  it('refuses a Clinic Visit from the online hours (400 on the location field)', async () => {
    expect(await refusal(() => clinicVisitHasLocation(onlinePlan(), 'Clinic Visit', bookingFields))).toEqual({
      status: 400,
      message: bookingMessages.locationNeeded,
      fields: ['location'],
    });
  });
});
