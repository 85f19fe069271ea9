/**
 * The follow-up's provider (a completed appointment's card): its machine
 * (machines/followUp/followUpMachine.ts) with its calls (./services.ts) and its effects:
 * - `notify`: a toast in the catalog's words (./notices.ts);
 * - `openBooking`: the Book Appointment popup, preset with the first visit's doctor, place and
 *   type on the chosen slot (the page's `openBooking`);
 * - `downloadCalendar`: the series' .ics fetched and offered to save (a toast when it fails);
 * - `announceChanged`: visits were booked or cancelled: the appointments list loads again.
 */
import { followUpMachine, type BookingPreset, type FollowUpInput } from '../../../machines/followUp/followUpMachine';
import type { CalendarFile } from '../../../machines/appointments/appointmentsMachine';
import { useProvidedActor, type Latest } from '../../app/useProvidedActor';
import { messages } from '../../i18n/messages';
import { showToast } from '../Appointments/notices';
import { followUpNoticeText } from './notices';
import type { FollowUpServices } from './services';

/** What the machine's effects reach outside it. */
export interface FollowUpPage {
  readonly openBooking: (preset: BookingPreset) => void;
  readonly offerDownload: (file: CalendarFile) => void;
  readonly changed: () => void;
}

export function provideFollowUp(services: FollowUpServices, input: FollowUpInput, latest: Latest<FollowUpPage>) {
  const { loadOffer, bookAll, cancelAll } = services;
  return followUpMachine.provide({
    actors: { loadOffer, bookAll, cancelAll },
    actions: {
      notify: (_, { tone, notice }) => showToast(tone, followUpNoticeText(notice)),
      openBooking: (_, preset) => latest.current.openBooking(preset),
      downloadCalendar: () =>
        void services.calendarFile(input).then(
          (file) => latest.current.offerDownload(file),
          () => showToast('error', messages.followUp.calendarFailed),
        ),
      announceChanged: () => latest.current.changed(),
    },
  });
}

/** The card's follow-up machine, for as long as the card shows it. */
export function useFollowUpActor(services: FollowUpServices, input: FollowUpInput, page: FollowUpPage) {
  return useProvidedActor((latest) => provideFollowUp(services, input, latest), { input }, page);
}
