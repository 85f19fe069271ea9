/**
 * Every key of the English catalog exists in हिन्दी and मराठी, none is empty, none is
 * left identical to English unless it is a spec message or a name (src/i18n/check.ts's allow-list),
 * and the spec's messages stay word for word. The shape is also held by the type-check
 * (tests/unit/catalogShape.typecheck.ts); this test catches what a cast or a spread would hide.
 */
import { describe, expect, it } from 'vitest';
import { homeEnglish } from '../../src/content/home';
import { pageCopies } from '../../src/content/translatedCopy';
import { compareCatalogs, sameAsEnglish, sameInCopy } from '../../src/i18n/check';
import { loadCatalog } from '../../src/i18n/catalogs';
import { en } from '../../src/i18n/messages';
import { preferredLanguage } from '../../src/i18n/language';
import { plural } from '../../src/i18n/plural';

const devanagari = /[\u0900-\u097F]/;

describe.each(['hi', 'mr'] as const)('the %s catalog', (language) => {
  it('has every English key and no other, each a text that is not empty', async () => {
    const report = compareCatalogs(en, await loadCatalog(language));
    expect(report.missing).toEqual([]);
    expect(report.extra).toEqual([]);
    expect(report.empty).toEqual([]);
  });

  it('translates every text but the spec messages and names, which stay word for word', async () => {
    const report = compareCatalogs(en, await loadCatalog(language));
    expect(report.untranslated).toEqual([]);
    expect(report.specChanged).toEqual([]);
  });

  it("has the home page's copy translated, with the same images, ids and files", async () => {
    const { home } = await import(`../../src/content/${language}/home.ts`);
    const report = compareCatalogs(homeEnglish, home, '', undefined, sameInCopy);
    expect(report).toEqual({ missing: [], extra: [], empty: [], untranslated: [], specChanged: [] });
    expect(home.heroIntro.title).toMatch(devanagari);
  });

  it.each(Object.entries(pageCopies))("has the %s page's copy translated, with the same images and ids", async (_, copy) => {
    const translated = await copy.load(language);
    const report = compareCatalogs(copy.english, translated, '', undefined, sameInCopy);
    expect(report).toEqual({ missing: [], extra: [], empty: [], untranslated: [], specChanged: [] });
    expect(JSON.stringify(translated)).toMatch(devanagari);
  });

  it('is written in Devanagari', async () => {
    const catalog = await loadCatalog(language);
    expect(catalog.nav.bookAppointment).toMatch(devanagari);
    expect(catalog.appointments.title).toMatch(devanagari);
    expect(catalog.booking.redirectingIn(5)).toMatch(devanagari);
    expect(catalog.spec.slotBooked).toBe('This slot is already booked');
  });
});

describe('the checks themselves', () => {
  it('report a missing, an extra, an empty and an untranslated text', () => {
    const report = compareCatalogs(
      { a: { b: 'Hello', c: 'World', f: (n: number) => `${n} days` }, spec: { s: 'Spec words.' } },
      { a: { b: '', f: (n: number) => `${n} days`, x: 'extra' }, spec: { s: 'Changed' } },
    );
    expect(report).toEqual({
      missing: ['a.c'],
      extra: ['a.x'],
      empty: ['a.b'],
      untranslated: ['a.f'],
      specChanged: ['spec.s'],
    });
  });

  it('allow the spec messages to stay English', () => {
    expect(sameAsEnglish.some((pattern) => pattern.test('spec.slotBooked'))).toBe(true);
    expect(sameAsEnglish.some((pattern) => pattern.test('nav.home'))).toBe(false);
  });
});

describe('the first visit', () => {
  it("takes the browser's first preferred language the site speaks, else English", () => {
    expect(preferredLanguage(['mr-IN', 'en-GB'])).toBe('mr');
    expect(preferredLanguage(['fr-FR', 'hi', 'en'])).toBe('hi');
    expect(preferredLanguage(['en-US', 'mr'])).toBe('en');
    expect(preferredLanguage(['fr-FR', 'de'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });
});

describe('plurals', () => {
  it("follow the locale's rules: Hindi counts 0 as one, English and Marathi do not", () => {
    const forms = { one: 'one', other: 'other' };
    expect([0, 1, 2].map((n) => plural('en-IN', n, forms))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2].map((n) => plural('hi-IN', n, forms))).toEqual(['one', 'one', 'other']);
    expect([0, 1, 2].map((n) => plural('mr-IN', n, forms))).toEqual(['other', 'one', 'other']);
    expect(en.booking.redirectingIn(1)).toBe('Going to the home page in 1 second.');
    expect(en.booking.redirectingIn(5)).toBe('Going to the home page in 5 seconds.');
  });
});
