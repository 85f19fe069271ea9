/** Site options and clinic reference data (spec §3, §7: /super/*, /doctor/*, /appointmentfee/all). */
import * as t from 'io-ts';
import { ClinicDate, ConsultationType, Email, NonEmptyString, Rupees } from './primitives.js';

/** Image and video links as a clinic stores them: a local path, an https URL or a Drive share link. */
export const MediaLink = t.string;

export const SiteEvent = t.type(
  { _id: t.string, image: MediaLink, video: MediaLink, caption: t.string },
  'SiteEvent',
);
export type SiteEvent = t.TypeOf<typeof SiteEvent>;

export const TeamMember = t.type(
  { _id: t.string, image: MediaLink, name: t.string, role: t.string, description: t.string },
  'TeamMember',
);
export type TeamMember = t.TypeOf<typeof TeamMember>;

export const Testimonial = t.type(
  { _id: t.string, image: MediaLink, name: t.string, subject: t.string, description: t.string },
  'Testimonial',
);
export type Testimonial = t.TypeOf<typeof Testimonial>;

/**
 * `?lang=` of GET /super/events, /super/teams and /super/testimonials: the language of
 * the translatable texts (an event's caption, a member's role and description, a testimonial's
 * subject and description), each falling back to English where the clinic gave none. Absent or
 * `en`: English, the answer as it always was.
 */
export const SiteLanguage = t.keyof({ en: null, hi: null, mr: null }, 'SiteLanguage');
export type SiteLanguage = t.TypeOf<typeof SiteLanguage>;
export const SiteLanguageQuery = t.partial({ lang: SiteLanguage }, 'SiteLanguageQuery');
export type SiteLanguageQuery = t.TypeOf<typeof SiteLanguageQuery>;

/** Locations are plain text strings (spec §3), e.g. "Andheri West". */
export const LocationList = t.array(t.string, 'LocationList');
export const EventList = t.array(SiteEvent, 'EventList');
export const TeamList = t.array(TeamMember, 'TeamList');
export const TestimonialList = t.array(Testimonial, 'TestimonialList');

/** Doctor type: 'online' doctors consult by Chat, Video and Call only; 'clinic' doctors also see patients in person. */
export const DoctorType = t.keyof({ online: null, clinic: null }, 'DoctorType');
export type DoctorType = t.TypeOf<typeof DoctorType>;

/**
 * `bookableUntil`: the last day (clinic time) the doctor can be booked or an appointment moved to,
 * today + BOOKING_HORIZON_DAYS; the date pickers' `max`. Optional: older answers lack it.
 */
export const BookableUntil = t.partial({ bookableUntil: ClinicDate }, 'BookableUntil');

export const Doctor = t.intersection(
  [
    t.type({
      _id: t.string,
      name: t.string,
      email: t.string,
      type: DoctorType,
      locations: t.array(t.string),
      qualification: t.string,
    }),
    BookableUntil,
    /**
     * For the doctor step: registration (council and number, '' until entered), languages,
     * a photo path ('' none), and whether the doctor has online hours (Chat, Video, Call with no
     * location). Optional: older answers and test fixtures lack them.
     */
    t.partial({
      registrationCouncil: t.string,
      registrationNumber: t.string,
      languages: t.array(t.string),
      photo: t.string,
      consultsOnline: t.boolean,
      /**
       * Those of `locations` where an online patient may choose to pay at the clinic for a Clinic
       * Visit (the admin's setting per location); absent: none.
       */
      payAtClinic: t.array(t.string),
    }),
  ],
  'Doctor',
);
export type Doctor = t.TypeOf<typeof Doctor>;
export const DoctorList = t.array(Doctor, 'DoctorList');

export const DoctorEmailParams = t.type({ email: Email }, 'DoctorEmailParams');

export const AppointmentFee = t.type(
  { consultationType: ConsultationType, consultationFee: Rupees },
  'AppointmentFee',
);
export type AppointmentFee = t.TypeOf<typeof AppointmentFee>;
export const AppointmentFeeList = t.type({ data: t.array(AppointmentFee) }, 'AppointmentFeeList');
export type AppointmentFeeList = t.TypeOf<typeof AppointmentFeeList>;

/** Everything the app loads when it starts (the site-options machine's result). */
export const SiteOptions = t.type({
  locations: LocationList,
  events: EventList,
  teams: TeamList,
  testimonials: TestimonialList,
}, 'SiteOptions');
export type SiteOptions = t.TypeOf<typeof SiteOptions>;

export { NonEmptyString };

/**
 * GET /site/contacts: the clinic's help contacts (spec §1 "The help chat number, the clinic call
 * number and the clinic email address exist"), from the
 * server's HELP_CHAT_NUMBER, HELP_CALL_NUMBER and HELP_EMAIL. The help popup builds its chat
 * (WhatsApp), call (tel:) and email (mailto:) links from them.
 */
export const HelpContactsAnswer = t.type(
  { chatNumber: NonEmptyString, callNumber: NonEmptyString, email: Email },
  'HelpContactsAnswer',
);
export type HelpContactsAnswer = t.TypeOf<typeof HelpContactsAnswer>;
