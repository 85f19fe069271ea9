/** Where "Back to the list" of an opened appointment goes (src/staff/backTo.ts). */
import { describe, expect, it } from 'vitest';
import { backPathOf, backTo } from '../../src/staff/backTo';

describe('backPathOf', () => {
  it('goes back to the console list the appointment was opened from', () => {
    expect(backPathOf(backTo('/staff/upcoming'))).toBe('/staff/upcoming');
    expect(backPathOf(backTo('/staff/audit'))).toBe('/staff/audit');
    expect(backPathOf(backTo('/staff/today'))).toBe('/staff/today');
  });

  it('takes nothing else: no state, another shape or another address is Today', () => {
    for (const state of [null, undefined, 'upcoming', 42, {}, { backTo: '/account' }, { backTo: 'https://example.com/' }, { backTo: ['/staff/upcoming'] }]) {
      expect(backPathOf(state)).toBe('/staff/today');
    }
  });
});
