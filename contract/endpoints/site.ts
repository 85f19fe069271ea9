/** The site options every page load asks for, the clinic's doctors and fees, its help contacts. */
import { endpoint } from '../endpoint.js';
import {
  AppointmentFeeList,
  Doctor,
  DoctorEmailParams,
  DoctorList,
  EventList,
  HelpContactsAnswer,
  LocationList,
  SiteLanguageQuery,
  TeamList,
  TestimonialList,
} from '../site.js';

export const siteEndpoints = {
  events: endpoint({ method: 'GET', path: '/super/events', query: SiteLanguageQuery, answer: EventList }),
  teams: endpoint({ method: 'GET', path: '/super/teams', query: SiteLanguageQuery, answer: TeamList }),
  testimonials: endpoint({ method: 'GET', path: '/super/testimonials', query: SiteLanguageQuery, answer: TestimonialList }),
  locations: endpoint({ method: 'GET', path: '/super/locations', answer: LocationList }),
  contacts: endpoint({ method: 'GET', path: '/site/contacts', answer: HelpContactsAnswer }),
};

export const doctorEndpoints = {
  all: endpoint({ method: 'GET', path: '/doctor/getall', answer: DoctorList }),
  byEmail: endpoint({ method: 'GET', path: '/doctor/getdoctoremail/:email', params: DoctorEmailParams, answer: Doctor }),
  fees: endpoint({ method: 'GET', path: '/appointmentfee/all', answer: AppointmentFeeList }),
};
