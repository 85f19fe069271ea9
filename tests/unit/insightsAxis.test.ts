/**
 * The bar charts' category axis (src/staff/insights/axis.ts): names that fit their category stand
 * level; six doctors' names in a half-width chart at 1280 px did not, and overlapped, so they are
 * slanted with the axis tall enough for the longest; very long names end in an ellipsis.
 */
import { describe, expect, it } from 'vitest';
import { categoryAxis } from '../../src/staff/insights/axis';

// About the width of a 12 px sans-serif letter.
const measure = (text: string) => text.length * 7;
const doctors = ['Dr. Meera Kulkarni', 'Dr. Arjun Deshpande', 'Dr. Sneha Joshi', 'Dr. Farhan Shaikh', 'Dr. Kavita Iyer', 'Dr. Rohan Patil'];

describe('categoryAxis', () => {
  it('keeps labels level when each fits its share of the width', () => {
    expect(categoryAxis(['Online', 'Cash', 'UPI'], 560, measure)).toEqual({ shown: ['Online', 'Cash', 'UPI'], rotate: 0, size: 50 });
  });

  it('slants six doctors in a 560 px chart (their level names would overlap), the axis as tall as the longest needs', () => {
    const axis = categoryAxis(doctors, 560, measure);
    expect((560 - 80) / doctors.length).toBeLessThan(Math.max(...doctors.map(measure)));
    expect(axis.rotate).toBe(40);
    expect(axis.shown).toEqual(doctors);
    expect(axis.size).toBeGreaterThanOrEqual(Math.ceil(measure('Dr. Arjun Deshpande') * Math.sin((40 * Math.PI) / 180)));
  });

  it('ends a name over 22 characters with an ellipsis', () => {
    expect(categoryAxis(['Dr. Venkataraghavan Subramanian'], 2000, measure).shown).toEqual(['Dr. Venkataraghavan S…']);
  });
});
