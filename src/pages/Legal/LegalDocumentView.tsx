/** Renders a legal document (terms, privacy) with its date. */
import type { LegalDocument } from '../../content/legal';
import { useMessages } from '../../i18n/messages';
import './Legal.css';

export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  const messages = useMessages();
  return (
    <div className="page container">
      <article className="legal prose">
        <h1>{doc.title}</h1>
        <p className="legal__date">{messages.legal.lastUpdated(doc.date)}</p>
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
