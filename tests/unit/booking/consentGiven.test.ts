import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../../server/services/appointments';
import { consentGiven } from '../../../server/services/booking/checks/consentGiven';
import { refusal } from './support';

describe('consentGiven', () => {
  it('answers a teleconsultation’s consent words, trimmed', () => {
    expect(consentGiven('Video', '  I agree to a video consultation. ')).toBe('I agree to a video consultation.');
  });

  it('keeps no consent for a Clinic Visit, whatever the request says', () => {
    expect(consentGiven('Clinic Visit', 'I agree')).toBeNull();
    expect(consentGiven('Clinic Visit', undefined)).toBeNull();
  });

  it('refuses Chat, Video or Call without consent words, or with blanks only (400 on consentText)', async () => {
    const refused = { status: 400, message: bookingMessages.consentNeeded, fields: ['consentText'] };
    expect(await refusal(() => consentGiven('Chat', undefined))).toEqual(refused);
    expect(await refusal(() => consentGiven('Call', '   '))).toEqual(refused);
  });
});
