/**
 * Helpers for the staff console's component tests: every console call answered by hand (as in the
 * machines' tests), and the console rendered at a /staff address for a logged-in user, inside a
 * router with the toast region, with admin sections given by the test.
 */
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AppointmentRecord, Medicines } from '../../contract/appointments';
import type { StaffAppointmentDetail, StaffMe } from '../../contract/staff';
import type { AdminDoctor } from '../../contract/staffAdmin';
import type { ChangeAnswer } from '../../machines/consultation/events';
import type { CatalogueHit } from '../../contract/catalogue';
import type { OrderPreview, Pharmacy, StaffOrderRequest } from '../../contract/pharmacyOrder';
import type { AuditRecord } from '../../machines/staffConsole/auditLogMachine';
import type { StaffAppointmentsFilter } from '../../machines/staffConsole/staffAppointmentsMachine';
import { AccountProvider } from '../../src/app/account';
import { ToastRegion } from '../../src/ui/ToastRegion';
import type { StaffAdminApi } from '../../src/api/staffAdmin';
import type { AdminSection } from '../../src/staff/admin/sections';
import { AdminServicesProvider } from '../../src/staff/admin/services';
import { StaffServicesProvider, type StaffServices } from '../../src/staff/services';
import type { DownloadedFile } from '../../machines/records/documentDownloadMachine';
import StaffConsole from '../../src/staff/StaffConsole';
import { answeredByHand } from '../machines/accountFakes';
import { now, today } from '../machines/staffConsoleFakes';
import { answer, demoUser, fakeAccount } from './support';
import { fakeDesk } from './deskSupport';
import { StaffFrame } from '../../src/staff/StaffFrame';

export function fakeStaff() {
  const calls = {
    fetchStaffMe: answeredByHand<StaffMe, { token: string }>(),
    loadAppointments: answeredByHand<AppointmentRecord[], { filter: StaffAppointmentsFilter; token: string }>(),
    loadFilterDoctors: answeredByHand<AdminDoctor[], { token: string }>(),
    loadAppointment: answeredByHand<StaffAppointmentDetail, { appointmentId: string; token: string }>(),
    completeAppointment: answeredByHand<ChangeAnswer, { appointmentId: string; medicines: Medicines; token: string }>(),
    createOrder: answeredByHand<ChangeAnswer, { appointmentId: string; order: StaffOrderRequest; token: string }>(),
    previewOrder: answeredByHand<OrderPreview, { appointmentId: string; order: StaffOrderRequest; token: string }>(),
    loadPharmacies: answeredByHand<Pharmacy[], { token: string }>(),
    searchCatalogue: answeredByHand<CatalogueHit[], { query: string; locationId: string; token: string }>(),
    markDidNotAttend: answeredByHand<ChangeAnswer, { appointmentId: string; note: string; token: string }>(),
    loadAudit: answeredByHand<AuditRecord[], { limit: number; before: string | null; token: string }>(),
    downloadDocument: answeredByHand<DownloadedFile, { path: string; token: string }>(),
  };
  const desk = fakeDesk();
  const services: StaffServices = {
    actors: {
      fetchStaffMe: calls.fetchStaffMe.logic,
      loadAppointments: calls.loadAppointments.logic,
      loadFilterDoctors: calls.loadFilterDoctors.logic,
      loadAppointment: calls.loadAppointment.logic,
      completeAppointment: calls.completeAppointment.logic,
      createOrder: calls.createOrder.logic,
      previewOrder: calls.previewOrder.logic,
      loadPharmacies: calls.loadPharmacies.logic,
      searchCatalogue: calls.searchCatalogue.logic,
      markDidNotAttend: calls.markDidNotAttend.logic,
      loadAudit: calls.loadAudit.logic,
      downloadDocument: calls.downloadDocument.logic,
    },
    desk: desk.services,
    today: () => today,
    // 10:00 in the clinic on `today`: the fakes' appointments at 09:00 have ended (staffConsoleFakes.ts).
    now: () => now,
  };
  return { ...calls, desk, services };
}

export type FakeStaff = ReturnType<typeof fakeStaff>;

/** Where the router is, for the test to read. */
function WhereAmI() {
  const { pathname } = useLocation();
  return <output data-testid="path">{pathname}</output>;
}

export const fakeAdminSections: ReadonlyArray<AdminSection> = [
  { path: 'doctors', label: 'Doctors', element: <h1>Doctors section</h1> },
  { path: 'fees', label: 'Fees', element: <h1>Fees section</h1> },
];

/**
 * The console at `path` for Asha's account (logged in with a stored token), in its own frame (the
 * bar with who is signed in and the sections), GET /staff/me asked
 * but not answered. `me` answers it at once when given. `adminApi` answers the admin popups'
 * calls (./staffAdminSupport.tsx fakeFetch); without it they would reach for the network.
 */
export async function renderConsole({
  path = '/staff',
  fake = fakeStaff(),
  me,
  adminSections = fakeAdminSections,
  adminApi,
}: { path?: string; fake?: FakeStaff; me?: StaffMe; adminSections?: ReadonlyArray<AdminSection>; adminApi?: StaffAdminApi } = {}) {
  const account = fakeAccount({ storedToken: 'tok-stored' });
  const routes = (
    <Routes>
      <Route
        path="staff/*"
        element={
          <StaffFrame>
            <StaffConsole adminSections={adminSections} />
          </StaffFrame>
        }
      />
    </Routes>
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider services={account.services}>
        <StaffServicesProvider services={fake.services}>
          {adminApi ? <AdminServicesProvider services={{ api: adminApi }}>{routes}</AdminServicesProvider> : routes}
          <WhereAmI />
        </StaffServicesProvider>
      </AccountProvider>
      <ToastRegion />
    </MemoryRouter>,
  );
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  await waitFor(() => {
    if (fake.fetchStaffMe.calls.length === 0) throw new Error('no /staff/me call yet');
  });
  if (me) await answer(() => fake.fetchStaffMe.latest().resolve(me));
  return { fake, account };
}
