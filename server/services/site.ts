/** The site options the app loads when it starts (spec §3, §4 "On load"). */
import type { Database } from '../db/database.js';
import { listEvents, listLocationNames, listTeamMembers, listTestimonials } from '../repositories/site.js';

export function createSiteService(db: Database) {
  return {
    locations: () => listLocationNames(db),
    events: () => listEvents(db),
    team: () => listTeamMembers(db),
    testimonials: () => listTestimonials(db),
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
