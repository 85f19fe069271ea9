/** The queue's live side's refusals, each with its code (server/services/messageCodes.ts): `queue.<key>`. */
import { defineMessages } from '../services/messageCodes.js';

export const queueMessages = defineMessages('queue', {
  displayNotFound: 'This display link is not valid any more. Ask the clinic for a new one.',
  linkNotFound: 'Display link not found.',
  displayRevoked: 'This display link was revoked already.',
  displayLocation: 'Choose one of the clinic locations.',
  displayLocationSummary: 'This location does not exist.',
  notInQueue: "This appointment is not waiting in today's queue.",
  streamsPerDisplay: 'This display is open on too many screens. Close one of them and try again.',
  streamsPerAccount: 'Your place in the queue is open in too many tabs or windows. Close one of them and try again.',
  streamsPerClient: 'Too many queue screens are open from your network. Close some of them and try again.',
  streamsTotal: 'The queue is busy right now. Please try again in a minute.',
} as const);
