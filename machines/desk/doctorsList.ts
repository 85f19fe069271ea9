/**
 * The doctors the desk works with, loaded once per section (the admin lists' one chart,
 * machines/staffAdmin/adminListMachine.ts, without its form): the Desk, the Queue and the Day list
 * start their machines with them. The app's `loadItems` gives reception and admins every active
 * doctor with their locations, a doctor only their own record.
 */
import { createAdminListMachine } from '../staffAdmin/adminListMachine.js';
import type { DeskDoctor } from './desk.js';

export const deskDoctorsMachine = createAdminListMachine<DeskDoctor>({
  id: 'deskDoctors',
  description: 'The doctors the desk books and queues for, with their locations.',
  emptyDraft: {},
  toDraft: () => ({}),
});
