/**
 * Which channels the account's appointment reminders go on (GET/PUT /auth/reminders).
 * Booking confirmations always go by email, whatever `email` says. PUT's body; `available` (in
 * the answer) says which text channels this clinic has set up: the page offers only those.
 * Its own module, not contract/auth.ts: the session code every page loads imports that one, and
 * these codecs belong only to the account page's chunk (the home page's JS stays as it was).
 */
import * as t from 'io-ts';

export const ReminderChannels = t.type({ email: t.boolean, sms: t.boolean, whatsapp: t.boolean }, 'ReminderChannels');
export type ReminderChannels = t.TypeOf<typeof ReminderChannels>;
export const ReminderSettings = t.type(
  { channels: ReminderChannels, available: t.type({ sms: t.boolean, whatsapp: t.boolean }) },
  'ReminderSettings',
);
export type ReminderSettings = t.TypeOf<typeof ReminderSettings>;
