/**
 * GET /api/super/*: the site options every page load asks for (spec §7); events, teams and
 * testimonials in the language of `?lang=`, English texts where none was given.
 * GET /api/site/contacts: the clinic's help contacts (HELP_CHAT_NUMBER, HELP_CALL_NUMBER,
 * HELP_EMAIL; server/config.ts), which the help popup on /myappointment loads when it opens. They
 * are the clinic's public contacts, so no login is needed; they change only with a restart, so
 * browsers may keep them for a few minutes.
 */
import type { FastifyInstance } from 'fastify';
import { isLeft } from 'fp-ts/lib/Either.js';
import { siteEndpoints } from '../../contract/endpoints/index.js';
import { HelpContactsAnswer } from '../../contract/site.js';
import { defaultHelpContacts, type HelpConfig } from '../config.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export interface SiteRoutesOptions {
  services: Services;
  /** The configured help contacts (config.help); the clinic's defaults when not given. */
  help?: HelpConfig;
}

export async function siteRoutes(app: FastifyInstance, { services, help = defaultHelpContacts }: SiteRoutesOptions): Promise<void> {
  // config.ts validated them at start; the contract checks them once more, here, not per request.
  const decoded = HelpContactsAnswer.decode(help);
  if (isLeft(decoded)) throw new Error('The help contacts in the configuration are not valid (HELP_CHAT_NUMBER, HELP_CALL_NUMBER, HELP_EMAIL)');
  const contacts = decoded.right;

  // `?lang=en|hi|mr` (400 naming `lang` otherwise). These answers carry no cache
  // headers or ETags, and each language has its own address, so no cache mixes two languages.
  route(app, siteEndpoints.events, {}, ({ query }) => services.site.events(query.lang));
  route(app, siteEndpoints.teams, {}, ({ query }) => services.site.team(query.lang));
  route(app, siteEndpoints.testimonials, {}, ({ query }) => services.site.testimonials(query.lang));
  route(app, siteEndpoints.locations, {}, () => services.site.locations());
  route(app, siteEndpoints.contacts, {}, async (_input, _request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return contacts;
  });
}
