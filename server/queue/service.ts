/**
 * The queue's live side for its callers: a display's snapshot and stream (by its key, no login),
 * and a patient's place in today's queue and its stream (the appointment's owner only). Reads go
 * through the hub's feeds for streams (one read per change for all of them) and straight to the
 * repository for a single answer.
 */
import type { AuthenticatedUser } from '../services/sessions.js';
import { clinicToday } from '../../contract/clinicTime.js';
import type { DisplaySnapshot, QueuePlace } from '../../contract/display.js';
import type { User } from '../../contract/auth.js';
import { sessionCaller } from '../access/caller.js';
import { assertOwnsAppointment } from '../access/rules.js';
import type { StreamTicket } from '../live/streams.js';
import type { Database } from '../db/database.js';
import { isSessionLive } from '../repositories/sessions.js';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../services/errors.js';
import { sharedMessages } from '../services/messageCodes.js';
import type { QueueConfig } from './config.js';
import { keyHashOf } from './displays.js';
import type { QueueHub, QueueRefusal } from './hub.js';
import { queueMessages } from './messages.js';
import { appointmentEntry, appointmentOwner, doctorQueue, findLiveDisplayByKeyHash, isDisplayLive, locationName, locationQueue } from './repository.js';
import { displaySnapshot, placeOf } from './views.js';

const streamRetrySeconds = 30;

const refusals: Record<QueueRefusal, string> = {
  display: queueMessages.streamsPerDisplay,
  account: queueMessages.streamsPerAccount,
  client: queueMessages.streamsPerClient,
  total: queueMessages.streamsTotal,
};

function admitted(ticket: StreamTicket | QueueRefusal): StreamTicket {
  if (typeof ticket === 'string') throw new TooManyRequestsError(refusals[ticket], streamRetrySeconds);
  return ticket;
}

/** A place for one more stream of an account (a patient's place, a staff member's queue) within the caps; 429 if none. */
function accountTicket(hub: QueueHub, config: QueueConfig, userId: string, address: string): StreamTicket {
  return admitted(
    hub.admit({
      group: { kind: 'account', id: userId, cap: config.streamsPerAccount },
      address,
      perClient: config.streamsPerClient,
      total: config.streamsTotal,
    }),
  );
}

/** A doctor's day as the feeds hand it out. */
export type DoctorDay = Awaited<ReturnType<typeof doctorQueue>>;

export function createQueueService({ db, now, hub, config }: { db: Database; now: () => Date; hub: QueueHub; config: QueueConfig }) {
  const today = () => clinicToday(now());

  /** The location's queues today; null once the location is gone. */
  async function locationSnapshot(locationId: string): Promise<DisplaySnapshot | null> {
    const date = today();
    const name = await locationName(db, locationId);
    return name === null ? null : displaySnapshot(name, date, await locationQueue(db, locationId, date));
  }

  async function liveDisplay(key: string) {
    const display = await findLiveDisplayByKeyHash(db, keyHashOf(key));
    if (!display) throw new NotFoundError(queueMessages.displayNotFound);
    return display;
  }

  /** The caller's appointment's entry in today's queue (null: none); 404 for anybody else's. */
  async function ownEntry(user: User, appointmentId: string) {
    const owner = await appointmentOwner(db, appointmentId);
    assertOwnsAppointment(sessionCaller(user), owner === null ? null : { userId: owner }, sharedMessages.appointmentNotFound);
    return appointmentEntry(db, appointmentId, today());
  }

  return {
    locationSnapshot,
    admitAccount: (userId: string, address: string): StreamTicket => accountTicket(hub, config, userId, address),
    doctorDay: (doctorId: string): Promise<DoctorDay> => doctorQueue(db, doctorId, today()),

    async snapshot(key: string): Promise<DisplaySnapshot> {
      const display = await liveDisplay(key);
      const snapshot = await locationSnapshot(display.locationId);
      if (!snapshot) throw new NotFoundError(queueMessages.displayNotFound);
      return snapshot;
    },

    /** Before a display's stream starts: a live key (404), then a place within the caps (429). */
    async openDisplayStream(key: string, address: string) {
      const display = await liveDisplay(key);
      const ticket = admitted(
        hub.admit({
          group: { kind: 'display', id: display.id, cap: config.streamsPerDisplay },
          address,
          perClient: config.streamsPerClient,
          total: config.streamsTotal,
        }),
      );
      return { display, ticket, stillAllowed: () => isDisplayLive(db, display.id) };
    },

    async place(user: User, appointmentId: string): Promise<QueuePlace> {
      const entry = await ownEntry(user, appointmentId);
      if (!entry) return { status: 'notCheckedIn' };
      const day = await doctorQueue(db, entry.doctorId, today());
      return placeOf(day.entries, entry.id, day.slotMinutes);
    },

    /**
     * Before a patient's stream starts: their own appointment (404), waiting or called in today's
     * queue (409: nothing else changes live), then a place within the caps (429). It goes on while
     * the session lives and the appointment is still theirs.
     */
    async openPlaceStream(caller: AuthenticatedUser, appointmentId: string, address: string) {
      const entry = await ownEntry(caller.user, appointmentId);
      const day = entry ? await doctorQueue(db, entry.doctorId, today()) : null;
      const place = entry && day ? placeOf(day.entries, entry.id, day.slotMinutes) : null;
      if (!entry || (place?.status !== 'waiting' && place?.status !== 'called')) throw new ConflictError(queueMessages.notInQueue);
      const ticket = accountTicket(hub, config, caller.user._id, address);
      const stillAllowed = async () =>
        (await isSessionLive(db, caller.sessionId, now())) && (await appointmentOwner(db, appointmentId)) === caller.user._id;
      return { entry, ticket, stillAllowed };
    },
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
