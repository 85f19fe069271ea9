/**
 * The waiting room's displays and the patient's live place in the queue (docs/queue-display.md).
 * The endpoints, who may call them and their refusals are in contract/endpoints/display.ts; the
 * server in server/queue/.
 *
 * What a display shows is public (a TV in the waiting room): per doctor the token called and its
 * room, and the next tokens in the line, each with the first letter of the patient's first name
 * and nothing else of them.
 */
import * as t from 'io-ts';
import { requiredText } from './adminFields.js';
import { ClinicDate, Id } from './primitives.js';

export interface DisplayKeyBrand {
  readonly DisplayKey: unique symbol;
}

/** A display link's secret: 32 random bytes, base64url without padding (43 characters). */
export const DisplayKey = new t.Type<t.Branded<string, DisplayKeyBrand>, string, unknown>(
  'DisplayKey',
  (u): u is t.Branded<string, DisplayKeyBrand> => typeof u === 'string' && /^[A-Za-z0-9_-]{43}$/.test(u),
  (u, c) =>
    typeof u === 'string' && /^[A-Za-z0-9_-]{43}$/.test(u) ? t.success(u as t.Branded<string, DisplayKeyBrand>) : t.failure(u, c, 'must be a display key'),
  (a) => a,
);
export type DisplayKey = t.TypeOf<typeof DisplayKey>;

export const DisplayKeyParams = t.type({ key: DisplayKey }, 'DisplayKeyParams');

/** POST /staff/displays: a new link for a TV at `locationId`, named so the admin knows which TV it is. */
export const DisplayLinkRequest = t.type({ label: requiredText(100), locationId: Id }, 'DisplayLinkRequest');
export type DisplayLinkRequest = t.TypeOf<typeof DisplayLinkRequest>;

/** A display link as the admin lists it: never its key (only its SHA-256 is stored). */
export const DisplayLink = t.type(
  {
    _id: t.string,
    label: t.string,
    locationId: t.string,
    location: t.string,
    createdAt: t.string,
    /** Who made it ('' once that account is gone). */
    createdBy: t.string,
    /** null while it shows the queue. */
    revokedAt: t.union([t.string, t.null]),
  },
  'DisplayLink',
);
export type DisplayLink = t.TypeOf<typeof DisplayLink>;
export const DisplayLinkList = t.array(DisplayLink, 'DisplayLinkList');

/** The answer of a new link: the only time its key (and so the whole address) is ever shown. */
export const DisplayLinkCreated = t.type({ display: DisplayLink, key: t.string, url: t.string }, 'DisplayLinkCreated');
export type DisplayLinkCreated = t.TypeOf<typeof DisplayLinkCreated>;

export const DisplayIdParams = t.type({ id: Id }, 'DisplayIdParams');

/** A token on the display: "T7" and the first letter of the first name ('' when it has none). */
export const DisplayToken = t.type({ token: t.string, initial: t.string }, 'DisplayToken');
export type DisplayToken = t.TypeOf<typeof DisplayToken>;

/** How many of the line the display shows per doctor. */
export const displayNextCount = 5;

export const DisplayDoctor = t.type(
  {
    doctorId: t.string,
    doctorName: t.string,
    /** Who is called to the room now; null while nobody is. */
    called: t.union([t.intersection([DisplayToken, t.type({ room: t.string })]), t.null]),
    /** The first displayNextCount of the line, in its order (THE QUEUE RULE: due time, then token). */
    next: t.array(DisplayToken),
    /** Everybody waiting, the ones not shown too. */
    waiting: t.number,
  },
  'DisplayDoctor',
);
export type DisplayDoctor = t.TypeOf<typeof DisplayDoctor>;

/** GET /display/{key} and each `queue` event of its stream: the location's queues of today. */
export const DisplaySnapshot = t.type(
  {
    location: t.string,
    date: ClinicDate,
    /** Doctors with anybody in their queue there today, in the clinic's order of doctors. */
    doctors: t.array(DisplayDoctor),
  },
  'DisplaySnapshot',
);
export type DisplaySnapshot = t.TypeOf<typeof DisplaySnapshot>;

/**
 * GET /appointment/{id}/queue and each `place` event of its stream: the patient's place in
 * today's queue. `before`: how many are ahead in the line; `minutes`: before × the doctor's slot
 * minutes, a rough estimate.
 */
export const QueuePlace = t.union(
  [
    t.type({ status: t.literal('notCheckedIn') }),
    t.type({ status: t.literal('waiting'), token: t.string, before: t.number, minutes: t.number }),
    t.type({ status: t.literal('called'), token: t.string, room: t.string }),
    t.type({ status: t.keyof({ done: null, noshow: null }), token: t.string }),
  ],
  'QueuePlace',
);
export type QueuePlace = t.TypeOf<typeof QueuePlace>;
