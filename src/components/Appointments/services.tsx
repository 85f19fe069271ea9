/**
 * The calls the /myappointment views give their machines (Pay and Add to calendar, cancel, edit,
 * order payment, help contacts), the browser redirect to the payment page and the file download
 * (the list itself is the session's: src/app/account.tsx): the real ones in
 * src/app/liveAppointments.ts, fakes in tests (tests/component/appointments.test.tsx), given to
 * each machine with `machine.provide({ actors })` as the machines' own tests do.
 *
 * Each actor rejects with an ApiFailure (src/api/client.ts) when its call fails.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { Order, TimeSlot } from '../../../contract/appointments';
import type { MessageAnswer } from '../../../contract/auth';
import type { Doctor } from '../../../contract/site';
import type { HelpContacts } from '../../../machines/help/helpLinks';
import type { CalendarFile } from '../../../machines/appointments/appointmentsMachine';
import type { UpdateAnswer, UpdateRequest } from '../../../machines/appointmentEdit/context';
import type { DeleteRequest } from '../../../machines/appointmentCancel/appointmentCancelMachine';
import type { PaymentAnswer, PaymentRequest } from '../../../machines/booking/bookingMachine';
import type { LoadConsultation } from './ConsultationPanel';
import type { DownloadDocument } from '../Records/DocumentDownloads';
import type { ChatServices } from '../Chat/services';
import type { OrderPaymentAnswer } from '../../../machines/orderPayment/orderPaymentMachine';
import type { QueuePlaceActors } from './QueuePlaceLine';
import type { WaitlistServices } from '../Waitlist/services';
import type { FollowUpServices } from '../FollowUp/services';

export interface AppointmentsActors {
  readonly createPayment: PromiseActorLogic<PaymentAnswer, { request: PaymentRequest; token: string }>;
  readonly deleteAppointment: PromiseActorLogic<MessageAnswer, DeleteRequest>;
  readonly createOrderPayment: PromiseActorLogic<OrderPaymentAnswer, { order: Order; token: string }>;
  readonly loadDoctors: PromiseActorLogic<Doctor[]>;
  readonly loadTimeSlots: PromiseActorLogic<
    TimeSlot[],
    { doctorEmail: string; date: string; location: string; token: string | null }
  >;
  readonly updateAppointment: PromiseActorLogic<UpdateAnswer, { request: UpdateRequest; token: string }>;
  readonly downloadCalendar: PromiseActorLogic<CalendarFile, { appointmentId: string; token: string }>;
  readonly loadHelpContacts: PromiseActorLogic<HelpContacts>;
  /** GET /appointment/{id}/consultation; absent: no consultation panel on the cards. */
  readonly loadConsultation?: LoadConsultation;
  /** A document under /api/records (prescription, receipts); absent: no download buttons on the cards. */
  readonly downloadDocument?: DownloadDocument;
}

export interface AppointmentsServices {
  readonly actors: AppointmentsActors;
  /** A Chat appointment's conversation; absent: no chat on the cards. */
  readonly chat?: ChatServices;
  /** Today's Clinic Visit's place in the queue; absent: no place on the cards. */
  readonly queuePlace?: QueuePlaceActors;
  /** A completed appointment's follow-up (src/components/FollowUp/services.ts); absent: no follow-up on the cards. */
  readonly followUp?: FollowUpServices;
  /** My waitlist's calls (src/components/Waitlist/services.ts); absent: no waitlist block on the page. */
  readonly waitlist?: WaitlistServices;
  /** The current instant, epoch milliseconds (`Date.now` when absent); the page's clock reads it every 15 seconds. */
  readonly now?: () => number;
  /** Leaves for the payment page, '/#/payment?payUrl=...' (window.location.assign). */
  readonly leaveFor: (url: string) => void;
  /** Offers a file to save (Add to calendar, a document): a link to an object URL, clicked. */
  readonly offerDownload: (file: CalendarFile) => void;
}

const ServicesContext = createContext<AppointmentsServices | null>(null);

/** Gives the /myappointment views their calls; without it they use the real ones (the route's default). */
export function AppointmentsServicesProvider({
  services,
  children,
}: {
  services: AppointmentsServices | null;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services given above, or null (the route then uses the live ones). */
export function useGivenAppointmentsServices(): AppointmentsServices | null {
  return useContext(ServicesContext);
}
