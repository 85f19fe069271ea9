/** The video's connection-quality word from getStats' figures (src/components/Video/callActor.ts). */
import { describe, expect, it } from 'vitest';
import { qualityOf } from '../../src/components/Video/callActor';

describe('qualityOf', () => {
  it('good under 300 ms and 2 % lost, fair under 600 ms and 8 %, else poor; unknown without figures', () => {
    expect(qualityOf(null, null)).toBe('unknown');
    expect(qualityOf(0.05, 0)).toBe('good');
    expect(qualityOf(0.299, 0.019)).toBe('good');
    expect(qualityOf(0.3, 0)).toBe('fair');
    expect(qualityOf(0.1, 0.05)).toBe('fair');
    expect(qualityOf(0.6, 0)).toBe('poor');
    expect(qualityOf(0.1, 0.08)).toBe('poor');
    expect(qualityOf(null, 0.01)).toBe('good');
  });
});
