import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  clinicClock,
  clinicInstant,
  clinicTimeZone,
  clinicToday,
  daysBetween,
  fromMinutes,
  isCalendarDate,
  toMinutes,
  weekdayOf,
} from '../../contract/clinicTime.js';

const minute = 60_000;

describe('clinic time', () => {
  it('agrees with Intl Asia/Kolkata, day and minute, across two years of instants', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: clinicTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 0, 1); t += 193 * minute) {
      const parts = Object.fromEntries(intl.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      const clock = clinicClock(new Date(t));
      expect(clock.date).toBe(`${parts.year}-${parts.month}-${parts.day}`);
      expect(clock.minutes).toBe(Number(parts.hour) * 60 + Number(parts.minute));
    }
  });

  it.each([
    ['2025-03-10T18:29:59.999Z', '2025-03-10', 23 * 60 + 59], // 23:59 in Kolkata
    ['2025-03-10T18:30:00.000Z', '2025-03-11', 0], // midnight in Kolkata, still the 10th in UTC
    ['2025-03-11T00:00:00.000Z', '2025-03-11', 5 * 60 + 30], // UTC midnight is 05:30 in the clinic
    ['2024-12-31T18:30:00.000Z', '2025-01-01', 0], // the new year comes 5.5 hours before UTC's
    ['2025-02-28T18:30:00.000Z', '2025-03-01', 0],
    ['2024-02-29T00:00:00.000Z', '2024-02-29', 5 * 60 + 30],
  ])('at %s the clinic date is %s, %i minutes after its midnight', (instant, date, minutes) => {
    expect(clinicClock(new Date(instant))).toEqual({ date, minutes });
    expect(clinicToday(new Date(instant))).toBe(date);
  });

  it('starts a slot at its clinic instant, also across the day boundary in UTC', () => {
    expect(clinicInstant('2025-03-12', '00:00').toISOString()).toBe('2025-03-11T18:30:00.000Z');
    expect(clinicInstant('2025-03-12', '05:29').toISOString()).toBe('2025-03-11T23:59:00.000Z');
    expect(clinicInstant('2025-03-12', '05:30').toISOString()).toBe('2025-03-12T00:00:00.000Z');
    expect(clinicInstant('2025-01-01', '01:15').toISOString()).toBe('2024-12-31T19:45:00.000Z');
  });

  it('reads back the clinic date and time of any slot it starts', () => {
    const day = fc.integer({ min: Date.UTC(1990, 0, 1) / 86_400_000, max: Date.UTC(2100, 0, 1) / 86_400_000 });
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 24 * 60 - 1 }), (d, m) => {
        const date = new Date(d * 86_400_000).toISOString().slice(0, 10);
        expect(clinicClock(clinicInstant(date, fromMinutes(m)))).toEqual({ date, minutes: m });
      }),
    );
  });

  it('adds calendar days over month, year and leap-day ends', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-03-10', 0)).toBe('2025-03-10');
    expect(addDays('2025-03-10', 90)).toBe('2025-06-08');
  });

  it('counts the days of a range, both ends included, and undoes addDays', () => {
    expect(daysBetween('2025-03-10', '2025-03-10')).toBe(1);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(2);
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(30);
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (n) => {
        expect(daysBetween('2025-03-10', addDays('2025-03-10', n))).toBe(n + 1);
      }),
    );
  });

  it('names the weekday as doctor_hours counts it, whatever the process zone', () => {
    expect(weekdayOf('2025-03-09')).toBe(0); // Sunday
    expect(weekdayOf('2025-03-12')).toBe(3);
    expect(weekdayOf('2025-03-15')).toBe(6);
    expect(weekdayOf('2024-12-31')).toBe(2);
  });

  it('takes real calendar days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-3-1')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('says of every YYYY-MM-DD what a UTC Date says (day 00 to 32 of every month, leap centuries too)', () => {
    const byDate = (value: string) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    let valid = 0;
    for (const year of [1900, 2000, 2023, 2024, 2025, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isCalendarDate(value), value).toBe(byDate(value));
          if (byDate(value)) valid++;
        }
      }
    }
    expect(valid).toBe(365 * 5 + 366 * 3); // 2000, 2024 and 2400 are leap years; 1900 and 2100 are not
  });

  it('writes times of day both ways', () => {
    expect(toMinutes('00:00')).toBe(0);
    expect(toMinutes('09:05')).toBe(545);
    expect(toMinutes('23:59')).toBe(1439);
    expect(fromMinutes(545)).toBe('09:05');
    expect(fromMinutes(0)).toBe('00:00');
    for (let m = 0; m < 24 * 60; m += 7) expect(toMinutes(fromMinutes(m))).toBe(m);
  });
});
