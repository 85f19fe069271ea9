/** Every service, built once per app over one database. Routes receive this object. */
import type { Database } from '../db/database.js';
import { createDoctorService } from './doctors.js';
import { createSiteService } from './site.js';

export function createServices(db: Database) {
  return {
    site: createSiteService(db),
    doctors: createDoctorService(db),
  };
}
export type Services = ReturnType<typeof createServices>;
