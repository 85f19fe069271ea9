/**
 * Shared by the tests of a schedule change under a booking or a payment (payment.test.ts,
 * scheduleRace.test.ts): the seed's admin changes Meera Kulkarni's hours at Aundh (Tuesdays
 * 09:00-13:00 and 15:00-19:00 in the seed) so that her Tuesday mornings go.
 */
import { testDatabaseUrl } from './helpers.js';
import { useAppointmentsApp, type AppointmentsApp } from './appointmentsSupport.js';
import { meera } from './paymentSupport.js';
import { useLockConnections } from './pgLocks.js';
import { api, idOf, officeEmail, week } from './staffAdminSupport.js';

/** Meera's seeded week at Aundh without the Tuesday morning. */
export const noTuesdayMornings = week([0, '17:00', '20:00'], [2, '15:00', '19:00'], [3, '17:00', '20:00']);

/** The app, the admin's session, Meera's and Aundh's ids, and the change that drops her Tuesday mornings there. */
export async function meeraAtAundh(t: AppointmentsApp) {
  const app = t.app();
  const admin = await t.staff('admin', officeEmail);
  const meeraId = await idOf(t.db(), 'doctors', 'email', meera.email);
  const aundh = await idOf(t.db(), 'locations', 'name', 'Aundh');
  const dropMornings = () => api(app, admin, 'PUT', `/doctors/${meeraId}/hours/${aundh}`, noTuesdayMornings);
  return { app, admin, meeraId, aundh, dropMornings };
}

/**
 * For a describe block racing that change on PostgreSQL (skip the block without
 * TEST_DATABASE_URL): `t()` is the app on PostgreSQL, and `setUp()` answers what meeraAtAundh
 * does plus a `holder` and a `watcher` connection (pgLocks.ts) ended after each test.
 */
export function useScheduleRace() {
  // Collected (not run) without TEST_DATABASE_URL too: only ask for PostgreSQL when there is one.
  const pgApp = testDatabaseUrl ? useAppointmentsApp('postgres') : null;
  const t = () => pgApp!;
  // After useAppointmentsApp: the connections end before the test's database is dropped.
  const lockConnections = useLockConnections();

  async function setUp() {
    const schedule = await meeraAtAundh(t());
    const { holder, watcher } = await lockConnections(t().db());
    return { ...schedule, holder, watcher };
  }

  return { t, setUp };
}
