/**
 * Help with a booked consultation (spec §1, §4 "Help request: needs login and at least one
 * appointment whose consultationType is not 'Clinic Visit'", §8, §9): the Help button either
 * says why help is not offered, or offers chat (WhatsApp, with 'Hello, I want help.' typed in),
 * a call and an email to the clinic. The app starts one where the Help button lives.
 *
 * Input: `{ isLoggedIn, appointments, contacts, chatText }`
 * - `isLoggedIn` and `appointments`: the session's (the appointments list machine's records);
 *   `session.changed` brings newer ones.
 * - `contacts`: `{ chatNumber, callNumber, email }`, the clinic's help chat number, call number
 *   and email address from the app's configuration.
 * - `chatText`: the chat's prefilled text, the catalog's 'Hello, I want help.' (spec §9).
 *
 * Events:
 * - `help.request`: the Help button. Offers the links, or tells why not (below).
 * - `help.close`: the links' popup closes.
 * - `session.changed` { isLoggedIn, appointments }: the session or its list changed; the links
 *   close if help is no longer available.
 *
 * Emitted (`actor.on(...)`):
 * - `notice` { tone, notice }: a toast. Kinds and the spec §8 message each stands for:
 *   - pleaseLogin         'Please login.' (help asked while logged out)
 *   - noAppointmentBooked 'You have not booked any appointment' (no appointment, cancelled ones aside)
 *   - notChatVideoCall    'Your consultation type is not chat, video or call.' (every one a Clinic Visit)
 *
 * Links (`selectLinks`, ./helpLinks.ts): `chat` https://wa.me/<digits>?text=..., `call` tel:+<digits>,
 * `email` mailto:<address>; each null when its configured value cannot make a link.
 */
import { assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { NoticeEvent } from '../session/notices.js';
import { helpAvailability, helpLinks, type HelpAvailability, type HelpContacts, type HelpLinks } from './helpLinks.js';

type HelpAppointment = Pick<AppointmentRecord, 'consultationType' | 'appointmentStatus'>;

export type HelpInput = {
  isLoggedIn: boolean;
  appointments: readonly HelpAppointment[];
  contacts: HelpContacts;
  chatText: string;
};

export type HelpNotice = { kind: 'pleaseLogin' } | { kind: 'noAppointmentBooked' } | { kind: 'notChatVideoCall' };

export type HelpEmitted = NoticeEvent<HelpNotice>;

export type HelpEvent =
  | { type: 'help.request' }
  | { type: 'help.close' }
  | { type: 'session.changed'; isLoggedIn: boolean; appointments: readonly HelpAppointment[] };

export type HelpContext = HelpInput;

const refusal: Record<Exclude<HelpAvailability, 'available'>, HelpNotice> = {
  loginRequired: { kind: 'pleaseLogin' },
  noAppointment: { kind: 'noAppointmentBooked' },
  clinicVisitOnly: { kind: 'notChatVideoCall' },
};

const availabilityOf = (context: HelpContext): HelpAvailability => helpAvailability(context.isLoggedIn, context.appointments);

export const helpMachine = setup({
  types: {} as { context: HelpContext; events: HelpEvent; input: HelpInput; emitted: HelpEmitted },
  guards: {
    isAvailable: ({ context }) => availabilityOf(context) === 'available',
  },
  actions: {
    storeSession: assign(({ context, event }) =>
      event.type === 'session.changed' ? { isLoggedIn: event.isLoggedIn, appointments: event.appointments } : context,
    ),
    tellWhyNot: emit(({ context }) => {
      const availability = availabilityOf(context);
      return {
        type: 'notice' as const,
        tone: 'error' as const,
        notice: refusal[availability === 'available' ? 'loginRequired' : availability],
      };
    }),
  },
}).createMachine({
  id: 'help',
  description: 'Help with a booked consultation: chat, call or email, for a logged-in patient with a chat, video or call appointment.',
  context: ({ input }) => ({ ...input }),
  on: { 'session.changed': { actions: 'storeSession' } },
  initial: 'Closed',
  states: {
    Closed: {
      description: 'The Help button. Pressed: the links, or why help is not offered.',
      on: {
        'help.request': [{ guard: 'isAvailable', target: 'Offering' }, { actions: 'tellWhyNot' }],
      },
    },
    Offering: {
      description: 'Chat, call and email links are shown; they close if help stops being available (logout).',
      always: { guard: not('isAvailable'), target: 'Closed' },
      on: { 'help.close': 'Closed' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof helpMachine>;

/** What pressing Help would do now (the button may say so beforehand). */
export const selectAvailability = (snapshot: Snapshot): HelpAvailability => availabilityOf(snapshot.context);
export const selectIsOffering = (snapshot: Snapshot): boolean => snapshot.matches('Offering');
/** The links, while offered; null otherwise. */
export const selectLinks = (snapshot: Snapshot): HelpLinks | null =>
  snapshot.matches('Offering') ? helpLinks(snapshot.context.contacts, snapshot.context.chatText) : null;
