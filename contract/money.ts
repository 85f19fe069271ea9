/**
 * Money: the one place rupees and paise are converted (docs/architecture.md "Money").
 *
 * The rule: amounts are compared, summed, stored as payments and sent to the payment providers
 * in whole paise; rupees are only the value of the numeric(10, 2) columns (fees, appointments'
 * fees, orders' totals) and of the API's amount fields, and they cross into paise and back here
 * only. A rupee amount is a JavaScript number (read from JSON or a numeric column, or summed in
 * the browser), so it is never multiplied by 100 in floating point (19.99 * 100 is
 * 1998.9999999999998): it is read as the decimal it stands for, to the 15 significant digits a
 * double always holds exactly (0.1 + 0.2 is 0.3, 19.99 is 19.99), and its paise are counted from
 * those digits in integer arithmetic. An amount with a fraction of a paisa (10.001) is refused,
 * never rounded away.
 */

/**
 * The largest amount, in paise, that converts both ways exactly: ₹999,999,999,999.99 (14 digits;
 * a third decimal still falls within the 15 digits read), far beyond any column
 * (`maxColumnPaise`), so every amount up to it converts both ways unchanged.
 */
export const maxConvertiblePaise = 99_999_999_999_999;

/** The largest amount a numeric(10, 2) column holds: ₹99,999,999.99. */
export const maxColumnPaise = 9_999_999_999;

/** The largest payment taken (CreateOrderPaymentRequest's `amount`): ₹10,00,000. */
export const maxPaymentPaise = 100_000_000;

const writtenRupees = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** The amount in whole paise, or null when `rupees` is not a finite amount in whole paise within `maxConvertiblePaise`. */
export function paiseOrNull(rupees: number): number | null {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return null;
  // 15 significant digits drop a sum's floating-point noise (0.30000000000000004); the shortest
  // text of what is left is the amount as written: "19.99", "0.3", or "1e-7" (no whole paise).
  const written = writtenRupees.exec(String(Number(rupees.toPrecision(15))));
  if (!written) return null;
  const [, sign, whole, fraction = ''] = written;
  if (whole!.length > 12) return null;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (paise > maxConvertiblePaise) return null;
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/** Whether `rupees` is an amount in whole paise (at most two decimals, as written), within range. */
export const hasWholePaise = (rupees: number): boolean => paiseOrNull(rupees) !== null;

/** Rupees in paise: 19.99 is 1999. Throws a RangeError on a fraction of a paisa, never rounds. */
export function paiseOf(rupees: number): number {
  const paise = paiseOrNull(rupees);
  if (paise === null) throw new RangeError(`${rupees} is not an amount in whole paise`);
  return paise;
}

/**
 * Paise in rupees: 1999 is 19.99, the very number JSON's "19.99" reads as (one correctly rounded
 * division of an exact integer). Throws a RangeError unless `paise` is a whole number within
 * `maxConvertiblePaise`. Accepts a bigint column's text ("1999"), as pg returns it.
 */
export function rupeesOf(paise: number | string): number {
  const amount = typeof paise === 'string' && /^-?\d+$/.test(paise) ? Number(paise) : paise;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || Math.abs(amount) > maxConvertiblePaise) {
    throw new RangeError(`${String(paise)} is not a whole number of paise`);
  }
  return amount / 100 + 0;
}
