/** contract/money.ts: the one conversion between rupees and paise, exact both ways or refused. */
import fc from 'fast-check';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { hasWholePaise, maxColumnPaise, maxConvertiblePaise, maxPaymentPaise, paiseOf, paiseOrNull, rupeesOf } from '../../contract/money.js';
import { maxRupees, Rupees } from '../../contract/primitives.js';

const paise = fc.integer({ min: -maxConvertiblePaise, max: maxConvertiblePaise });
const columnPaise = fc.integer({ min: 0, max: maxColumnPaise });

describe('paiseOf and rupeesOf', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [19.99, 1999],
    [1250.5, 125_050],
    [99_999_999.99, maxColumnPaise],
    [1_000_000, maxPaymentPaise],
    [999_999_999_999.99, maxConvertiblePaise],
  ])('₹%s is %s paise, and back', (rupees, inPaise) => {
    expect(paiseOf(rupees)).toBe(inPaise);
    expect(rupeesOf(inPaise)).toBe(rupees);
  });

  // Moved from the browser's former rupeesToPaise: an order's total goes to create-order in paise.
  it.each([
    [1250.5, 125_050],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [500, 50_000],
  ])('turns ₹%s into %s paise', (rupees, inPaise) => {
    expect(paiseOf(rupees)).toBe(inPaise);
  });

  it('round-trips every whole number of paise within range, through JSON too', () => {
    fc.assert(
      fc.property(paise, (p) => {
        const rupees = rupeesOf(p);
        expect(paiseOf(rupees)).toBe(p);
        expect(paiseOf(JSON.parse(JSON.stringify(rupees)) as number)).toBe(p);
        // Written with at most two decimals: what a numeric(10, 2) column and JSON show.
        expect(String(rupees)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
    );
  });

  it('round-trips every amount a column holds, as the column writes it', () => {
    fc.assert(
      fc.property(columnPaise, (p) => {
        const written = `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
        expect(paiseOf(Number(written))).toBe(p);
        expect(rupeesOf(p)).toBe(Number(written));
        expect(rupeesOf(String(p))).toBe(Number(written));
      }),
    );
  });

  it('counts the paise of a sum of amounts as the sum of their paise', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000_000 }), { maxLength: 10 }), (amounts) => {
        const rupees = amounts.reduce((sum, p) => sum + rupeesOf(p), 0);
        expect(paiseOf(rupees)).toBe(amounts.reduce((sum, p) => sum + p, 0));
      }),
    );
  });

  it('refuses a fraction of a paisa and anything not an amount, never rounding', () => {
    for (const bad of [0.001, 0.005, 10.001, 19.995, 99_999_999.995, 1e-7, Number.NaN, Infinity, -Infinity, 1e12, 1_000_000_000_000.004, 2 ** 53]) {
      expect(paiseOrNull(bad), String(bad)).toBeNull();
      expect(hasWholePaise(bad), String(bad)).toBe(false);
      expect(() => paiseOf(bad), String(bad)).toThrow(RangeError);
    }
    fc.assert(
      fc.property(fc.integer({ min: -maxConvertiblePaise, max: maxConvertiblePaise }), fc.integer({ min: 1, max: 9 }), (p, tenth) => {
        expect(paiseOrNull(Number(`${rupeesOf(p).toFixed(2)}${tenth}`))).toBeNull();
      }),
      { numRuns: 200 },
    );
    for (const bad of [1.5, 0.01, Number.NaN, Infinity, maxConvertiblePaise + 1, '1.5', '', '12a']) {
      expect(() => rupeesOf(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('gives 0, never -0', () => {
    expect(Object.is(rupeesOf(-0), 0)).toBe(true);
    expect(Object.is(paiseOf(-0), 0)).toBe(true);
  });
});

describe('Rupees (the codec) takes exactly the amounts a column holds', () => {
  it('accepts every amount from 0 to the column maximum, in whole paise', () => {
    expect(maxRupees).toBe(99_999_999.99);
    fc.assert(fc.property(columnPaise, (p) => isRight(Rupees.decode(rupeesOf(p)))));
  });

  it('decodes an amount as its two-decimal number, dropping the floating-point noise of a sum', () => {
    expect(Rupees.decode(0.1 + 0.2)).toEqual({ _tag: 'Right', right: 0.3 });
    fc.assert(
      fc.property(columnPaise, (p) => {
        expect(Rupees.decode(rupeesOf(p))).toEqual({ _tag: 'Right', right: rupeesOf(p) });
      }),
    );
  });

  it('refuses one paisa past the maximum, negative amounts and fractions of a paisa', () => {
    for (const bad of [rupeesOf(maxColumnPaise + 1), -0.01, 0.001, 99_999_999.995]) {
      expect(isLeft(Rupees.decode(bad)), String(bad)).toBe(true);
    }
  });
});
