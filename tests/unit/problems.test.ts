/**
 * The contract's problem words in Hindi and Marathi (src/i18n/problems.ts): every
 * message a patient's form can show from the codecs is translated, numbers kept; words the table
 * does not know are shown as they came.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/i18n/catalogs';

/** What the patient's forms can say (contract/primitives.ts, contract/auth.ts, contract/people.ts). */
const patientProblems = [
  'is required',
  'must be a 10-digit phone number',
  'must be a whole number from 1 to 120',
  'must be an email address like name@example.com',
  'must be 8 to 128 characters long',
  'must be the 6-digit code from the email',
  'must be at most 200 characters',
  'must be one of: male, female',
  'must not contain control characters or line breaks',
  'must be text',
];
const devanagari = /[\u0900-\u097F]/;

describe.each(['hi', 'mr'] as const)('field problems in %s', (language) => {
  it('translates every problem a patient can meet, keeping its numbers and examples', async () => {
    const catalog = await loadCatalog(language);
    for (const words of patientProblems) {
      const shown = catalog.people.fieldError('X', words);
      expect(shown, words).toMatch(devanagari);
      expect(shown, words).not.toContain(words);
      for (const kept of words.match(/\d+|name@example\.com|male, female/g) ?? []) expect(shown, `${words} keeps ${kept}`).toContain(kept);
    }
    expect(catalog.account.fieldProblem('must be 8 to 128 characters long')).toMatch(/^8 .*128 .*[।.]$/);
    expect(catalog.people.memberProblem('is required')).toMatch(devanagari);
  });

  it('shows words it does not know as they came', async () => {
    const catalog = await loadCatalog(language);
    expect(catalog.people.fieldError('X', 'is something new')).toBe('X: is something new');
  });
});
