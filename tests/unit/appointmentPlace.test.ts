/** Where an appointment happens, as cards, the staff console, the .ics and mails say it. */
import { describe, expect, it } from 'vitest';
import { appointmentPlace, AppointmentCreateRequest, locationOrOnline } from '../../contract/appointments.js';
import { isRight } from 'fp-ts/lib/Either.js';

describe('appointmentPlace', () => {
  it('is the clinic, or "Online (type)" for an appointment with no location', () => {
    expect(appointmentPlace({ location: 'Aundh', consultationType: 'Clinic Visit' })).toBe('Aundh');
    expect(appointmentPlace({ location: '', consultationType: 'Video' })).toBe('Online (Video)');
    expect(appointmentPlace({ location: '', consultationType: 'Chat' })).toBe('Online (Chat)');
  });

  it("the create request takes '' (online) or a clinic's name, never blank space or control characters", () => {
    expect(isRight(locationOrOnline.decode(''))).toBe(true);
    expect(isRight(locationOrOnline.decode('Kothrud'))).toBe(true);
    expect(isRight(locationOrOnline.decode('   '))).toBe(false);
    expect(isRight(locationOrOnline.decode('Kothrud\u0000'))).toBe(false);
    expect(isRight(locationOrOnline.decode('x'.repeat(201)))).toBe(false);
    expect(AppointmentCreateRequest.types[0].props.location).toBe(locationOrOnline);
  });
});
