/** GET /api/super/*: the site options every page load asks for (spec §7). */
import type { FastifyInstance } from 'fastify';
import { EventList, LocationList, TeamList, TestimonialList } from '../../contract/site.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function siteRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get('/super/events', handle({ answer: EventList }, () => services.site.events()));
  app.get('/super/teams', handle({ answer: TeamList }, () => services.site.team()));
  app.get('/super/testimonials', handle({ answer: TestimonialList }, () => services.site.testimonials()));
  app.get('/super/locations', handle({ answer: LocationList }, () => services.site.locations()));
}
