/**
 * The waitlist as the desk reads it (GET /desk/waitlist), loaded once per visit of the section and
 * again on Refresh (the admin lists' one chart, machines/staffAdmin/adminListMachine.ts, without
 * its form: the list is read only, the patients join and leave themselves).
 */
import type { DeskWaitlistEntry } from '../../contract/desk.js';
import { createAdminListMachine } from '../staffAdmin/adminListMachine.js';

export const deskWaitlistMachine = createAdminListMachine<DeskWaitlistEntry>({
  id: 'deskWaitlist',
  description: 'Who waits for which doctor and days, and the slots out to them.',
  emptyDraft: {},
  toDraft: () => ({}),
});
