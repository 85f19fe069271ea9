/**
 * The global header (spec §2): contact bar, clinic name, location picker, Login and Sign up (or
 * the My Profile menu once logged in), and the main navigation, which becomes a hamburger menu at
 * 768 px and below. There it is compact (Header.css): the contact bar is one line (the hours move
 * into the menu), the picker's label sits beside it, and on scroll the contact line goes while the
 * rest stays at the top (sticky), so a page's own content starts within the first 200 px.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../app/account';
import { useSelectedLocation } from '../../app/location';
import { useSiteOptions } from '../../app/siteOptions';
import { clinic } from '../../content/clinic';
import { useMessages, type ShellMessages } from '../../i18n/shell';
import { ClockIcon, LogoMark, MailIcon, MenuIcon, PhoneIcon } from '../Icons/icons';
import LanguagePicker from '../LanguagePicker/LanguagePicker';
import { Link, NavLink } from '../Link/Link';
import { accountButtonAttribute, preloadPopup, usePopup } from '../Popup/popups';
import './Header.css';

const navItems = (nav: ShellMessages['nav']) => [
  { to: '/', label: nav.home, end: true },
  { to: '/ourtreatment', label: nav.treatments, end: false },
  { to: '/gallery', label: nav.gallery, end: false },
  { to: '/teams', label: nav.teams, end: false },
  { to: '/aboutus', label: nav.aboutUs, end: false },
  { to: '/contactus', label: nav.contactUs, end: false },
];

const navListId = 'main-nav-list';

export function Header() {
  return (
    <header className="site-header">
      <ContactBar />
      <div className="container header-main">
        <Link to="/" className="brand">
          <LogoMark size={40} />
          <span className="brand__text">
            <span className="brand__name">{clinic.name}</span>
            <span className="brand__city">{clinic.city}</span>
          </span>
        </Link>
        <HeaderTools />
        <MainNav />
      </div>
    </header>
  );
}

function ContactBar() {
  const messages = useMessages();
  return (
    <div className="contact-bar">
      <div className="container contact-bar__inner">
        <a className="contact-bar__item" href={clinic.phone.href}>
          <PhoneIcon size={16} />
          <span className="visually-hidden">{messages.header.callUs} </span>
          {clinic.phone.display}
        </a>
        <a className="contact-bar__item contact-bar__email" href={`mailto:${clinic.email}`}>
          <MailIcon size={16} />
          <span className="visually-hidden">{messages.header.emailUs} </span>
          {clinic.email}
        </a>
        <p className="contact-bar__item contact-bar__hours">
          <ClockIcon size={16} />
          <span className="visually-hidden">{messages.header.hoursLabel}: </span>
          {messages.header.hoursSummary}
        </p>
      </div>
    </div>
  );
}

function HeaderTools() {
  return (
    <div className="header-tools">
      <LocationPicker />
      <LanguagePicker id="language-picker" className="language-picker--header" />
      <AccountTools />
    </div>
  );
}

// Only a logged-in user sees it: its own chunk, out of the home page's first JavaScript.
const loadProfileMenu = () => import('./ProfileMenu');
const ProfileMenu = lazy(loadProfileMenu);

/**
 * Login and Sign up, or for a logged-in user the My Profile menu (spec §2). While a stored token
 * is being checked, neither: a placeholder of the same size keeps the header from jumping.
 */
function AccountTools() {
  const messages = useMessages();
  const popup = usePopup();
  const { isLoggedIn, isChecking } = useSession();
  const wasLoggedIn = useRef(isLoggedIn);

  // After a logout the menu that had focus is gone: give focus to Login, where it was.
  useEffect(() => {
    if (wasLoggedIn.current && !isLoggedIn && (document.activeElement === document.body || !document.activeElement)) {
      document.querySelector<HTMLElement>(`[${accountButtonAttribute}]`)?.focus();
    }
    wasLoggedIn.current = isLoggedIn;
  }, [isLoggedIn]);

  // A stored token is being checked: the menu's code is likely needed next.
  useEffect(() => {
    if (isChecking) void loadProfileMenu();
  }, [isChecking]);
  const placeholder = (
    <div className="header-tools__account header-tools__account--checking">
      <span className="visually-hidden">{messages.account.checkingSession}</span>
    </div>
  );
  if (isChecking) return placeholder;
  if (isLoggedIn) {
    return (
      <Suspense fallback={placeholder}>
        <ProfileMenu />
      </Suspense>
    );
  }
  return (
    <div className="header-tools__account">
      <button
        type="button"
        className="button button--outline header-tools__button"
        {...{ [accountButtonAttribute]: '' }}
        onClick={() => popup.open('login')}
        onPointerEnter={() => popup.preload('login')}
        onFocus={() => popup.preload('login')}
      >
        {messages.header.login}
      </button>
      <button
        type="button"
        className="button button--primary header-tools__button"
        onClick={() => popup.open('signup')}
        onPointerEnter={() => popup.preload('signup')}
        onFocus={() => popup.preload('signup')}
      >
        {messages.header.signUp}
      </button>
    </div>
  );
}

function LocationPicker() {
  const messages = useMessages();
  const { options } = useSiteOptions();
  const { location, setLocation } = useSelectedLocation();
  const locations = options?.locations ?? [];
  return (
    <div className="location-picker">
      <label htmlFor="location-picker" className="location-picker__label">
        {messages.header.location}
      </label>
      <select
        id="location-picker"
        className="location-picker__select"
        value={locations.includes(location) ? location : ''}
        onChange={(event) => setLocation(event.target.value)}
      >
        <option value="">{clinic.city}</option>
        {locations.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

function MainNav() {
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const popup = usePopup();

  // Any navigation closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  // Escape closes the open menu and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <nav aria-label={messages.header.mainNavLabel} className="main-nav">
      <button
        ref={menuButton}
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls={navListId}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon open={open} />
        <span>{messages.header.menu}</span>
      </button>
      <ul id={navListId} className={`main-nav__list${open ? ' main-nav__list--open' : ''}`}>
        {navItems(messages.nav).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className="main-nav__link"
              onClick={() => setOpen(false)}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        {/* At 768 px and below the hours are here, not in the contact bar (Header.css). */}
        <li className="main-nav__hours">
          <ClockIcon size={16} />
          <span className="visually-hidden">{messages.header.hoursLabel}: </span>
          {messages.header.hoursSummary}
        </li>
        <li className="main-nav__language">
          <LanguagePicker id="language-picker-menu" className="language-picker--menu" />
        </li>
        <li className="main-nav__cta">
          <button
            type="button"
            className="button button--accent"
            onClick={() => popup.open('booking')}
            onPointerEnter={preloadPopup}
            onFocus={preloadPopup}
          >
            {messages.nav.bookAppointment}
          </button>
        </li>
      </ul>
    </nav>
  );
}
