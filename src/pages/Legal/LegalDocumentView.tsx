/**
 * Renders a legal document (terms, privacy) with its date. A translation first says, in
 * its language, that the English text binds, with a button that shows the English (the language
 * choice, as the header's picker makes it).
 */
import type { LegalCopy, LegalDocument } from '../../content/legal';
import { chooseLanguage } from '../../i18n/languageChoice';
import { useMessages } from '../../i18n/messages';
import './Legal.css';

export function LegalDocumentView({ document: doc, englishBinds }: { document: LegalDocument; englishBinds: LegalCopy['englishBinds'] }) {
  const messages = useMessages();
  return (
    <div className="page container">
      <article className="legal prose">
        <h1>{doc.title}</h1>
        <p className="legal__date">{messages.legal.lastUpdated(doc.date)}</p>
        {englishBinds && (
          <p className="legal__binds">
            {englishBinds.text}{' '}
            <button type="button" className="button button--small button--outline" onClick={() => void chooseLanguage('en')}>
              {englishBinds.link}
            </button>
          </p>
        )}
        {doc.intro.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {doc.sections.map((section) => (
          <section key={section.heading} className="legal__section">
            <h2>{section.heading}</h2>
            {section.items && (
              <ul>
                {section.items.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
            {section.paragraphs?.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}
