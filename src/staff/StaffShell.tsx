/**
 * The console's shell for a staff member: who is signed in, Sign out and the sections by role (in
 * the frame's bar: ./StaffFrame.tsx), and the section asked for, full width.
 * - Doctors: Today, Upcoming and each appointment, My signature; their own Queue and Day list, and
 *   their own figures in Insights (./insights, a lazily loaded chunk with its chart library).
 * - Reception: Today and Upcoming for every doctor, the Desk, every doctor's Queue and Day list,
 *   the Waitlist (read, add, remove), the Dispensary (stock, dispensing; the catalogue read only);
 *   an appointment without the prescription's forms; no audit log, no admin sections.
 * - Admins: all of that, Signatures (any doctor's), Insights for the whole clinic, the admin sections (./admin/sections.tsx, at /staff/admin/<path>) and the audit log.
 * Each section's name leads the browser tab's title ("Doctors · Staff console").
 *
 * The sections are a row under the bar on wide screens; on phones they (with who is signed in and
 * Sign out) collapse behind a "Sections" button (aria-expanded) and close again after each navigation.
 *
 * Links are absolute (/staff/...): inside a splat route a relative link would resolve against the
 * whole current address.
 */
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { StaffMe } from '../../contract/staff';
import { usePageTitle } from '../app/usePageTitle';
import { SessionContext } from '../app/account';
import { NavLink } from '../components/Link/Link';
import { useDeskMessages } from '../i18n/deskMessages';
import { useStaffMessages } from '../i18n/staffMessages';
import type { AdminSection } from './admin/sections';
import { AppointmentsSection } from './AppointmentsSection';
import { AuditLog } from './AuditLog';
import { Consultation } from './Consultation';
import { DayListSection } from './desk/DayListSection';
import { DeskSection } from './desk/DeskSection';
import { QueueSection } from './desk/QueueSection';
import { WaitlistSection } from './desk/WaitlistSection';
import { DispensarySection } from './dispensary/DispensarySection';
import { SignatureSection } from './signature/SignatureSection';
import { useDispensaryMessages } from '../i18n/dispensaryMessages';
import type { StaffServices } from './services';
import { useStaff } from './StaffContext';
import { InStaffBar } from './StaffFrame';
import { useInsightsTitle } from './insightsTitle';

/** The owner's view, with its chart library, in a chunk of its own: fetched when opened. */
const InsightsSection = lazy(() => import('./insights/InsightsSection'));

export interface StaffShellProps {
  readonly services: StaffServices;
  /** Shown to admins only (the console gives none to a doctor or reception). */
  readonly adminSections: ReadonlyArray<AdminSection>;
}

type Group = 'consultations' | 'desk' | 'clinic';
interface Section {
  readonly path: string;
  readonly title: string;
  readonly element: ReactNode;
  /** Its link's group; none: reached from another section (an appointment). */
  readonly group?: Group;
}

/** The sections a role has, in the order of their links. */
function useSections(me: StaffMe, services: StaffServices, adminSections: ReadonlyArray<AdminSection>): Section[] {
  const staff = useStaffMessages();
  const desk = useDeskMessages().sections;
  const dispensary = useDispensaryMessages().section;
  const texts = staff.console;
  const isAdmin = me.role === 'admin';
  const insightsTitle = useInsightsTitle();
  const insights = {
    path: 'insights',
    title: insightsTitle,
    group: 'clinic' as const,
    element: (
      <Suspense fallback={<p role="status" className="staff-state">{texts.loadingSection}</p>}>
        <InsightsSection />
      </Suspense>
    ),
  };
  return [
    { path: 'today', title: texts.today, group: 'consultations', element: <AppointmentsSection key="today" range="today" services={services} /> },
    { path: 'upcoming', title: texts.upcoming, group: 'consultations', element: <AppointmentsSection key="upcoming" range="upcoming" services={services} /> },
    { path: 'appointments/:appointmentId', title: staff.detail.title, element: <Consultation services={services} /> },
    ...(me.role === 'reception'
      ? []
      : [{ path: 'signature', title: isAdmin ? staff.signature.adminTitle : staff.signature.title, group: 'consultations' as const, element: <SignatureSection services={services} /> }]),
    ...(me.role === 'doctor' ? [] : [{ path: 'desk', title: desk.desk, group: 'desk' as const, element: <DeskSection services={services} /> }]),
    { path: 'queue', title: desk.queue, group: 'desk', element: <QueueSection services={services} /> },
    { path: 'day', title: desk.dayList, group: 'desk', element: <DayListSection services={services} /> },
    ...(me.role === 'doctor' ? [] : [{ path: 'waitlist', title: desk.waitlist, group: 'desk' as const, element: <WaitlistSection services={services} /> }]),
    ...(me.role === 'doctor' ? [] : [{ path: 'dispensary', title: dispensary, group: 'desk' as const, element: <DispensarySection services={services} /> }]),
    ...(me.role === 'reception' ? [] : [insights]),
    ...(isAdmin
      ? [
          ...adminSections.map((section) => ({ path: `admin/${section.path}/*`, title: section.label, group: 'clinic' as const, element: section.element })),
          { path: 'audit', title: texts.audit, group: 'clinic' as const, element: <AuditLog services={services} /> },
        ]
      : []),
  ];
}

/** The section links, by group: consultations, the front desk, the clinic's (admins). */
function SectionLinks({ sections }: { readonly sections: readonly Section[] }) {
  const texts = useStaffMessages().console;
  const desk = useDeskMessages().sections;
  const groups: ReadonlyArray<[Group, string]> = [
    ['consultations', texts.doctorGroup],
    ['desk', desk.group],
    ['clinic', texts.adminGroup],
  ];
  return (
    <>
      {groups.map(([group, name]) => {
        const links = sections.filter((s) => s.group === group);
        if (links.length === 0) return null;
        return (
          <div key={group} className="staff-nav__block">
            <p className="staff-nav__group">{name}</p>
            <ul className="staff-nav__list">
              {links.map((section) => (
                <li key={section.path}>
                  <NavLink to={`/staff/${section.path.replace('/*', '')}`} className="staff-nav__link">
                    {section.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

/** Who is signed in, Sign out (back to the site's home), and the sections. */
function StaffBar({ sections }: { readonly sections: readonly Section[] }) {
  const texts = useStaffMessages().console;
  const { me } = useStaff();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <InStaffBar>
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
          <div className="staff-nav__who">
            <p className="staff__who">{texts.signedInAs(`${me.firstName} ${me.lastName}`.trim() || me.email, texts.roles[me.role])}</p>
            <button
              type="button"
              className="button button--outline staff-nav__signout"
              onClick={() => {
                session.send({ type: 'session.logout' });
                navigate('/');
              }}
            >
              {texts.signOut}
            </button>
          </div>
          <div className="staff-nav__sections">
            <SectionLinks sections={sections} />
          </div>
        </div>
      </nav>
    </InStaffBar>
  );
}

export function StaffShell({ services, adminSections }: StaffShellProps) {
  const { me } = useStaff();
  const sections = useSections(me, services, adminSections);
  // The desk opens on the Desk; doctors and admins on today's appointments.
  const home = me.role === 'reception' ? '/staff/desk' : '/staff/today';
  return (
    <>
      <StaffBar sections={sections} />
      <div className="staff">
        <div className="staff__section">
          <Routes>
            <Route index element={<Navigate to={home} replace />} />
            {sections.map((section) => (
              <Route key={section.path} path={section.path} element={<Titled title={section.title}>{section.element}</Titled>} />
            ))}
            <Route path="*" element={<UnknownSection />} />
          </Routes>
        </div>
      </div>
    </>
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
