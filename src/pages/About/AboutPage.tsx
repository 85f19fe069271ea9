/** /aboutus */
import { usePageTitle } from '../../app/usePageTitle';
import { useAboutCopy } from '../../content/about';
import { useMessages } from '../../i18n/messages';
import './AboutPage.css';

export default function AboutPage() {
  const messages = useMessages();
  const aboutPage = useAboutCopy();
  usePageTitle(messages.pageTitles.about);
  return (
    <div className="page container">
      <div className="split about-intro">
        <div>
          <h1>{aboutPage.title}</h1>
          <p className="page__lead">{aboutPage.lead}</p>
        </div>
        <img
          className="split__image"
          src={aboutPage.image.src}
          alt={aboutPage.image.alt}
          width={aboutPage.image.width}
          height={aboutPage.image.height}
        />
      </div>
      {aboutPage.sections.map((section) => (
        <section key={section.heading} className="about-section prose">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      <section className="about-section">
        <h2>{aboutPage.valuesHeading}</h2>
        <ul className="card-grid">
          {aboutPage.values.map((value) => (
            <li key={value.title} className="about-values__item">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
