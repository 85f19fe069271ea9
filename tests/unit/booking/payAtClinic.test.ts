import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { payAtClinic } from '../../../server/services/booking/checks/payAtClinic';
import { refusal } from './support';

describe('payAtClinic', () => {
  it('is online payment unless asked for', () => {
    expect(payAtClinic(undefined, 'Clinic Visit', true)).toBe(false);
    expect(payAtClinic(false, 'Clinic Visit', true)).toBe(false);
    expect(payAtClinic(false, 'Video', null)).toBe(false);
  });

  it('takes the fee at the clinic for a Clinic Visit where the location allows it', () => {
    expect(payAtClinic(true, 'Clinic Visit', true)).toBe(true);
  });

  it('refuses it for a teleconsultation, and at a location that does not offer it (400 on payAtClinic)', async () => {
    const field = ['payAtClinic'];
    expect(await refusal(() => payAtClinic(true, 'Video', null))).toEqual({ status: 400, message: bookingMessages.payAtClinicVisitOnly, fields: field });
    expect(await refusal(() => payAtClinic(true, 'Chat', true))).toEqual({ status: 400, message: bookingMessages.payAtClinicVisitOnly, fields: field });
    expect(await refusal(() => payAtClinic(true, 'Clinic Visit', false))).toEqual({ status: 400, message: bookingMessages.payAtClinicNotHere, fields: field });
  });
});
