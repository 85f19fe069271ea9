/**
 * Languages in the rendered app: the language choice in the header (each language named in its own
 * script) loads that language's catalog, puts it on screen, sets `<html lang>` and remembers the
 * choice; dates and rupees follow the locale.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatClinicDate, formatFee, formatRupees } from '../../src/format/format';
import { languageKey } from '../../src/i18n/language';
import { chooseLanguage } from '../../src/i18n/languageChoice';
import type { SiteLanguage, SiteOptions } from '../../contract/site';
import { demoOptions, renderApp } from './support';

describe('the language choice', () => {
  afterEach(async () => {
    await act(() => chooseLanguage('en'));
    localStorage.removeItem(languageKey);
  });

  it('offers English, हिन्दी and मराठी, each in its own script, and puts मराठी on screen', async () => {
    renderApp();
    // The choice is a chunk of its own: it comes just after the first render.
    const picker = (await screen.findAllByLabelText('Language', {}, { timeout: 10_000 }))[0] as HTMLSelectElement;
    const options = within(picker).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.lang])).toEqual([
      ['English', 'en'],
      ['हिन्दी', 'hi'],
      ['मराठी', 'mr'],
    ]);
    fireEvent.change(picker, { target: { value: 'mr' } });
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'मुख्य' }).textContent).toContain('अपॉइंटमेंट बुक करा'));
    expect(document.documentElement.lang).toBe('mr-IN');
    expect(localStorage.getItem(languageKey)).toBe('mr');
    // The spec's messages stay in English; the footer is Marathi.
    expect(screen.getByRole('contentinfo').textContent).toContain('आम्हाला इथे फॉलो करा');
    expect((await screen.findAllByLabelText('भाषा')).length).toBeGreaterThan(0);
  });

  it("shows Our Treatments in Marathi, and changes it to Hindi on the page", async () => {
    await act(() => chooseLanguage('mr'));
    renderApp({ route: '/ourtreatment' });
    expect(await screen.findByRole('heading', { level: 1, name: 'आमचे उपचार' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'त्वचेची काळजी' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'उपचारांचे प्रकार' })).toBeTruthy();
    // The images are the English ones, described in Marathi.
    const image = screen.getByAltText('त्वचेच्या काळजीसाठी: पानासोबत शांत चेहऱ्याचे चित्र') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/treatments/skin.svg');
    expect(screen.queryByText('Skin care')).toBeNull();
    // Switching language on the page: its copy loads with the catalog.
    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('heading', { level: 1, name: 'हमारे इलाज' })).toBeTruthy();
    await act(() => chooseLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Our Treatments' })).toBeTruthy();
  });

  it('opens a page whose copy in the language is already loaded at once, without the loading fallback', async () => {
    for (const [route, heading] of [['/gallery', 'Gallery'], ['/ourtreatment', 'Our Treatments']] as const) {
      renderApp({ route });
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeTruthy();
      cleanup();
    }
    // The pages were shown once: choosing Marathi now loads their Marathi copy with the catalog.
    await act(() => chooseLanguage('mr'));
    // Opened again: the copy is there in the same render.
    renderApp({ route: '/ourtreatment' });
    expect(screen.getByRole('heading', { level: 1, name: 'आमचे उपचार' })).toBeTruthy();
    expect(document.querySelector('.route-loading')).toBeNull();
  });

  it('asks for the site content in the language in use, and again when it changes (the team page)', async () => {
    // What the server answers per language: Marathi given for the role, Hindi not (English falls back).
    const member = demoOptions.teams[0]!;
    const inLanguage: Record<SiteLanguage, SiteOptions> = {
      en: demoOptions,
      mr: { ...demoOptions, teams: [{ ...member, role: 'संस्थापक आणि मुख्य होमिओपॅथ' }], testimonials: [{ ...demoOptions.testimonials[0]!, subject: 'दोन्ही हातांवर इसब' }] },
      hi: demoOptions,
    };
    const asked: SiteLanguage[] = [];
    const load = (_signal: AbortSignal, language: SiteLanguage) => {
      asked.push(language);
      return Promise.resolve(inLanguage[language]);
    };
    renderApp({ route: '/teams', load });
    expect(await screen.findByText('Founder and chief homeopath', {}, { timeout: 10_000 })).toBeTruthy();
    expect(asked).toEqual(['en']);

    await act(() => chooseLanguage('mr'));
    expect(await screen.findByText('संस्थापक आणि मुख्य होमिओपॅथ')).toBeTruthy();
    expect(screen.queryByText('Founder and chief homeopath')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: member.name })).toBeTruthy(); // names stay as written
    expect(asked).toEqual(['en', 'mr']);

    await act(() => chooseLanguage('hi'));
    expect(await screen.findByText('Founder and chief homeopath')).toBeTruthy();
    expect(asked).toEqual(['en', 'mr', 'hi']);
    // Choosing the language in use again asks nothing.
    await act(() => chooseLanguage('hi'));
    expect(asked).toEqual(['en', 'mr', 'hi']);
  });

  it("starts in the language the site starts in: one first load, in it (the home page's testimonials)", async () => {
    const asked: SiteLanguage[] = [];
    const marathi: SiteOptions = { ...demoOptions, testimonials: [{ ...demoOptions.testimonials[0]!, subject: 'दोन्ही हातांवर इसब' }] };
    await act(() => chooseLanguage('mr'));
    renderApp({
      language: 'mr',
      load: (_signal, language) => {
        asked.push(language);
        return Promise.resolve(language === 'mr' ? marathi : demoOptions);
      },
    });
    expect(await screen.findByText('दोन्ही हातांवर इसब', {}, { timeout: 10_000 })).toBeTruthy();
    // The language store arrives after the first render and says Marathi too: nothing asked again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toEqual(['mr']);
  });

  it('formats dates and rupees in the chosen locale, in clinic time', async () => {
    // (The exact punctuation is the ICU data's: asserted by its parts.)
    expect(formatClinicDate('2025-03-11')).toMatch(/^Tue, 11 Mar,? 2025$/);
    expect(formatRupees(1250)).toBe('₹1,250.00');
    // A fee: whole rupees bare, anything else with both paise digits, as formatRupees writes it.
    expect(formatFee(450)).toBe('₹450');
    expect(formatFee(349.5)).toBe('₹349.50');
    expect(formatFee(349.5)).toBe(formatRupees(349.5));
    await act(() => chooseLanguage('mr'));
    // Marathi: Marathi day and month names, Latin digits as in every language (docs/i18n.md), the
    // day and its month together.
    expect(formatClinicDate('2025-03-11')).toMatch(/^मंगळ, 11 मार्च,? 2025$/);
    expect(formatRupees(1250)).toBe('₹1,250.00');
    expect(formatFee(450)).toBe('₹450');
    await act(() => chooseLanguage('hi'));
    // Hindi: Hindi names, Latin digits (CLDR's default for hi).
    expect(formatClinicDate('2025-03-11')).toMatch(/^मंगल, 11,? मार्च,? 2025$/);
    expect(formatRupees(1250)).toBe('₹1,250.00');
    expect(document.documentElement.lang).toBe('hi-IN');
  });
});
