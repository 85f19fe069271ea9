/** The owner's view's pieces without a browser: its ready-made periods and its CSV. */
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/staff/insights/csv';
import { presetPeriod } from '../../src/staff/insights/period';

describe('presetPeriod', () => {
  it('counts in clinic dates, across month and year ends', () => {
    expect(presetPeriod('thisMonth', '2026-03-05')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(presetPeriod('lastMonth', '2026-03-05')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('last7', '2026-03-05')).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(presetPeriod('last90', '2024-03-01')).toEqual({ from: '2023-12-03', to: '2024-03-01' });
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, ends each row with CRLF, and leaves null empty', () => {
    expect(toCsv([['Name', 'Booked'], ['Dr. Iyer, Kavita', 3], ['say "hi"', null], ['two\nlines', 0]])).toBe(
      'Name,Booked\r\n"Dr. Iyer, Kavita",3\r\n"say ""hi""",\r\n"two\nlines",0\r\n',
    );
  });
});
