/** The follow-up machine's notices in the catalog's words; a `server` notice carries the server's own. */
import type { FollowUpNotice } from '../../../machines/followUp/followUpMachine';
import { messages } from '../../i18n/messages';

export function followUpNoticeText(notice: FollowUpNotice): string {
  switch (notice.kind) {
    case 'booked':
      return messages.followUp.booked;
    case 'cancelled':
      return messages.followUp.cancelled;
    case 'slotTaken':
      return messages.followUp.slotTaken;
    case 'server':
      return notice.text;
    case 'failed':
      return messages.spec.somethingWentWrong;
  }
}
