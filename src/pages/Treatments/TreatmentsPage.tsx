/** /ourtreatment: skin, women's health and general health, each a section the home cards link to. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../../app/usePageTitle';
import { useTreatmentsCopy } from '../../content/treatments';
import { useMessages } from '../../i18n/messages';
import './TreatmentsPage.css';

type TreatmentSection = ReturnType<typeof useTreatmentsCopy>['sections'][number];

/** One treatment: what it is, the conditions, how we help, and when to see a doctor. */
function Treatment({ section }: { section: TreatmentSection }) {
  const { page: treatmentsPage } = useTreatmentsCopy();
  return (
    <section
      id={section.id}
      tabIndex={-1}
      className="treatment"
      aria-labelledby={`${section.id}-title`}
    >
      <div className="treatment__head">
        <div>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          <p className="treatment__intro">{section.intro}</p>
        </div>
        <img
          className="treatment__image"
          src={section.image.src}
          alt={section.image.alt}
          width={section.image.width}
          height={section.image.height}
          loading="lazy"
        />
      </div>
      <h3>{treatmentsPage.conditionsHeading}</h3>
      <dl className="conditions">
        {section.conditions.map((condition) => (
          <div key={condition.name} className="conditions__item">
            <dt>{condition.name}</dt>
            <dd>{condition.text}</dd>
          </div>
        ))}
      </dl>
      <h3>{treatmentsPage.howWeHelpHeading}</h3>
      <ul className="treatment__list">
        {section.howWeHelp.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <h3>{treatmentsPage.seeADoctorHeading}</h3>
      <p className="notice">{section.seeADoctor}</p>
    </section>
  );
}

export default function TreatmentsPage() {
  const messages = useMessages();
  const { page: treatmentsPage, sections: treatmentSections } = useTreatmentsCopy();
  usePageTitle(messages.pageTitles.treatments);
  const { hash } = useLocation();

  // /ourtreatment#skin scrolls to that section (the router keeps the part after the second #).
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.focus({ preventScroll: true });
    target?.scrollIntoView();
  }, [hash]);

  return (
    <div className="page container">
      <h1>{treatmentsPage.title}</h1>
      {treatmentsPage.intro.map((text) => (
        <p key={text} className="page__lead">
          {text}
        </p>
      ))}
      <nav className="treatment-index" aria-label={treatmentsPage.sectionsNavLabel}>
        <ul>
          {treatmentSections.map((section) => (
            <li key={section.id}>
              <a
                href={`#/ourtreatment#${section.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  const target = document.getElementById(section.id);
                  target?.focus({ preventScroll: true });
                  target?.scrollIntoView();
                }}
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {treatmentSections.map((section) => (
        <Treatment key={section.id} section={section} />
      ))}

      <section className="treatment" aria-labelledby="alongside-title">
        <h2 id="alongside-title">{treatmentsPage.alongsideHeading}</h2>
        <p className="prose">{treatmentsPage.alongside}</p>
      </section>
    </div>
  );
}
