/**
 * The real follow-up calls (FollowUpServices, src/components/FollowUp/services.ts). The API module
 * is fetched when a call first needs it; only the /myappointment chunk imports this file.
 */
import type { FollowUpServices } from '../components/FollowUp/services';
import { answerOf, fromApi, loadOnce } from './fromApi';

const loadApi = loadOnce(() => import('../api/followUps').then((m) => m.followUpApi));

export const liveFollowUpServices: FollowUpServices = {
  loadOffer: fromApi(async ({ appointmentId, token }, signal) => (await loadApi()).loadFollowUp(appointmentId, token, signal)),
  bookAll: fromApi(async ({ appointmentId, token, occurrences, consentText }, signal) =>
    (await loadApi()).bookFollowUp(appointmentId, occurrences, token, consentText ?? undefined, signal),
  ),
  cancelAll: fromApi(async ({ appointmentId, token }, signal) => (await loadApi()).cancelFollowUp(appointmentId, token, signal)),
  calendarFile: async ({ appointmentId, token }) => answerOf((await loadApi()).downloadFollowUpCalendar(appointmentId, token)),
};
