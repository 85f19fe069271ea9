/**
 * Site options and clinic reference data (spec §7: /super/*, /doctor/*, /appointmentfee/all), and
 * the clinic's help contacts (GET /site/contacts, from the server's configuration).
 */
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import { doctorEndpoints, siteEndpoints } from '../../contract/endpoints/site.js';
import type { AppointmentFeeList, Doctor, HelpContactsAnswer, SiteLanguage, SiteOptions } from '../../contract/site.js';
import { toDisplayableMediaLink } from '../../contract/mediaLink.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

export type SiteApi = {
  /**
   * The four site-option lists, fetched side by side, with every image and video link made
   * displayable. Rejects with the ApiFailure of the first list (in the order events, teams,
   * testimonials, locations) that failed, so an invoking fromPromise actor gets it as
   * `event.error`; rejects with the abort reason when `signal` aborts. Events, team and
   * testimonials come in `language` (`?lang=`, English texts where the clinic gave
   * none); English asks as before, with no query.
   */
  loadSiteOptions(signal: AbortSignal, language?: SiteLanguage): Promise<SiteOptions>;
  fetchDoctors(signal?: AbortSignal): Promise<Either<ApiFailure, Doctor[]>>;
  fetchDoctorByEmail(email: string, signal?: AbortSignal): Promise<Either<ApiFailure, Doctor>>;
  fetchFees(signal?: AbortSignal): Promise<Either<ApiFailure, AppointmentFeeList>>;
  /** GET /site/contacts: the help chat number, call number and email the clinic configured. */
  fetchHelpContacts(signal?: AbortSignal): Promise<Either<ApiFailure, HelpContactsAnswer>>;
};

export function createSiteApi({ call }: ApiClient): SiteApi {
  return {
    async loadSiteOptions(signal, language = 'en') {
      const query = language === 'en' ? {} : { lang: language };
      const [events, teams, testimonials, locations] = await Promise.all([
        call(siteEndpoints.events, { query, signal }),
        call(siteEndpoints.teams, { query, signal }),
        call(siteEndpoints.testimonials, { query, signal }),
        call(siteEndpoints.locations, { signal }),
      ]);
      if (isLeft(events)) throw events.left;
      if (isLeft(teams)) throw teams.left;
      if (isLeft(testimonials)) throw testimonials.left;
      if (isLeft(locations)) throw locations.left;
      return {
        events: events.right.map((e) => ({
          ...e,
          image: toDisplayableMediaLink(e.image),
          video: toDisplayableMediaLink(e.video),
        })),
        teams: teams.right.map((m) => ({ ...m, image: toDisplayableMediaLink(m.image) })),
        testimonials: testimonials.right.map((m) => ({ ...m, image: toDisplayableMediaLink(m.image) })),
        locations: locations.right,
      };
    },
    fetchDoctors: (signal) => call(doctorEndpoints.all, { signal }),
    fetchDoctorByEmail: (email, signal) => call(doctorEndpoints.byEmail, { params: { email }, signal }),
    fetchFees: (signal) => call(doctorEndpoints.fees, { signal }),
    fetchHelpContacts: (signal) => call(siteEndpoints.contacts, { signal }),
  };
}

const siteApi = createSiteApi(apiClient);
export const { loadSiteOptions, fetchDoctors, fetchDoctorByEmail, fetchFees, fetchHelpContacts } = siteApi;
