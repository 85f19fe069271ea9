/** The site options the app loads when it starts (spec §3, §4 "On load"). */
import type { SiteLanguage } from '../../contract/site.js';
import type { Database } from '../db/database.js';
import { listEvents, listLocationNames, listTeamMembers, listTestimonials } from '../repositories/site.js';

export function createSiteService(db: Database) {
  return {
    locations: () => listLocationNames(db),
    /** In `language` where the clinic gave its texts, else English; English when not given. */
    events: (language?: SiteLanguage) => listEvents(db, language),
    team: (language?: SiteLanguage) => listTeamMembers(db, language),
    testimonials: (language?: SiteLanguage) => listTestimonials(db, language),
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
