/** The waitlist machines' notices in the catalog's words; a `server` notice carries the server's own. */
import type { WaitlistNotice } from '../../../machines/waitlistOffer/waitlistMachine';
import type { OfferNotice } from '../../../machines/waitlistOffer/waitlistOfferMachine';
import { messages } from '../../i18n/messages';

export function waitlistNoticeText(notice: WaitlistNotice): string {
  switch (notice.kind) {
    case 'joined':
      return messages.waitlist.joined;
    case 'left':
      return messages.waitlist.left;
    case 'offered':
      return messages.waitlist.offered;
    case 'server':
      return notice.text;
    case 'failed':
      return messages.spec.somethingWentWrong;
  }
}

export function offerNoticeText(notice: OfferNotice): string {
  switch (notice.kind) {
    case 'declined':
      return messages.waitlist.declined;
    case 'server':
      return notice.text;
    case 'failed':
      return messages.spec.somethingWentWrong;
  }
}
