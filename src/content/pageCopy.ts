/**
 * The copy of a page other than the home page (Our Treatments, About us, Contact, Gallery, the
 * legal pages) in the language in use. English is in src/content/en/<page>.ts, with the copy's type,
 * and is bundled with the page; हिन्दी and मराठी, which take ids and images from the English, are
 * each their own chunk (src/content/hi|mr/<page>.ts), loaded when the page is first shown in that
 * language, never with the home page. Unlike the home page's copy, a language's pages are
 * not all loaded when it is chosen: only those already shown, so that switching language on a page
 * does not blank it (languageChoice waits for them with its catalog).
 */
import { use } from 'react';
import { loadWithLanguage, useLanguage, type Language } from '../i18n/languageChoice';

export type Translations<T> = Readonly<Record<Exclude<Language, 'en'>, () => Promise<T>>>;

/**
 * A page's copy: `load(language)` (cached, one chunk per language) and a hook for the page, which
 * suspends (the route's Suspense fallback) while a language's copy is still loading.
 */
export function pageCopy<T>(english: T, translations: Translations<T>) {
  const loading = new Map<Language, Promise<T>>();
  // Copies already loaded are returned as they are: `use` suspends once on a promise React has
  // not yet seen settle, even a settled one (the route's fallback for a moment, and in the
  // component suite, whose files share modules, a retry that never came).
  const loaded = new Map<Language, T>();
  const load = (language: Language): Promise<T> => {
    if (language === 'en') return Promise.resolve(english);
    let copy = loading.get(language);
    if (!copy) {
      copy = translations[language]();
      copy.then(
        (value) => loaded.set(language, value),
        // A failed chunk (offline) is tried again next time rather than kept failed.
        () => loading.delete(language),
      );
      loading.set(language, copy);
    }
    return copy;
  };
  let shown = false;
  const useCopy = (): T => {
    const language = useLanguage();
    if (!shown) {
      shown = true;
      loadWithLanguage(load);
    }
    if (language === 'en') return english;
    return loaded.get(language) ?? use(load(language));
  };
  return { english, load, useCopy };
}
