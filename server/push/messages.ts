/** What Web Push's endpoints answer (codes `push.<key>`; Hindi and Marathi in src/i18n/{hi,mr}/server.ts). */
import { defineMessages } from '../services/messageCodes.js';

export const pushMessages = defineMessages('push', {
  subscribed: 'Reminders will come to this device.',
  unsubscribed: 'Reminders will no longer come to this device.',
  notFound: 'This device does not get reminders for your account.',
  off: 'This clinic does not send reminders to phones.',
  patientsOnly: 'Reminders on a phone are for patients\' accounts.',
  unknownService: 'This browser\'s push service is not one this clinic sends reminders through.',
});
