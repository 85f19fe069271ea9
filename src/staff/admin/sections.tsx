/**
 * The admin screens of the staff console, mounted by the console's shell under
 * /staff/admin/<path>. Each reads the caller with useStaff() and its calls from useAdminServices().
 */
import type { ReactNode } from 'react';
import { getStaffAdminMessages, type StaffAdminMessages } from '../../i18n/staffAdminMessages';
import { AccountsSection } from './AccountsSection';
import { AppointmentsSection } from './AppointmentsSection';
import { DisplaysSection } from './DisplaysSection';
import { DoctorsSection } from './DoctorsSection';
import { displayLinkMessages } from '../../i18n/displayLinkMessages';
import { FeesSection } from './FeesSection';
import { LocationsSection } from './LocationsSection';
import { RefundsSection } from './RefundsSection';
import { SiteSection } from './SiteSection';

export interface AdminSection {
  /** Relative to /staff/admin/, e.g. 'doctors'. */
  readonly path: string;
  readonly label: string;
  readonly element: ReactNode;
}

// The label is read when shown, from the catalog in use (a second staff language plugs in there).
const section = (path: string, name: keyof StaffAdminMessages['sections'], element: ReactNode): AdminSection => ({
  path,
  get label() {
    return getStaffAdminMessages().sections[name];
  },
  element,
});

export const adminSections: ReadonlyArray<AdminSection> = [
  section('appointments', 'appointments', <AppointmentsSection />),
  section('refunds', 'refunds', <RefundsSection />),
  section('doctors', 'doctors', <DoctorsSection />),
  section('locations', 'locations', <LocationsSection />),
  section('fees', 'fees', <FeesSection />),
  section('site', 'site', <SiteSection />),
  section('accounts', 'accounts', <AccountsSection />),
  { path: 'displays', label: displayLinkMessages.section, element: <DisplaysSection /> },
];
