import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { onlineDoctorNoClinicVisit } from '../../../server/services/booking/checks/onlineDoctorNoClinicVisit';
import { bookingFields, plan, refusal } from './support';

const onlineDoctor = () => plan({ doctor: { ...plan().doctor, type: 'online' } });

describe('onlineDoctorNoClinicVisit', () => {
  it('lets a clinic doctor’s Clinic Visit, and an online doctor’s teleconsultation, through', async () => {
    expect(await refusal(() => onlineDoctorNoClinicVisit(plan(), 'Clinic Visit', bookingFields))).toBeNull();
    expect(await refusal(() => onlineDoctorNoClinicVisit(onlineDoctor(), 'Chat', bookingFields))).toBeNull();
  });

  it('refuses an online doctor’s Clinic Visit on the request’s own field', async () => {
    expect(await refusal(() => onlineDoctorNoClinicVisit(onlineDoctor(), 'Clinic Visit', bookingFields))).toEqual({
      status: 400,
      message: bookingMessages.onlineOnly,
      fields: ['consultationType'],
    });
    const moveFields = { ...bookingFields, onlineOnly: { field: 'selectedLocation', message: 'this doctor consults online only' } };
    expect(await refusal(() => onlineDoctorNoClinicVisit(onlineDoctor(), 'Clinic Visit', moveFields))).toMatchObject({ fields: ['selectedLocation'] });
  });
});
