/**
 * What the site offers patients: the help contacts (HELP_*), how far ahead they book
 * (BOOKING_HORIZON_DAYS) and how long a freed slot is held for a waitlisted patient (WAITLIST_OFFER_MINUTES).
 */
import { problem, settings, variable } from './env.js';
import { isPlainEmail } from './variables.js';

/**
 * HELP_CHAT_NUMBER (the WhatsApp number the chat opens), HELP_CALL_NUMBER and HELP_EMAIL. The spec
 * does not print them (spec §1); each defaults to the clinic's own phone or email, the ones the
 * site's header and footer show.
 */
export interface HelpConfig {
  chatNumber: string;
  callNumber: string;
  email: string;
}

export const defaultHelpContacts: HelpConfig = {
  chatNumber: '+91 20 4000 1234',
  callNumber: '+91 20 4000 1234',
  email: 'care@sahaj-clinic.example',
};

/** BOOKING_HORIZON_DAYS' default: about three months, as far ahead as the clinic plans its doctors' hours. */
export const defaultBookingHorizonDays = 90;
/** Two years: beyond that the clinic cannot promise a doctor's hours. */
export const maxBookingHorizonDays = 730;

/**
 * A phone number a link can dial: international (`+` or `00`, then 8 to 15 digits) or an Indian
 * number of 10 digits (or 11 with the trunk 0), as the client's links accept (machines/help/helpLinks.ts).
 * Spaces, dashes, dots and brackets are allowed for reading.
 */
const phoneNumber = (name: string, fallback: string) =>
  variable(name, (given) => {
    const value = given ?? fallback;
    const compact = value.replace(/[\s().-]/g, '');
    const international = /^(\+|00)[1-9]\d{7,14}$/.test(compact);
    const indian = /^0?[1-9]\d{9}$/.test(compact);
    return international || indian
      ? value
      : problem(`${name} must be a phone number like +91 20 4000 1234 (international, or 10 Indian digits) (got "${value}")`);
  });

/** One plain address: a mailto: link is made of it, so no spaces, commas or query characters. */
const emailAddress = (name: string, fallback: string) =>
  variable(name, (given) => {
    const value = given ?? fallback;
    return isPlainEmail(value) ? value : problem(`${name} must be one email address like care@clinic.example (got "${value}")`);
  });

const bookingHorizonDays = (name: string) =>
  variable(name, (value) => {
    if (value === undefined) return defaultBookingHorizonDays;
    const n = Number(value);
    return /^\d+$/.test(value) && n >= 0 && n <= maxBookingHorizonDays
      ? n
      : problem(
          `${name} must be a whole number of days from 0 (today only) to ${maxBookingHorizonDays}: how far ahead patients may book (got "${value}")`,
        );
  });

/** WAITLIST_OFFER_MINUTES' default: long enough to read a text and pay, short enough to pass the slot on the same morning. */
export const defaultWaitlistOfferMinutes = 30;

const waitlistOfferMinutes = variable('WAITLIST_OFFER_MINUTES', (value) => {
  if (value === undefined) return defaultWaitlistOfferMinutes;
  const n = Number(value);
  return /^\d+$/.test(value) && n >= 5 && n <= 240
    ? n
    : problem(`WAITLIST_OFFER_MINUTES must be a whole number of minutes from 5 to 240: how long a freed slot is held for a waitlisted patient (got "${value}")`);
});

export const siteSettings = settings('site', (_env, { take }) => ({
  help: {
    chatNumber: take(phoneNumber('HELP_CHAT_NUMBER', defaultHelpContacts.chatNumber), defaultHelpContacts.chatNumber),
    callNumber: take(phoneNumber('HELP_CALL_NUMBER', defaultHelpContacts.callNumber), defaultHelpContacts.callNumber),
    email: take(emailAddress('HELP_EMAIL', defaultHelpContacts.email), defaultHelpContacts.email),
  } satisfies HelpConfig,
  booking: {
    horizonDays: take(bookingHorizonDays('BOOKING_HORIZON_DAYS'), defaultBookingHorizonDays),
    waitlistOfferMinutes: take(waitlistOfferMinutes, defaultWaitlistOfferMinutes),
  },
}));
