/**
 * One numeral style per language (docs/i18n.md "Dates, times, numbers, plurals"): English, Hindi
 * and Marathi all write Latin digits, in every text the patient side shows (the catalogs, the
 * pages' copy) and in what the server writes (mails, SMS and WhatsApp words, PDFs, the calendar
 * file). Devanagari letters, Latin digits: "शनि, 28 नोव्हें 2026", "₹1,250.00", "सकाळ 11:00".
 * The browser's formatters (src/format/format.ts) are checked in the rendered
 * app, tests/component/languageWords.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { homeEnglish } from '../../src/content/home';
import { pageCopies } from '../../src/content/translatedCopy';
import { loadCatalog } from '../../src/i18n/catalogs';
import { clinicDay, clinicDayLong, clinicMoment, rupees } from '../../server/formats';
import { clinicWhenIn, mailWords } from '../../server/mail/words';
import { documentWords } from '../../server/documents/words';

const devanagariDigit = /[\u0966-\u096F]/;

/**
 * Every text of a catalog or copy with its path: strings as they are, functions called with
 * numbers for every parameter (counts, ages, years, seconds; a function that needs a text instead
 * is called with texts that hold digits).
 */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const out: [string, string][] = [];
    for (const argument of [16, 1, 0, '16 Mar 2026, 09:15']) {
      try {
        const said = fn(...Array.from({ length: Math.max(fn.length, 1) }, () => argument));
        if (typeof said === 'string') out.push([`${path}(${String(argument)})`, said]);
      } catch {
        // A function of a record or a list: its texts are checked where they are used.
      }
    }
    return out;
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}.${index}`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => texts(item, path ? `${path}.${key}` : key));
  return [];
}

const withDevanagariDigits = (all: [string, string][]) => all.filter(([, text]) => devanagariDigit.test(text)).map(([path, text]) => `${path}: ${text}`);

describe('counted words', () => {
  it('say what is counted, in the plural form of the count: a whole phrase, never a bare "16 free"', async () => {
    const [hi, mr] = await Promise.all([loadCatalog('hi'), loadCatalog('mr')]);
    expect([mr.availability.dayFree(16), mr.availability.dayFree(1)]).toEqual(['16 वेळा रिकाम्या', '1 वेळ रिकामी']);
    expect([mr.availability.soonestToday(16), mr.availability.soonestToday(1)]).toEqual(['आज 16 ऑनलाइन वेळा रिकाम्या', 'आज 1 ऑनलाइन वेळ रिकामी']);
    expect([hi.availability.dayFree(16), hi.availability.dayFree(1)]).toEqual(['16 समय ख़ाली', '1 समय ख़ाली']);
    expect(mr.booking.redirectingIn(5)).toBe('5 सेकंदांत मुखपृष्ठावर जात आहोत.');
  });
});

describe.each(['hi', 'mr'] as const)('numbers in %s', (language) => {
  it('the catalog writes every number in Latin digits', async () => {
    expect(withDevanagariDigits(texts(await loadCatalog(language)))).toEqual([]);
  });

  it("the pages' copy (home, treatments, about, contact's hours, gallery, legal) writes Latin digits", async () => {
    const { home } = (await import(`../../src/content/${language}/home.ts`)) as { home: typeof homeEnglish };
    const copies = [texts(home, 'home'), ...(await Promise.all(Object.entries(pageCopies).map(async ([name, copy]) => texts(await copy.load(language), name))))];
    expect(withDevanagariDigits(copies.flat())).toEqual([]);
  });

  it("the server's dates, times and rupees (mails, texts, PDFs) use Latin digits, and say the date in the language", () => {
    const said = [
      rupees(1250, language),
      clinicDayLong('2026-11-28', language),
      clinicDay('2026-11-28', language),
      clinicMoment(new Date('2026-11-28T03:45:00Z'), language),
      clinicWhenIn(language, '2026-11-28', '09:15'),
      mailWords[language].reminder.leadIn(24 * 60),
      mailWords[language].reminder.leadIn(30),
      documentWords[language].prescription.ageGenderValue(41, 'female'),
    ];
    for (const text of said) {
      expect(text, text).not.toMatch(devanagariDigit);
      expect(text, text).toMatch(/[0-9]/);
    }
    expect(rupees(1250, language)).toBe('₹1,250.00');
    expect(clinicDay('2026-11-28', language)).toMatch(/^28 (नवंबर|नोव्हेंबर),? 2026$/);
    expect(clinicWhenIn(language, '2026-11-28', '09:15')).toMatch(/^शनिवार, 28 (नवंबर|नोव्हेंबर),? 2026, \S+ 9:15 \(/);
  });
});
