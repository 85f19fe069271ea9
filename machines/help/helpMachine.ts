/**
 * Help with a booked consultation (spec §1, §4 "Help request: needs login and at least one
 * appointment whose consultationType is not 'Clinic Visit'", §8, §9): the Help button either
 * says why help is not offered, or offers chat (WhatsApp, with 'Hello, I want help.' typed in),
 * a call and an email to the clinic. The app starts one where the Help button lives.
 *
 * Input: `{ isLoggedIn, appointments, chatText }`
 * - `isLoggedIn` and `appointments`: the session's (its appointments list's records);
 *   `session.changed` brings newer ones.
 * - `chatText`: the chat's prefilled text, the catalog's 'Hello, I want help.' (spec §9).
 *
 * The app provides (`helpMachine.provide({ actors })`), rejecting with an ApiFailure when it fails:
 * - `loadContacts` -> `{ chatNumber, callNumber, email }`: the clinic's help chat number, call
 *   number and email address from the server's configuration (GET /site/contacts), loaded the
 *   first time help is offered and kept for the next time.
 *
 * Events:
 * - `help.request`: the Help button. Offers the links, or tells why not (below).
 * - `help.close`: the links' popup closes (also while the contacts load).
 * - `help.retry`: loads the contacts again after they could not be loaded.
 * - `session.changed` { isLoggedIn, appointments }: the session or its list changed; the links
 *   close if help is no longer available.
 *
 * Effects, actions the app provides (src/components/Appointments/helpProvider.ts): `notify` (emits
 * `notice`); until provided they are emitted, as the machine's tests read them (`actor.on(...)`).
 * What is emitted:
 * - `notice` { tone, notice }: a toast. Kinds and the spec §8 message each stands for:
 *   - pleaseLogin         'Please login.' (help asked while logged out)
 *   - noAppointmentBooked 'You have not booked any appointment' (no appointment, cancelled ones aside)
 *   - notChatVideoCall    'Your consultation type is not chat, video or call.' (every one a Clinic Visit)
 *   The popup itself says when the contacts could not be loaded (`selectContactsFailed`), with a retry.
 *
 * Links (`selectLinks`, ./helpLinks.ts): `chat` https://wa.me/<digits>?text=..., `call` tel:+<digits>,
 * `email` mailto:<address>; each null when its configured value cannot make a link.
 */
import { assign, emit, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { NoticeEvent } from '../shared/notices.js';
import { helpAvailability, helpLinks, type HelpAvailability, type HelpContacts, type HelpLinks } from './helpLinks.js';

type HelpAppointment = Pick<AppointmentRecord, 'consultationType' | 'appointmentStatus'>;

export type HelpInput = {
  isLoggedIn: boolean;
  appointments: readonly HelpAppointment[];
  chatText: string;
};

export type HelpNotice = { kind: 'pleaseLogin' } | { kind: 'noAppointmentBooked' } | { kind: 'notChatVideoCall' };

export type HelpEmitted = NoticeEvent<HelpNotice>;

export type HelpEvent =
  | { type: 'help.request' }
  | { type: 'help.close' }
  | { type: 'help.retry' }
  | { type: 'session.changed'; isLoggedIn: boolean; appointments: readonly HelpAppointment[] };

export type HelpContext = HelpInput & {
  /** The clinic's help contacts once loaded; kept while the machine lives. */
  contacts: HelpContacts | null;
};

const refusal: Record<Exclude<HelpAvailability, 'available'>, HelpNotice> = {
  loginRequired: { kind: 'pleaseLogin' },
  noAppointment: { kind: 'noAppointmentBooked' },
  clinicVisitOnly: { kind: 'notChatVideoCall' },
};

const availabilityOf = (context: HelpContext): HelpAvailability => helpAvailability(context.isLoggedIn, context.appointments);

/** Why help cannot be given now (never 'available': the guard asked first). */
function whyNot(context: HelpContext): NoticeEvent<HelpNotice> {
  const availability = availabilityOf(context);
  return { type: 'notice', tone: 'error', notice: refusal[availability === 'available' ? 'loginRequired' : availability] };
}

export const helpMachine = setup({
  types: {} as { context: HelpContext; events: HelpEvent; input: HelpInput; emitted: HelpEmitted },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    loadContacts: fromPromise<HelpContacts>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isAvailable: ({ context }) => availabilityOf(context) === 'available',
    hasContacts: ({ context }) => context.contacts !== null,
  },
  actions: {
    storeContacts: assign({ contacts: (_, params: { contacts: HelpContacts }) => params.contacts }),
    storeSession: assign(({ context, event }) =>
      event.type === 'session.changed' ? { isLoggedIn: event.isLoggedIn, appointments: event.appointments } : context,
    ),
    // The effect: the app provides it (src/components/Appointments/provider.ts); until then it is
    // emitted, so the machine's tests and the inspector see it.
    notify: emit((_, params: NoticeEvent<HelpNotice>) => params),
  },
}).createMachine({
  id: 'help',
  description: 'Help with a booked consultation: chat, call or email, for a logged-in patient with a chat, video or call appointment.',
  context: ({ input }) => ({ ...input, contacts: null }),
  on: { 'session.changed': { actions: 'storeSession' } },
  initial: 'Closed',
  states: {
    Closed: {
      description: 'The Help button. Pressed: the links, or why help is not offered.',
      on: {
        'help.request': [
          { guard: not('isAvailable'), actions: { type: 'notify', params: ({ context }) => whyNot(context) } },
          { guard: 'hasContacts', target: 'Offering' },
          { target: 'LoadingContacts' },
        ],
      },
    },
    LoadingContacts: {
      description: "The popup is open: loading the clinic's help contacts from the server's configuration.",
      tags: ['loading'],
      always: { guard: not('isAvailable'), target: 'Closed' },
      invoke: {
        id: 'loadContacts',
        src: 'loadContacts',
        onDone: { target: 'Offering', actions: { type: 'storeContacts', params: ({ event }) => ({ contacts: event.output }) } },
        onError: { target: 'ContactsFailed' },
      },
      on: { 'help.close': 'Closed' },
    },
    ContactsFailed: {
      description: "The popup says the contacts could not be loaded ('Something went wrong.'), with a retry.",
      always: { guard: not('isAvailable'), target: 'Closed' },
      on: { 'help.retry': 'LoadingContacts', 'help.close': 'Closed' },
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
/** The popup is open: loading the contacts, failed to, or showing the links. */
export const selectIsOpen = (snapshot: Snapshot): boolean => !snapshot.matches('Closed');
export const selectIsLoadingContacts = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
export const selectContactsFailed = (snapshot: Snapshot): boolean => snapshot.matches('ContactsFailed');
/** The clinic's help contacts, once loaded (the popup shows the number and the address). */
export const selectContacts = (snapshot: Snapshot): HelpContacts | null => snapshot.context.contacts;
/** The links, while offered; null otherwise. */
export const selectLinks = (snapshot: Snapshot): HelpLinks | null =>
  snapshot.matches('Offering') && snapshot.context.contacts !== null
    ? helpLinks(snapshot.context.contacts, snapshot.context.chatText)
    : null;
