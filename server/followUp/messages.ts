/** The follow-up's own words, registered as `followUp.<key>` (server/services/messageCodes.ts). */
import { defineMessages } from '../services/messageCodes.js';

export const followUpMessages = defineMessages('followUp', {
  notFound: 'Follow-up not found.',
  slotTaken: 'One of these slots was just booked by somebody else. Nothing was booked: please look at the new proposal.',
  alreadyBooked: 'This follow-up is booked already.',
  nothingBooked: 'No follow-up visit is booked.',
  wrongCount: 'Please choose one slot for every visit of the course.',
  badSlot: 'One of the chosen slots cannot be booked: please look at the new proposal.',
} as const);
