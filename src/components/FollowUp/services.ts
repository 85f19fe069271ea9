/**
 * The calls the follow-up machine is given (machines/followUp/followUpMachine.ts): the real ones in
 * src/app/liveFollowUp.ts, fakes in tests; each rejects with an ApiFailure when it fails.
 */
import type { PromiseActorLogic } from 'xstate';
import type { FollowUpOffer } from '../../../contract/followUps';
import type { BookAllInput, FollowUpInput } from '../../../machines/followUp/followUpMachine';
import type { CalendarFile } from '../../../machines/appointments/appointmentsMachine';

export interface FollowUpServices {
  /** GET /followup/{id}. */
  readonly loadOffer: PromiseActorLogic<FollowUpOffer, FollowUpInput>;
  /** POST /followup/{id}/book. */
  readonly bookAll: PromiseActorLogic<FollowUpOffer, BookAllInput>;
  /** POST /followup/{id}/cancel. */
  readonly cancelAll: PromiseActorLogic<FollowUpOffer, FollowUpInput>;
  /** GET /followup/{id}/calendar.ics, the whole booked series in one file; rejects when it cannot be had. */
  readonly calendarFile: (input: FollowUpInput) => Promise<CalendarFile>;
}
