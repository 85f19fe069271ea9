/**
 * The language in use: its store, the names each in its own script, the Intl locales,
 * and `chooseLanguage`, which loads a language's catalog (its own chunk), puts it in use and sets
 * `<html lang>`. The header's language picker brings it into the home page's first JavaScript.
 */
import { homeContent, homeEnglish, type HomeContent } from '../content/home';
import { createCatalog, useCatalog } from './catalog';
import { languageKey, preferredLanguage, storedLanguage, type Language } from './language';

export { languageCodes, isLanguage, storedLanguage, type Language } from './language';

/** Each language's name in its own script: what the language choice shows. */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' };

/** The locale of dates, times, numbers, rupees and plurals in each language. */
export const localeOf: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };


function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(languageKey, language);
  } catch {
    // Storage off (a private window): the choice lasts for this page only.
  }
}

const current = createCatalog<Language>('en');

/** The language in use (its catalog is in use too: it changes once the catalog has loaded). */
export const getLanguage = (): Language => current.get();
/** The language in use, for a view: it renders again when the language changes. */
export const useLanguage = (): Language => useCatalog(current);
/** The Intl locale of the language in use. */
export const getLocale = (): string => localeOf[current.get()];
/** Called after each change of language (the account keeps it, src/app/LanguageSync.tsx). */
export const onLanguageChange = (listener: () => void): (() => void) => current.subscribe(listener);

/** The home page's copy in each language (src/content/), each its own chunk like the catalogs. */
const homeCopy: Readonly<Record<Language, () => Promise<HomeContent>>> = {
  en: async () => homeEnglish,
  hi: () => import('../content/hi/home').then((module) => module.home),
  mr: () => import('../content/mr/home').then((module) => module.home),
};

/**
 * The pages' copy already shown (src/content/pageCopy.ts): a new language loads theirs with its
 * catalog, so the page on screen changes language without waiting on a blank page.
 */
const withLanguage = new Set<(language: Language) => Promise<unknown>>();
export function loadWithLanguage(load: (language: Language) => Promise<unknown>): void {
  withLanguage.add(load);
}

let pending = 0;

/**
 * Puts a language in use: its catalog is loaded (its own chunk) and set, then `<html lang>` and
 * the choice follow. `remember` keeps it in this browser (a choice the person made).
 */
export async function chooseLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) rememberLanguage(language);
  const ticket = ++pending;
  const [{ loadCatalog }, { setCatalog }, home] = await Promise.all([
    import('./catalogs'),
    import('./messages'),
    homeCopy[language](),
    // A page whose copy failed to load stays in its language until shown again; the choice goes on.
    ...[...withLanguage].map((load) => load(language).catch(() => undefined)),
  ]);
  const catalog = await loadCatalog(language);
  // A later choice made while this one was loading wins.
  if (ticket !== pending) return;
  setCatalog(catalog);
  homeContent.set(home);
  document.documentElement.lang = localeOf[language];
  current.set(language);
}

/**
 * At start: the language chosen in this browser before, else the browser's preferred one if the
 * site speaks it. English needs nothing loaded; another language loads its catalog (a chunk).
 * Answers it, for the site options' first load.
 */
export function startLanguage(): Language {
  const language = storedLanguage() ?? preferredLanguage(navigator.languages ?? [navigator.language]);
  if (language !== 'en') void chooseLanguage(language, { remember: false });
  return language;
}
