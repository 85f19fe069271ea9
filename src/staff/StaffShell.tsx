/**
 * The console's frame for a staff member: who is signed in, the sections by role, and the section
 * asked for. Doctors: Today, Upcoming, and each appointment. Admins: the same for every doctor,
 * the audit log, and the admin sections (./admin/sections.tsx), each at /staff/admin/<path>.
 * Each section's name leads the browser tab's title ("Doctors · Staff console").
 *
 * The section list is a side column on wide screens; on phones it collapses behind a "Sections"
 * button (aria-expanded) and closes again after each navigation.
 *
 * Links are absolute (/staff/...): inside a splat route a relative link would resolve against the
 * whole current address.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { usePageTitle } from '../app/usePageTitle';
import { NavLink } from '../components/Link/Link';
import { useStaffMessages } from '../i18n/staffMessages';
import type { AdminSection } from './admin/sections';
import { AppointmentsSection } from './AppointmentsSection';
import { AuditLog } from './AuditLog';
import { Consultation } from './Consultation';
import type { StaffServices } from './services';
import { useStaff } from './StaffContext';

export interface StaffShellProps {
  readonly services: StaffServices;
  /** Shown to admins only (the console gives none to a doctor). */
  readonly adminSections: ReadonlyArray<AdminSection>;
}

/** The section links: the doctor's, then for admins the admin sections and the audit log. */
function SectionLinks({ isAdmin, adminSections }: { readonly isAdmin: boolean; readonly adminSections: ReadonlyArray<AdminSection> }) {
  const texts = useStaffMessages().console;
  return (
    <>
      <p className="staff-nav__group">{texts.doctorGroup}</p>
      <ul className="staff-nav__list">
        <li>
          <NavLink to="/staff/today" className="staff-nav__link">
            {texts.today}
          </NavLink>
        </li>
        <li>
          <NavLink to="/staff/upcoming" className="staff-nav__link">
            {texts.upcoming}
          </NavLink>
        </li>
      </ul>
      {isAdmin && (
        <>
          <p className="staff-nav__group">{texts.adminGroup}</p>
          <ul className="staff-nav__list">
            {adminSections.map((section) => (
              <li key={section.path}>
                <NavLink to={`/staff/admin/${section.path}`} className="staff-nav__link">
                  {section.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/staff/audit" className="staff-nav__link">
                {texts.audit}
              </NavLink>
            </li>
          </ul>
        </>
      )}
    </>
  );
}

export function StaffShell({ services, adminSections }: StaffShellProps) {
  const staff = useStaffMessages();
  const { me } = useStaff();
  const isAdmin = me.role === 'admin';
  const texts = staff.console;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  // Each route with the name its page title shows; the audit log and the admin sections for admins only.
  const sections: ReadonlyArray<{ path: string; title: string; element: ReactNode }> = [
    { path: 'today', title: texts.today, element: <AppointmentsSection key="today" range="today" services={services} /> },
    { path: 'upcoming', title: texts.upcoming, element: <AppointmentsSection key="upcoming" range="upcoming" services={services} /> },
    { path: 'appointments/:appointmentId', title: staff.detail.title, element: <Consultation services={services} /> },
    ...(isAdmin
      ? [
          { path: 'audit', title: texts.audit, element: <AuditLog services={services} /> },
          ...adminSections.map((section) => ({ path: `admin/${section.path}/*`, title: section.label, element: section.element })),
        ]
      : []),
  ];

  return (
    <div className="staff container">
      <div className="staff__nav-column">
        <p className="staff__who">{texts.signedInAs(`${me.firstName} ${me.lastName}`.trim() || me.email, texts.roles[me.role])}</p>
        <nav className="staff-nav" aria-label={texts.navLabel}>
          <button
            type="button"
            className="button button--outline staff-nav__toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
          >
            {texts.sections}
          </button>
          <div id={listId} className={open ? 'staff-nav__groups staff-nav__groups--open' : 'staff-nav__groups'}>
            <SectionLinks isAdmin={isAdmin} adminSections={adminSections} />
          </div>
        </nav>
      </div>
      <div className="staff__section">
        <Routes>
          <Route index element={<Navigate to="/staff/today" replace />} />
          {sections.map((section) => (
            <Route key={section.path} path={section.path} element={<Titled title={section.title}>{section.element}</Titled>} />
          ))}
          <Route path="*" element={<UnknownSection />} />
        </Routes>
      </div>
    </div>
  );
}

/** A section, with its name in the browser's tab ("Doctors · Staff console"). */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  const staff = useStaffMessages();
  usePageTitle(staff.console.sectionTitle(title));
  return children;
}

function UnknownSection() {
  const staff = useStaffMessages();
  const texts = staff.console;
  usePageTitle(texts.title);
  return (
    <div>
      <h1>{texts.title}</h1>
      <p>{texts.unknownSection}</p>
      <p>
        <NavLink to="/staff/today">{texts.backToToday}</NavLink>
      </p>
    </div>
  );
}
