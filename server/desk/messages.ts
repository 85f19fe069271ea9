/**
 * The front desk's refusals and answers (contract/endpoints/desk.ts names the codes a client words
 * them by). The 409s the desk's screens act on carry short codes of their own.
 */
import { defineMessages } from '../services/messageCodes.js';
import { maxLiveEntries } from '../waitlist/refusals.js';

export const deskMessages = defineMessages(
  'desk',
  {
    notFound: 'Not found.',
    patientNotFound: 'Patient not found.',
    familyMemberNotFound: 'This family member is not on this patient\'s account.',
    hasAccount: 'An account has this email: find that patient and book for them instead.',
    patientExists: 'A patient with this email is registered at the desk already: find them and book for them instead.',
    patientIsAccount: 'This patient has an account: they change their own details on it.',
    noProfile: 'This patient\'s age and gender are not on record yet: they can add them on their account.',
    portalOnly: 'A patient without an account can have a Clinic Visit or a Call: Chat and Video need the portal.',
    notWorkingToday: 'This doctor does not see patients at this location today.',
    checkInNotToday: 'Only a Clinic Visit of today can be checked in.',
    checkInTaken: 'This patient is already checked in.',
    checkInClosed: 'This appointment cannot be checked in: it is cancelled, finished, or its booking was never paid.',
    counterPaid: 'This fee is paid already.',
    counterClosed: 'This appointment was cancelled, or its fee is being refunded: no fee is taken for it.',
    queueBusy: 'A patient is in the room: finish with them (Done, No-show or Back to queue) before calling the next.',
    queueEmpty: 'Nobody is waiting.',
    queueMoveRefused: 'This patient is not at a step of the queue this move leaves from. Reload the queue.',
    waitlistOverlap: 'This patient is already on the waitlist for this doctor on some of these days.',
    waitlistTooMany: `This patient waits for ${maxLiveEntries} slots already: take one of their entries off first.`,
    waitlistRemoved: 'Taken off the waitlist.',
  } as const,
  {
    codes: {
      hasAccount: 'deskPatientHasAccount',
      patientIsAccount: 'deskPatientIsAccount',
      checkInNotToday: 'checkInNotToday',
      checkInTaken: 'checkInTaken',
      checkInClosed: 'checkInClosed',
      counterPaid: 'counterPaid',
      queueBusy: 'queueBusy',
      queueEmpty: 'queueEmpty',
      queueMoveRefused: 'queueMoveRefused',
      waitlistOverlap: 'deskWaitlistOverlap',
    },
    params: { waitlistTooMany: { max: maxLiveEntries } },
  },
);
