/**
 * The waitlist's own words, registered as `waitlist.<key>` (server/services/messageCodes.ts); the
 * booking's words where a join is refused as a booking would be (the doctor, the clinic, the type).
 */
import { waitlistMaxDays } from '../../contract/waitlist.js';
import { defineMessages } from '../services/messageCodes.js';

/** How many entries one patient may keep waiting at once, so one account cannot fill the table. */
export const maxLiveEntries = 10;

export const waitlistMessages = defineMessages(
  'waitlist',
  {
    notFound: 'Waitlist entry not found.',
    joined: 'You are on the waitlist.',
    left: 'You have left the waitlist.',
    declined: 'You declined the slot: it goes to the next patient waiting, and you stay on the waitlist.',
    overlap: 'You are already on the waitlist for this doctor on some of these days.',
    noOffer: 'No slot is offered to you on this waitlist entry now.',
    tooMany: `You can wait for at most ${maxLiveEntries} slots at a time. Please leave one first.`,
    rangeBackwards: 'The last day must be on or after the first day.',
    rangeTooLong: `Please choose at most ${waitlistMaxDays} days.`,
    profileIncomplete: 'Please add your phone number, age and gender on your account first: an offered slot is booked in your name.',
    noOnlineHours: 'This doctor does not consult online: please choose a Clinic Visit.',
    streamsPerAccount: 'Your waitlist is open in too many tabs or windows. Close one of them and try again.',
    streamsBusy: 'Live updates are busy right now: reload the page in a minute to see a slot held for you.',
  } as const,
  { params: { tooMany: { max: maxLiveEntries }, rangeTooLong: { days: waitlistMaxDays } } },
);
