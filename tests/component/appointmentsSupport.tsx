/**
 * Helpers for the /myappointment component tests: every call of the appointments views answered
 * by hand (as in the machines' tests), a clock fixed at `now`, the payment redirect recorded, and
 * the page rendered for Asha, logged in with a stored token.
 */
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AppointmentRecord, Order, TimeSlot } from '../../contract/appointments';
import type { MessageAnswer } from '../../contract/auth';
import type { Doctor } from '../../contract/site';
import type { CalendarFile } from '../../machines/appointments/appointmentsMachine';
import type { DownloadedFile } from '../../machines/records/documentDownloadMachine';
import type { HelpContacts } from '../../machines/help/helpLinks';
import type { UpdateAnswer, UpdateRequest } from '../../machines/appointmentEdit/context';
import type { DeleteRequest } from '../../machines/appointmentCancel/appointmentCancelMachine';
import type { PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine';
import type { OrderPaymentAnswer } from '../../machines/orderPayment/orderPaymentMachine';
import { AccountProvider } from '../../src/app/account';
import { AppointmentsServicesProvider, type AppointmentsServices } from '../../src/components/Appointments/services';
import { ToastRegion } from '../../src/ui/ToastRegion';
import { PopupContext, type PopupControls } from '../../src/components/Popup/popupContext';
import MyAppointmentsPage from '../../src/pages/MyAppointments/MyAppointmentsPage';
import { answeredByHand } from '../machines/accountFakes';
import { now } from '../machines/appointmentFakes';
import { answer, demoUser, fakeAccount } from './support';

export function fakeAppointments() {
  const calls = {
    loadAppointments: answeredByHand<AppointmentRecord[], { email: string; token: string }>(),
    createPayment: answeredByHand<PaymentAnswer, { request: PaymentRequest; token: string }>(),
    deleteAppointment: answeredByHand<MessageAnswer, DeleteRequest>(),
    createOrderPayment: answeredByHand<OrderPaymentAnswer, { order: Order; token: string }>(),
    loadDoctors: answeredByHand<Doctor[], unknown>(),
    loadTimeSlots: answeredByHand<TimeSlot[], { doctorEmail: string; date: string; location: string; token: string | null }>(),
    updateAppointment: answeredByHand<UpdateAnswer, { request: UpdateRequest; token: string }>(),
    downloadCalendar: answeredByHand<CalendarFile, { appointmentId: string; token: string }>(),
    loadHelpContacts: answeredByHand<HelpContacts, unknown>(),
    downloadDocument: answeredByHand<DownloadedFile, { path: string; token: string }>(),
  };
  const redirects: string[] = [];
  const downloads: CalendarFile[] = [];
  const services: AppointmentsServices = {
    actors: {
      createPayment: calls.createPayment.logic,
      deleteAppointment: calls.deleteAppointment.logic,
      createOrderPayment: calls.createOrderPayment.logic,
      loadDoctors: calls.loadDoctors.logic,
      loadTimeSlots: calls.loadTimeSlots.logic,
      updateAppointment: calls.updateAppointment.logic,
      downloadCalendar: calls.downloadCalendar.logic,
      loadHelpContacts: calls.loadHelpContacts.logic,
      downloadDocument: calls.downloadDocument.logic,
    },
    now: () => now,
    leaveFor: (url) => redirects.push(url),
    offerDownload: (file) => downloads.push(file),
  };
  return { ...calls, redirects, downloads, services };
}

export type FakeAppointments = ReturnType<typeof fakeAppointments>;

/**
 * The page for Asha (logged in with a stored token), its list asked for but not yet answered. The
 * list is the session's: its call is given to the account services, as the app gives the real one.
 * `popup`: the popups' controls the page's views reach (a test's recorder); null: none, as before
 * the app's PopupProvider.
 */
export async function renderMyAppointments(fake: FakeAppointments = fakeAppointments(), route = '/myappointment', popup: PopupControls | null = null) {
  const fakeLogin = fakeAccount({ storedToken: 'tok-stored' });
  const account = {
    ...fakeLogin,
    services: { ...fakeLogin.services, actors: { ...fakeLogin.services.actors, loadAppointments: fake.loadAppointments.logic } },
  };
  render(
    <MemoryRouter initialEntries={[route]}>
      <AccountProvider services={account.services}>
        <PopupContext.Provider value={popup}>
          <AppointmentsServicesProvider services={fake.services}>
            <MyAppointmentsPage />
          </AppointmentsServicesProvider>
        </PopupContext.Provider>
      </AccountProvider>
      <ToastRegion />
    </MemoryRouter>,
  );
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  await waitFor(() => {
    if (fake.loadAppointments.calls.length === 0) throw new Error('no list call yet');
  });
  return { fake, account };
}

/** Renders the page and answers its list call with `records`. */
export async function showList(records: AppointmentRecord[], fake: FakeAppointments = fakeAppointments()) {
  const rendered = await renderMyAppointments(fake);
  await answer(() => fake.loadAppointments.latest().resolve(records));
  return rendered;
}
