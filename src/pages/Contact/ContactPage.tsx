/** /contactus: each clinic's address and phone, the opening hours (spec §9), and the quotation form. */
import { usePageTitle } from '../../app/usePageTitle';
import { MailIcon, PhoneIcon, PinIcon } from '../../components/Icons/icons';
import { SiteOptionsGate } from '../../components/SiteOptionsStatus/SiteOptionsGate';
import { clinic } from '../../content/clinic';
import { clinicHours, locationDetails, useContactCopy } from '../../content/locations';
import { useMessages } from '../../i18n/messages';
import { QuotationForm } from './QuotationForm';
import './ContactPage.css';

/** One clinic: its address, landmark and phone, or the clinic's phone when its address is not known here. */
function LocationCard({ name }: { name: string }) {
  const messages = useMessages();
  const copy = useContactCopy();
  // A location the server lists but this file does not know keeps its English landmark (none).
  const landmarks: Readonly<Partial<Record<string, string>>> = copy.landmarks;
  const details = locationDetails[name];
  return (
    <li className="location-card">
      <h3 className="location-card__name">
        <PinIcon size={20} />
        {name}
      </h3>
      {details ? (
        <>
          <address className="location-card__address">
            {details.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p className="location-card__landmark">{landmarks[name] ?? details.landmark}</p>
          <p className="location-card__phone">
            {messages.contact.phone}: <a href={details.phone.href}>{details.phone.display}</a>
          </p>
        </>
      ) : (
        <p>
          {messages.contact.addressUnknown} <a href={clinic.phone.href}>{clinic.phone.display}</a>
        </p>
      )}
    </li>
  );
}

/** The opening hours, a row a day; a closed day says so. */
function OpeningHours() {
  const messages = useMessages();
  const copy = useContactCopy();
  return (
    <section className="contact-section" aria-labelledby="contact-hours">
      <h2 id="contact-hours">{messages.contact.hoursHeading}</h2>
      <table className="hours-table">
        <caption>{messages.contact.hoursCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.contact.day}</th>
            <th scope="col">{messages.contact.hours}</th>
          </tr>
        </thead>
        <tbody>
          {clinicHours.map(({ day, hours }) => (
            <tr key={day} className={hours.length === 0 ? 'hours-table__closed' : undefined}>
              <th scope="row">{copy.days[day]}</th>
              <td>
                {hours.length === 0
                  ? messages.contact.closed
                  : hours.map((range) => (
                      <span key={range} className="hours-table__range">
                        {copy.hours[range]}
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function ContactPage() {
  const messages = useMessages();
  usePageTitle(messages.pageTitles.contact);
  return (
    <div className="page container">
      <h1>{messages.contact.title}</h1>
      <p className="page__lead">{messages.contact.intro}</p>

      <div className="contact-direct">
        <p>
          <PhoneIcon />
          <span>
            {messages.contact.allLocationsPhone}: <a href={clinic.phone.href}>{clinic.phone.display}</a>
          </span>
        </p>
        <p>
          <MailIcon />
          <span>
            {messages.contact.email}: <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
          </span>
        </p>
      </div>
      <p className="notice">{messages.contact.emergency}</p>

      <section className="contact-section" aria-labelledby="contact-locations">
        <h2 id="contact-locations">{messages.contact.locationsHeading}</h2>
        <SiteOptionsGate>
          {({ locations }) =>
            locations.length === 0 ? (
              <p className="empty-state">{messages.spec.noLocations}</p>
            ) : (
              <ul className="card-grid">
                {locations.map((name) => (
                  <LocationCard key={name} name={name} />
                ))}
              </ul>
            )
          }
        </SiteOptionsGate>
      </section>

      <div className="contact-columns">
        <OpeningHours />

        <section className="contact-section" aria-labelledby="contact-form">
          <h2 id="contact-form">{messages.quotation.heading}</h2>
          <p className="quotation-honesty">{messages.quotation.honesty}</p>
          <QuotationForm />
        </section>
      </div>
    </div>
  );
}
