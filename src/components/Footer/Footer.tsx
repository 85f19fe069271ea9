/**
 * The global footer (spec §2): page links, Help with a consultation (chat, call or
 * email, or 'Please login.'; the Help popup's own chunk), the clinic locations from site options,
 * the clinic phone as a tel: link, the Follow Us On icons (new tabs) and the 2024 copyright line.
 */
import { clinic, socialPages } from '../../content/clinic';
import { useMessages } from '../../i18n/shell';
import { SocialIcon } from '../Icons/SocialIcon';
import { PhoneIcon } from '../Icons/icons';
import { Link } from '../Link/Link';
import { usePopup } from '../Popup/popups';
import { SiteOptionsGate } from '../SiteOptionsStatus/SiteOptionsGate';
import './Footer.css';

export function Footer() {
  const messages = useMessages();
  const popup = usePopup();
  const footerLinks = [
    { to: '/aboutus', label: messages.footer.aboutUs },
    { to: '/contactus', label: messages.footer.contact },
    { to: '/privacypolicy', label: messages.footer.privacyPolicy },
    { to: '/termandcondition', label: messages.footer.termsOfService },
  ];
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="site-footer__heading">
            {messages.footer.linksHeading}
          </h2>
          <ul className="site-footer__list">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="site-footer__help"
                onClick={() => popup.open('help')}
                onPointerEnter={() => popup.preload('help')}
                onFocus={() => popup.preload('help')}
              >
                {messages.footer.help}
              </button>
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-locations-heading">
          <h2 id="footer-locations-heading" className="site-footer__heading">
            {messages.footer.locationsHeading}
          </h2>
          <SiteOptionsGate compact>
            {({ locations }) =>
              locations.length === 0 ? (
                <p className="site-footer__empty">{messages.spec.noLocations}</p>
              ) : (
                <ul className="site-footer__list">
                  {locations.map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ul>
              )
            }
          </SiteOptionsGate>
        </section>

        <section aria-labelledby="footer-call-heading">
          <h2 id="footer-call-heading" className="site-footer__heading">
            {messages.footer.callHeading}
          </h2>
          <p>
            <a className="site-footer__phone" href={clinic.phone.href}>
              <PhoneIcon size={18} />
              {clinic.phone.display}
            </a>
          </p>
          <p>
            <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
          </p>
        </section>

        <section aria-labelledby="footer-follow-heading">
          <h2 id="footer-follow-heading" className="site-footer__heading">
            {messages.footer.followUsOn}
          </h2>
          <ul className="site-footer__social">
            {socialPages.map(({ network, href }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={messages.social[network]}
                  title={`${messages.social[network]} ${messages.footer.opensInNewTab}`}
                >
                  <SocialIcon network={network} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p className="site-footer__disclaimer">{messages.footer.disclaimer}</p>
          <p className="site-footer__copyright">{messages.footer.copyright(clinic.copyrightYear, clinic.name)}</p>
        </div>
      </div>
    </footer>
  );
}
