/**
 * The admin screens of the staff console (issue 6), mounted by the console's shell under
 * /staff/admin/<path>. Each reads the caller with useStaff() and its calls from useAdminServices().
 */
import type { ReactNode } from 'react';
import { staffAdminMessages } from '../../i18n/staffAdminMessages';
import { AccountsSection } from './AccountsSection';
import { AppointmentsSection } from './AppointmentsSection';
import { DoctorsSection } from './DoctorsSection';
import { FeesSection } from './FeesSection';
import { LocationsSection } from './LocationsSection';
import { RefundsSection } from './RefundsSection';
import { SiteSection } from './SiteSection';

const names = staffAdminMessages.sections;

export interface AdminSection {
  /** Relative to /staff/admin/, e.g. 'doctors'. */
  readonly path: string;
  readonly label: string;
  readonly element: ReactNode;
}

export const adminSections: ReadonlyArray<AdminSection> = [
  { path: 'appointments', label: names.appointments, element: <AppointmentsSection /> },
  { path: 'refunds', label: names.refunds, element: <RefundsSection /> },
  { path: 'doctors', label: names.doctors, element: <DoctorsSection /> },
  { path: 'locations', label: names.locations, element: <LocationsSection /> },
  { path: 'fees', label: names.fees, element: <FeesSection /> },
  { path: 'site', label: names.site, element: <SiteSection /> },
  { path: 'accounts', label: names.accounts, element: <AccountsSection /> },
];
