/**
 * The clinic's help contacts (spec §1 and §4 "Help request"; issue 5 "numbers from
 * configuration"): the help machine's `contacts` (machines/help/helpMachine.ts), which builds the
 * chat (WhatsApp), call (tel:) and email (mailto:) links from them.
 *
 * The spec says a help chat number exists but does not print it, and the clinic has no separate
 * WhatsApp number on record: the chat goes to the clinic's own phone number (./clinic.ts) until
 * the clinic gives one. To use another number, change `chatNumber` here; nothing else changes.
 */
import type { HelpContacts } from '../../machines/help/helpLinks';
import { clinic } from './clinic';

export const helpContacts: HelpContacts = {
  /** The clinic phone, also used as the WhatsApp chat number (see above). */
  chatNumber: clinic.phone.display,
  callNumber: clinic.phone.display,
  email: clinic.email,
};
