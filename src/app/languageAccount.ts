/**
 * The account keeps the language, so its mails follow it; loaded once logged in
 * (./LanguageSync.tsx). After a login, a language chosen in this browser is saved on the account;
 * with none chosen here, the account's language is put in use. While logged in, every change is
 * saved.
 */
import { fetchLanguage, saveLanguage } from '../api/auth';
import { chooseLanguage, getLanguage, onLanguageChange, storedLanguage } from '../i18n/languageChoice';

/** Starts keeping the account's language in step; the returned function stops it (a logout). */
export function syncAccountLanguage(token: string): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  // Offline, or logged out meanwhile: the choice is saved at the next login.
  const save = () => saveLanguage(getLanguage(), token, signal).catch(() => undefined);
  if (storedLanguage() !== null) void save();
  else
    void fetchLanguage(token, signal)
      .then((answer) => {
        if (answer._tag === 'Right' && answer.right.language !== getLanguage()) return chooseLanguage(answer.right.language);
      })
      .catch(() => undefined);
  const stop = onLanguageChange(() => void save());
  return () => {
    stop();
    controller.abort();
  };
}
