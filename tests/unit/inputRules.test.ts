/**
 * The contract's input rules (docs/api.md "Input rules"): text the database
 * can store (no control characters, no lone surrogates, within the column's length), amounts
 * within numeric(10, 2), dates within 1900-2999; each refusal in words naming what to fix.
 */
import fc from 'fast-check';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { ClinicDate, Email, line, nonEmptyLine, PhoneNumber, Rupees, text, textProblem } from '../../contract/primitives.js';
import { describeErrors } from '../../contract/report.js';
import { optionalText, requiredText } from '../../contract/staffAdmin.js';

const messageOf = (codec: t.Decoder<unknown, unknown>, value: unknown) => {
  const decoded = codec.decode(value);
  return isLeft(decoded) ? describeErrors(decoded.left)[0]!.message : null;
};

describe('text rules', () => {
  it('refuses every control character in one line, and all but line breaks and tabs in multi-line text', () => {
    for (let code = 0; code <= 0x9f; code++) {
      const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
      const s = `a${String.fromCharCode(code)}b`;
      expect(textProblem(s, { max: 10 }) !== null, `U+${code.toString(16)}`).toBe(control);
      expect(textProblem(s, { max: 10, multiline: true }) !== null, `U+${code.toString(16)} multiline`).toBe(control && code !== 0x0a && code !== 0x09);
    }
  });

  it('refuses lone surrogates and keeps paired ones', () => {
    for (const s of ['x\ud800', '\udc00', '\ud83d\ud83d', 'a\udfffb']) expect(textProblem(s, { max: 10 })).toBe('must be valid Unicode text');
    for (const s of ['🌿', 'नमस्ते', 'مرحبا', 'a\u200Bb']) expect(textProblem(s, { max: 10 })).toBeNull();
  });

  it('counts the length against the limit', () => {
    expect(messageOf(line(5), 'abcdef')).toBe('must be at most 5 characters');
    expect(messageOf(line(5), 'abcde')).toBeNull();
    expect(messageOf(text(5), 'a\nb\tc')).toBeNull();
    expect(messageOf(line(5), 'a\nb')).toBe('must not contain control characters or line breaks');
    expect(messageOf(nonEmptyLine(200), ' '.repeat(3))).toBe('is required');
    expect(messageOf(nonEmptyLine(200), 'A'.repeat(201))).toBe('must be at most 200 characters');
    expect(messageOf(requiredText(10), '  padded  ')).toBeNull();
    expect(messageOf(optionalText(10, { multiline: true }), 'two\nlines')).toBeNull();
    expect(messageOf(optionalText(10), 'two\nlines')).toBe('must not contain control characters or line breaks');
  });

  it('accepts exactly what textProblem accepts, for any string of UTF-16 units', () => {
    const units = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 12 });
    fc.assert(
      fc.property(units, (s) => {
        expect(isRight(line(12).decode(s))).toBe(textProblem(s, { max: 12 }) === null);
        // What is accepted is storable: well-formed (encodes to UTF-8 and back) and without NUL.
        if (isRight(line(12).decode(s))) {
          expect(Buffer.from(s, 'utf8').toString('utf8')).toBe(s);
          expect(s.includes('\u0000')).toBe(false);
        }
      }),
      { seed: 10, numRuns: 2000 },
    );
  });

  it('keeps NUL and control characters out of emails and phone numbers', () => {
    expect(isLeft(Email.decode('a\u0000@example.com'))).toBe(true);
    expect(isLeft(Email.decode('a\ud800@example.com'))).toBe(true);
    expect(isRight(Email.decode('asha@example.com'))).toBe(true);
    expect(isLeft(PhoneNumber.decode('98765\u000043210'))).toBe(true);
    expect(isLeft(PhoneNumber.decode(`98765${' '.repeat(20)}43210`))).toBe(true);
    expect(isRight(PhoneNumber.decode('+91 98765-43210'))).toBe(true);
  });
});

describe('amounts and dates', () => {
  it('Rupees stops at numeric(10, 2)', () => {
    expect(isRight(Rupees.decode(99_999_999.99))).toBe(true);
    for (const bad of [1e8, 99_999_999.995, 2 ** 53, Infinity, -1]) expect(isLeft(Rupees.decode(bad)), String(bad)).toBe(true);
    expect(messageOf(Rupees, 1e8)).toBe('must be an amount in rupees from 0 to 99,999,999.99, at most two decimals');
  });

  it('ClinicDate takes real days from 1900 to 2999', () => {
    for (const ok of ['1900-01-01', '2025-03-11', '2999-12-31']) expect(isRight(ClinicDate.decode(ok)), ok).toBe(true);
    expect(messageOf(ClinicDate, '0000-01-01')).toBe('must be a date from 1900-01-01 to 2999-12-31');
    expect(messageOf(ClinicDate, '3000-01-01')).toBe('must be a date from 1900-01-01 to 2999-12-31');
    expect(messageOf(ClinicDate, '2025-02-30')).toBe('must be a date written YYYY-MM-DD');
  });
});
