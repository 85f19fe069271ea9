/**
 * A type test, checked by `tsc -p tsconfig.json` (not run by vitest): the catalogs' types derived
 * from the English texts (src/i18n/catalog.ts) hold another language to the same shape. Each
 * `@ts-expect-error` fails the type-check if the line below it stops being an error, i.e. if a
 * catalog missing a key, with an extra key or with a function of other parameters were accepted.
 */
import { about, type AboutCopy } from '../../src/content/about';
import { contact, type ContactCopy } from '../../src/content/locations';
import { treatments, type TreatmentsCopy } from '../../src/content/treatments';
import { en, type Messages } from '../../src/i18n/messages';
import { staffMessages, type StaffMessages } from '../../src/i18n/staffMessages';
import { staffAdminMessages, type StaffAdminMessages } from '../../src/i18n/staffAdminMessages';

// A translation of every text type-checks: the same keys, other words.
export const translated: Messages = {
  ...en,
  nav: { ...en.nav, home: 'मुख्यपृष्ठ' },
  footer: { ...en.footer, copyright: (year: number, clinic: string) => `© ${year} ${clinic}` },
};

// A catalog missing a key fails.
export const missingTop: Messages = {
  ...en,
  // @ts-expect-error: `nav` lacks `home`.
  nav: {
    treatments: en.nav.treatments,
    gallery: en.nav.gallery,
    teams: en.nav.teams,
    aboutUs: en.nav.aboutUs,
    contactUs: en.nav.contactUs,
    bookAppointment: en.nav.bookAppointment,
  },
};
const { popup: _popup, ...withoutPopup } = en;
// @ts-expect-error: the whole `popup` section is missing.
export const missingSection: Messages = withoutPopup;

// A catalog with an extra key fails.
export const extra: Messages = {
  ...en,
  // @ts-expect-error: `nav.blog` is not in the English catalog.
  nav: { ...en.nav, blog: 'Blog' },
};
export const extraSection: Messages = {
  ...en,
  // @ts-expect-error: a section the English catalog does not have.
  blog: { title: 'Blog' },
};

// A text must stay a text, and a function keep its parameters.
export const notText: Messages = {
  ...en,
  // @ts-expect-error: a number where English has a string.
  nav: { ...en.nav, home: 1 },
};
export const otherParameters: Messages = {
  ...en,
  // @ts-expect-error: `copyright` takes (year: number, clinic: string), not a string year.
  footer: { ...en.footer, copyright: (year: string) => year },
};

// The staff catalogs are held to their English shape the same way.
export const staff: StaffMessages = {
  ...staffMessages,
  // @ts-expect-error: `console` lacks `title`.
  console: (({ title: _title, ...rest }) => rest)(staffMessages.console),
};
export const staffAdmin: StaffAdminMessages = {
  ...staffAdminMessages,
  // @ts-expect-error: `sections.blog` is not in the English catalog.
  sections: { ...staffAdminMessages.sections, blog: 'Blog' },
};

// The pages' copy (src/content) is held to its English shape too.
export const treatmentsWithoutHeading: TreatmentsCopy = {
  ...treatments.english,
  // @ts-expect-error: `page` lacks `seeADoctorHeading`.
  page: (({ seeADoctorHeading: _heading, ...rest }) => rest)(treatments.english.page),
};
export const contactWithoutSunday: ContactCopy = {
  ...contact.english,
  // @ts-expect-error: `days` lacks Sunday.
  days: (({ Sunday: _sunday, ...rest }) => rest)(contact.english.days),
};
export const aboutWithExtra: AboutCopy = {
  ...about.english,
  // @ts-expect-error: a key the English copy does not have.
  subtitle: 'Extra',
};
