/**
 * The calls the staff console gives its machines (access, lists, consultation, audit log): the
 * real ones in ./liveStaff.ts, fakes in tests (tests/component/staff*.test.tsx), given to each
 * machine with `machine.provide({ actors })` as the machines' own tests do. Each actor rejects
 * with an ApiFailure (src/api/client.ts) when its call fails.
 */
import type { CatalogueHit } from '../../contract/catalogue';
import type { OrderPreview, Pharmacy, StaffOrderRequest } from '../../contract/pharmacyOrder';
import { createContext, useContext, type ReactNode } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { StaffAppointmentDetail, StaffMe } from '../../contract/staff';
import type { Consultation } from '../../contract/consultation';
import type { AdminDoctor } from '../../contract/staffAdmin';
import type { AppointmentRecord, Medicines } from '../../contract/appointments';
import type { AuditRecord } from '../../machines/staffConsole/auditLogMachine';
import type { StaffAppointmentsFilter } from '../../machines/staffConsole/staffAppointmentsMachine';
import type { ChangeAnswer } from '../../machines/consultation/events';
import type { DownloadDocument } from '../components/Records/DocumentDownloads';
import type { ChatServices } from '../components/Chat/services';
import type { DeskServices } from './desk/services';
import type { DispensaryServices } from './dispensary/services';
import type { SignatureServices } from './signature/services';

export interface StaffActors {
  readonly fetchStaffMe: PromiseActorLogic<StaffMe, { token: string }>;
  readonly loadAppointments: PromiseActorLogic<AppointmentRecord[], { filter: StaffAppointmentsFilter; token: string }>;
  /** The admin's doctor and location filters (GET /staff/doctors). */
  readonly loadFilterDoctors: PromiseActorLogic<AdminDoctor[], { token: string }>;
  readonly loadAppointment: PromiseActorLogic<StaffAppointmentDetail, { appointmentId: string; token: string }>;
  readonly completeAppointment: PromiseActorLogic<ChangeAnswer, { appointmentId: string; medicines: Medicines; token: string }>;
  /** POST /staff/appointments/{id}/did-not-attend. */
  readonly markDidNotAttend: PromiseActorLogic<ChangeAnswer, { appointmentId: string; note: string; token: string }>;
  /** The order form's calls (machines/order). */
  readonly createOrder: PromiseActorLogic<ChangeAnswer, { appointmentId: string; order: StaffOrderRequest; token: string }>;
  readonly previewOrder: PromiseActorLogic<OrderPreview, { appointmentId: string; order: StaffOrderRequest; token: string }>;
  readonly loadPharmacies: PromiseActorLogic<Pharmacy[], { token: string }>;
  readonly searchCatalogue: PromiseActorLogic<CatalogueHit[], { query: string; locationId: string; token: string }>;
  readonly loadAudit: PromiseActorLogic<AuditRecord[], { limit: number; before: string | null; token: string }>;
  /** The consultation itself; absent: no teleconsultation panel. */
  readonly loadConsultation?: PromiseActorLogic<Consultation, { appointmentId: string; token: string }>;
  readonly noteNoAnswer?: PromiseActorLogic<Consultation, { appointmentId: string; note: string; token: string }>;
  /** A document under /api/records (prescription, receipts); absent: no documents section. */
  readonly downloadDocument?: DownloadDocument;
}

export interface StaffServices {
  readonly actors: StaffActors;
  /** The front desk's calls (the Desk, Queue and Day list sections). */
  readonly desk: DeskServices;
  /** The dispensary's calls (the Dispensary section, the consultation form's catalogue picker); absent: the live ones. */
  readonly dispensary?: DispensaryServices;
  /** The signature section's calls ("My signature"; an admin's Signatures); absent: the live ones. */
  readonly signature?: SignatureServices;
  /** A Chat appointment's conversation; absent: no chat in the console. */
  readonly chat?: ChatServices;
  /** Today in clinic time, `YYYY-MM-DD` (the live one reads the clock; tests fix it). */
  readonly today: () => string;
  /** The current instant in epoch milliseconds (the live one reads the clock; tests fix it). */
  readonly now: () => number;
}

const ServicesContext = createContext<StaffServices | null>(null);

/** Gives the console its calls; without it the console uses the real ones. */
export function StaffServicesProvider({ services, children }: { services: StaffServices | null; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services given above, or null (the console then uses the live ones). */
export function useGivenStaffServices(): StaffServices | null {
  return useContext(ServicesContext);
}
