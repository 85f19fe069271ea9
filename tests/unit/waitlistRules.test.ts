/** The join's rules (server/waitlist/rules.ts), each with what it lets through and what it refuses. */
import { describe, expect, it } from 'vitest';
import type { Doctor } from '../../contract/site';
import { bookingMessages } from '../../server/services/appointments';
import { maxLiveEntries, waitlistMessages } from '../../server/waitlist/refusals';
import { doctorFits, noOverlap, profileComplete, rangeFits, withinEntryLimit } from '../../server/waitlist/rules';
import { refusal } from './booking/support';

/** Tuesday 11 March 2025, 10:00 in the clinic. */
const at = new Date('2025-03-11T04:30:00Z');

const doctor = (over: Partial<Doctor> = {}): Doctor => ({
  _id: 'd1',
  name: 'Dr. Meera Kulkarni',
  email: 'meera@example.com',
  type: 'clinic',
  locations: ['Kothrud', 'Aundh'],
  qualification: 'BHMS',
  consultsOnline: true,
  ...over,
});

describe('rangeFits', () => {
  it('lets today to 30 days later through, within the horizon', async () => {
    expect(await refusal(() => rangeFits({ fromDate: '2025-03-11', toDate: '2025-04-10' } as never, at, 90))).toBeNull();
    expect(await refusal(() => rangeFits({ fromDate: '2025-03-12', toDate: '2025-03-12' } as never, at, 90))).toBeNull();
  });

  it('refuses a past first day, a last day before it, more than 31 days, and a last day beyond the horizon', async () => {
    const cases: [string, string, string, string][] = [
      ['2025-03-10', '2025-03-12', bookingMessages.pastDate, 'fromDate'],
      ['2025-03-13', '2025-03-12', waitlistMessages.rangeBackwards, 'toDate'],
      ['2025-03-11', '2025-04-11', waitlistMessages.rangeTooLong, 'toDate'],
      ['2025-03-12', '2025-03-20', 'Appointments can be booked up to 7 days ahead. Please choose an earlier date.', 'toDate'],
    ];
    for (const [fromDate, toDate, message, field] of cases) {
      expect(await refusal(() => rangeFits({ fromDate, toDate } as never, at, 7)), `${fromDate} ${toDate}`).toEqual({ status: 400, message, fields: [field] });
    }
  });
});

describe('doctorFits', () => {
  it('answers the clinic asked for, or null for any clinic and for the online hours', () => {
    const ask = (location: string, consultationType: string) => doctorFits(doctor(), { location, consultationType } as never);
    expect(ask('Aundh', 'Clinic Visit')).toBe('Aundh');
    expect(ask('', 'Clinic Visit')).toBeNull();
    expect(ask('', 'Video')).toBeNull();
  });

  it('refuses an unknown doctor, a clinic not theirs, a teleconsultation at a clinic or without online hours, a Clinic Visit with an online doctor', async () => {
    const cases: [Doctor | null, string, string, string, string][] = [
      [null, '', 'Clinic Visit', bookingMessages.doctorUnknown, 'doctorEmail'],
      [doctor(), 'Hadapsar', 'Clinic Visit', bookingMessages.notHere, 'location'],
      [doctor({ locations: [] }), '', 'Clinic Visit', bookingMessages.notHere, 'location'],
      [doctor(), 'Aundh', 'Chat', bookingMessages.onlineNoClinic, 'location'],
      [doctor({ consultsOnline: false }), '', 'Call', waitlistMessages.noOnlineHours, 'consultationType'],
      [doctor({ type: 'online' }), '', 'Clinic Visit', bookingMessages.onlineOnly, 'consultationType'],
    ];
    for (const [d, location, consultationType, message, field] of cases) {
      expect(await refusal(() => doctorFits(d, { location, consultationType } as never)), `${location} ${consultationType}`).toEqual({
        status: 400,
        message,
        fields: [field],
      });
    }
  });
});

describe('the patient', () => {
  it('needs a phone number, age and gender on the account', async () => {
    expect(await refusal(() => profileComplete({ phoneNumber: '9876543210', age: 30, gender: 'female' }))).toBeNull();
    expect(await refusal(() => profileComplete({ phoneNumber: '9876543210', age: null, gender: 'female' }))).toEqual({
      status: 400,
      message: waitlistMessages.profileIncomplete,
      fields: ['profile'],
    });
  });

  it(`keeps at most ${maxLiveEntries} live entries, and one per doctor and day`, async () => {
    expect(await refusal(() => withinEntryLimit(maxLiveEntries - 1))).toBeNull();
    expect(await refusal(() => withinEntryLimit(maxLiveEntries))).toEqual({ status: 400, message: waitlistMessages.tooMany, fields: ['(body)'] });
    expect(await refusal(() => noOverlap(false))).toBeNull();
    expect(await refusal(() => noOverlap(true))).toEqual({ status: 409, message: waitlistMessages.overlap, fields: [] });
  });
});
