/**
 * The My Profile menu of a logged-in user (spec §2: My Profile, My Appointment, Logout; and Help,
 * the Help popup with chat, call and email): a
 * disclosure button (aria-expanded) over a short list of links and the Logout button. Staff (an
 * admin or doctor account, as GET /auth/getuser says) also find the Staff console there; patients
 * never see it (the console checks the role on every call anyway). Escape
 * closes it and returns focus to the button; so do a click or focus elsewhere and any navigation.
 * ArrowDown on the button opens it at the first item; arrow keys, Home and End move between items.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { SessionContext, useSession } from '../../app/account';
import { LanguageSync } from '../../app/LanguageSync';
import { useMessages } from '../../i18n/messages';
import { Link } from '../Link/Link';
import { accountButtonAttribute, takeAccountFocus, usePopup } from '../Popup/popups';

const profileMenuId = 'profile-menu-list';

/** While open, Escape closes the menu and returns focus to its button; a pointer down outside closes it. */
function useCloseOnEscapeOrOutside(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) close();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close, root, button]);
}

function menuItems(list: HTMLUListElement | null): HTMLElement[] {
  return Array.from(list?.querySelectorAll<HTMLElement>('.profile-menu__item') ?? []);
}

/** Arrow keys, Home and End move between the menu's items. */
function moveFocus(list: HTMLUListElement | null, event: ReactKeyboardEvent) {
  const all = menuItems(list);
  const index = all.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? all[(index + 1) % all.length]
      : event.key === 'ArrowUp'
        ? all[(index - 1 + all.length) % all.length]
        : event.key === 'Home'
          ? all[0]
          : event.key === 'End'
            ? all[all.length - 1]
            : undefined;
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** The menu's entries; `close` shuts the menu before Help or Logout act. */
function MenuItems({ isStaff, close }: { isStaff: boolean; close: () => void }) {
  const messages = useMessages();
  const { account } = messages;
  const session = SessionContext.useActorRef();
  const popup = usePopup();
  return (
      <>
      <li>
        <Link to="/account" className="profile-menu__item">
          {account.myProfile}
        </Link>
      </li>
      <li>
        <Link to="/myappointment" className="profile-menu__item">
          {account.myAppointment}
        </Link>
      </li>
      <li>
        <Link to="/myremedies" className="profile-menu__item">
          {account.myRemedies}
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="profile-menu__item"
          onClick={() => {
            close();
            popup.open('help');
          }}
          onFocus={() => popup.preload('help')}
        >
          {messages.appointments.help}
        </button>
      </li>
      {isStaff && (
        <li>
          <Link to="/staff" className="profile-menu__item">
            {account.staffConsole}
          </Link>
        </li>
      )}
      <li>
        <button
          type="button"
          className="profile-menu__item"
          onClick={() => {
            close();
            session.send({ type: 'session.logout' });
          }}
        >
          {account.logout}
        </button>
      </li>
    </>
  );
}

export default function ProfileMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusFirstItem = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  // Known once the whole profile is fetched: until then (just logged in) no console link.
  const role = useSession().user?.role;
  const isStaff = role === 'admin' || role === 'doctor' || role === 'reception';
  const { pathname } = useLocation();
  const { account } = useMessages();

  useEffect(() => setOpen(false), [pathname]);

  // Just logged in from a popup whose opener (Login) is gone: focus comes here, in its place.
  useEffect(() => {
    if (takeAccountFocus()) button.current?.focus();
  }, []);

  // Opened with ArrowDown: focus the first item once the list shows.
  useEffect(() => {
    if (!open || !focusFirstItem.current) return;
    focusFirstItem.current = false;
    menuItems(list.current)[0]?.focus();
  }, [open]);

  useCloseOnEscapeOrOutside(open, close, root, button);

  return (
    <div
      ref={root}
      className="profile-menu"
      onBlur={(event) => {
        // Focus moved to another element outside (Tab). A click elsewhere is the pointerdown above;
        // a blur with no new element (Safari does not focus clicked buttons) keeps the menu open.
        const next = event.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      {/* The account keeps the language while logged in. */}
      <LanguageSync />
      <button
        ref={button}
        type="button"
        className="button button--outline header-tools__button profile-menu__button"
        aria-expanded={open}
        aria-controls={profileMenuId}
        {...{ [accountButtonAttribute]: '' }}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          focusFirstItem.current = true;
          setOpen(true);
        }}
      >
        <UserIcon />
        {account.myProfile}
        <ChevronIcon open={open} />
      </button>
      <ul id={profileMenuId} ref={list} className="profile-menu__list" hidden={!open} onKeyDown={(event) => moveFocus(list.current, event)}>
        <MenuItems isStaff={isStaff} close={close} />
      </ul>
    </div>
  );
}

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
      <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
    </svg>
  );
}
