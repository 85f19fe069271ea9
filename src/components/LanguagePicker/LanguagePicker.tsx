/**
 * The language choice: English, हिन्दी, मराठी, each written in its own script (and
 * marked with its `lang`, so a screen reader reads it in that language). In the header above the
 * 768 px breakpoint and in the hamburger menu below it. Choosing loads that language's catalog
 * (its own chunk) and remembers the choice (src/i18n/languageChoice.ts). It is part of the first
 * frame (the home page's prerendered HTML shows it): as a chunk of its own, it and the language
 * store cost the home page two more requests and more bytes than they weigh in the first one.
 */
import { useState } from 'react';
import { chooseLanguage, isLanguage, languageCodes, languageNames, useLanguage, type Language } from '../../i18n/languageChoice';
import { useMessages } from '../../i18n/shell';

export default function LanguagePicker({ id, className }: { id: string; className: string }) {
  const messages = useMessages();
  const language = useLanguage();
  const [pending, setPending] = useState<Language | null>(null);
  return (
    <div className={`language-picker ${className}`}>
      <label htmlFor={id} className="language-picker__label">
        {messages.header.language}
      </label>
      <select
        id={id}
        className="language-picker__select"
        value={pending ?? language}
        aria-busy={pending !== null}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          setPending(next);
          chooseLanguage(next)
            .catch(() => undefined) // offline: the page stays in the language it was in
            .finally(() => setPending((current) => (current === next ? null : current)));
        }}
      >
        {languageCodes.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
