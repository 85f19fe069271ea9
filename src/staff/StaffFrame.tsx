/**
 * The staff console's own frame, full width, instead of the public site's header, menu, Book
 * Appointment button and footer: the skip link, a compact bar (the clinic's name, which leads back
 * to the site, and a slot for who is signed in, Sign out and the sections, which the console's
 * shell fills once the server said who the caller is: ./StaffShell.tsx), and <main>. Focus and
 * scrolling on navigation follow the site's frame (src/app/Layout.tsx).
 */
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SkipLink, useFocusOnNavigation } from '../app/Layout';
import { LogoMark } from '../components/Icons/icons';
import { Link } from '../components/Link/Link';
import { clinic } from '../content/clinic';
import { useStaffMessages } from '../i18n/staffMessages';
import './StaffFrame.css';

/** Where the bar's signed-in part goes: the frame's slot, or null without a frame (it then shows in place). */
const BarSlot = createContext<HTMLElement | null>(null);

export function StaffFrame({ children }: { readonly children: ReactNode }) {
  const texts = useStaffMessages().console;
  const main = useRef<HTMLElement>(null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useFocusOnNavigation(main);
  return (
    <BarSlot.Provider value={slot}>
      <SkipLink main={main} />
      <header className="staff-bar">
        <div className="staff-bar__inner">
          <Link to="/" className="staff-bar__brand">
            <LogoMark size={28} />
            <span className="staff-bar__name">{clinic.name}</span>
            <span className="staff-bar__console">{texts.title}</span>
          </Link>
          <div ref={setSlot} className="staff-bar__slot" />
        </div>
      </header>
      <main id="main-content" ref={main} tabIndex={-1} className="staff-main">
        {children}
      </main>
    </BarSlot.Provider>
  );
}

/** The bar's signed-in part: in the frame's bar when there is one, else where it is rendered. */
export function InStaffBar({ children }: { readonly children: ReactNode }) {
  const slot = useContext(BarSlot);
  return slot ? createPortal(children, slot) : <div className="staff-bar__slot">{children}</div>;
}
