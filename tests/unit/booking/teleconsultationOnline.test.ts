import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { teleconsultationOnline } from '../../../server/services/booking/checks/teleconsultationOnline';
import { bookingFields, onlinePlan, plan, refusal } from './support';

describe('teleconsultationOnline', () => {
  it('lets Chat, Video and Call from the online hours, and a Clinic Visit at a clinic, through', async () => {
    for (const type of ['Chat', 'Video', 'Call'] as const) {
      expect(await refusal(() => teleconsultationOnline(onlinePlan(), type, bookingFields))).toBeNull();
    }
    expect(await refusal(() => teleconsultationOnline(plan(), 'Clinic Visit', bookingFields))).toBeNull();
  });

  it('refuses Chat, Video or Call at a clinic (400 on the location field)', async () => {
    for (const type of ['Chat', 'Video', 'Call'] as const) {
      expect(await refusal(() => teleconsultationOnline(plan(), type, bookingFields))).toEqual({
        status: 400,
        message: bookingMessages.onlineNoClinic,
        fields: ['location'],
      });
    }
  });
});
