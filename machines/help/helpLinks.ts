/**
 * Help with a booked consultation (spec §1, §4 "Help request", §9 "Chat help prefilled text"), as
 * pure functions: who may ask, and the chat, call and email links built from the clinic's
 * configured numbers and address (their values are configuration, never written here).
 *
 * - Chat: a WhatsApp link, `https://wa.me/<digits>?text=<the prefilled text, encoded>`, where
 *   <digits> is the number in international form without `+` (wa.me's rule).
 * - Call: `tel:+<digits>`.
 * - Email: `mailto:<address>`.
 * A number or address that cannot make a safe link gives null (the view leaves that way out).
 *
 * Numbers: spaces, dashes, dots and brackets are ignored. `+<digits>` and `00<digits>` are
 * international already; an Indian number written without its country code (10 digits, or 11
 * with a leading 0 trunk prefix, as a clinic in India writes its own numbers) gets 91. Anything
 * else (letters, too short or too long for E.164) is refused.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';

/** The clinic's help contacts, from the app's configuration. */
export type HelpContacts = { chatNumber: string; callNumber: string; email: string };

export type HelpLinks = { chat: string | null; call: string | null; email: string | null };

/** E.164: at most 15 digits; 8 is about the shortest real international number. */
const minDigits = 8;
const maxDigits = 15;
const indiaCode = '91';

/** The number in international form, digits only (no `+`); null when it is not a phone number. */
export function internationalDigits(number: string): string | null {
  const compact = number.trim().replace(/[\s().-]/g, '');
  const match = /^(\+|00)?(\d+)$/.exec(compact);
  if (!match) return null;
  const [, prefix, digits = ''] = match;
  let international: string;
  if (prefix !== undefined) international = digits;
  else if (/^[1-9]\d{9}$/.test(digits)) international = indiaCode + digits;
  else if (/^0[1-9]\d{9}$/.test(digits)) international = indiaCode + digits.slice(1);
  else return null;
  if (international.startsWith('0')) return null;
  return international.length >= minDigits && international.length <= maxDigits ? international : null;
}

/** `https://wa.me/<digits>?text=<encoded text>`: a chat with the number, the text typed in. */
export function whatsAppLink(number: string, text: string): string | null {
  const digits = internationalDigits(number);
  return digits === null ? null : `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export function callLink(number: string): string | null {
  const digits = internationalDigits(number);
  return digits === null ? null : `tel:+${digits}`;
}

/**
 * One plain address: a `?`, `&`, `#`, `%`, comma or space would let it carry headers, a second
 * recipient or a body, so an address with one gives no link.
 */
const emailPattern = /^[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export function emailLink(address: string): string | null {
  const trimmed = address.trim();
  return trimmed.length <= 254 && emailPattern.test(trimmed) ? `mailto:${trimmed}` : null;
}

/** Every link, the chat one with `chatText` typed in (the catalog's 'Hello, I want help.'). */
export function helpLinks(contacts: HelpContacts, chatText: string): HelpLinks {
  return {
    chat: whatsAppLink(contacts.chatNumber, chatText),
    call: callLink(contacts.callNumber),
    email: emailLink(contacts.email),
  };
}

/**
 * Who may ask for help (spec §4): a logged-in patient with at least one appointment that is not a
 * Clinic Visit. Cancelled appointments do not count (the spec's app deleted them).
 * - loginRequired    'Please login.'
 * - noAppointment    'You have not booked any appointment'
 * - clinicVisitOnly  'Your consultation type is not chat, video or call.'
 */
export type HelpAvailability = 'available' | 'loginRequired' | 'noAppointment' | 'clinicVisitOnly';

export function helpAvailability(
  isLoggedIn: boolean,
  appointments: ReadonlyArray<Pick<AppointmentRecord, 'consultationType' | 'appointmentStatus'>>,
): HelpAvailability {
  if (!isLoggedIn) return 'loginRequired';
  const booked = appointments.filter((a) => a.appointmentStatus !== 'Cancelled');
  if (booked.length === 0) return 'noAppointment';
  return booked.some((a) => a.consultationType !== 'Clinic Visit') ? 'available' : 'clinicVisitOnly';
}
