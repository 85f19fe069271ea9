/**
 * The calls the admin screens make: the real ones (src/api/staffAdmin.ts) unless a test gives
 * others (a StaffAdminApi over a fake fetch), and the clock the screens read "today" from.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { staffAdminApi, type StaffAdminApi } from '../../api/staffAdmin';

export interface AdminServices {
  readonly api: StaffAdminApi;
  /** The current instant, epoch milliseconds (`Date.now` when absent). */
  readonly now?: () => number;
}

const live: AdminServices = { api: staffAdminApi };
const AdminServicesContext = createContext<AdminServices>(live);

export function AdminServicesProvider({ services, children }: { services: AdminServices; children: ReactNode }) {
  return <AdminServicesContext.Provider value={services}>{children}</AdminServicesContext.Provider>;
}

export function useAdminServices(): AdminServices {
  return useContext(AdminServicesContext);
}
