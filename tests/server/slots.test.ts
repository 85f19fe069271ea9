/**
 * Slots in clinic time (Asia/Kolkata) whatever the server's zone: the process runs these with
 * TZ set to UTC and to America/New_York (Node re-reads TZ when process.env.TZ is assigned), on
 * every backend, around midnight in the clinic, when the server's calendar day is another one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutSlots } from '../../server/services/schedule.js';
import { backends } from './helpers.js';
import { book, meera, messageOf, slotMap, useBookingApp } from './paymentSupport.js';

const zones = ['UTC', 'America/New_York'] as const;
const start = new Date('2025-03-11T04:30:00Z'); // the test clock's start

describe('slot cutting', () => {
  // Clinic time itself (the Intl agreement, day boundaries): tests/unit/clinicTime.test.ts.
  it('cuts the slots that fit, once each', () => {
    expect(cutSlots([{ start: '17:00', end: '18:00' }], 20)).toEqual(['17:00', '17:20', '17:40']);
    expect(cutSlots([{ start: '09:00', end: '09:50' }, { start: '09:30', end: '10:00' }], 20)).toEqual(['09:00', '09:20', '09:30']);
  });
});

describe.each(zones)('with the server in %s', (zone) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('the zone really applies to this process', () => {
    // 11 March 2025: New York is on daylight time (UTC-4) since 9 March.
    expect(new Date('2025-03-11T18:30:00Z').getTimezoneOffset()).toBe(zone === 'UTC' ? 0 : 240);
  });

  describe.each(backends)('on %s', (backend) => {
    const t = useBookingApp(backend);
    const at = (iso: string) => t.clock.advance(new Date(iso).getTime() - start.getTime());

    it('one minute before midnight in the clinic: today (Tuesday) is over, tomorrow (Wednesday) is all free', async () => {
      at('2025-03-11T18:29:00Z'); // 23:59 IST on Tuesday 11 March; 14:29 in New York, 18:29 in UTC
      const tuesday = await slotMap(t.app(), meera.email, 'Aundh', '2025-03-11');
      expect(new Set(Object.values(tuesday))).toEqual(new Set(['unavailable']));
      const wednesday = await slotMap(t.app(), meera.email, 'Aundh', '2025-03-12');
      expect(Object.keys(wednesday)).toHaveLength(12); // 17:00-19:45
      expect(new Set(Object.values(wednesday))).toEqual(new Set(['free']));
      // The server's own calendar still says the 11th; a date picker minimum of "today" means the clinic's.
      expect((await book(t.app(), await t.patient(), { date: '2025-03-11', startTime: '18:45' })).statusCode).toBe(400);
    });

    it('just after midnight in the clinic: Wednesday is today, and books, while the server zone says Tuesday', async () => {
      at('2025-03-11T18:35:00Z'); // 00:05 IST on Wednesday 12 March
      expect(new Date(t.clock.now()).getDate()).toBe(11); // local date of the server, both zones
      const res = await book(t.app(), await t.patient(), { date: '2025-03-12', startTime: '17:00' });
      expect(res.statusCode).toBe(200);
      expect(res.json().date).toBe('2025-03-12');
      const past = await book(t.app(), await t.patient(), { date: '2025-03-11', startTime: '18:45' });
      expect(past.statusCode).toBe(400);
      expect(messageOf(past)).toBe('Please choose a date from today on.');
    });

    it('in the evening of the clinic day, slots before the clock are unavailable and the rest free', async () => {
      at('2025-03-12T11:31:00Z'); // 17:01 IST on Wednesday
      const slots = await slotMap(t.app(), meera.email, 'Aundh', '2025-03-12');
      expect(slots['17:00']).toBe('unavailable');
      expect(slots['17:15']).toBe('free');
      expect(slots['19:45']).toBe('free');
    });
  });
});
