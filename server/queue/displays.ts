/**
 * Display links, admins only (contract/endpoints/display.ts): a link for a TV at a location, with
 * a random 32-byte key shown once (only its SHA-256 is stored), listed without keys, revoked.
 * Every change writes an audit row in its own transaction; a revocation also tells every instance
 * at commit, so the link's open streams end (server/queue/hub.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DisplayLink, DisplayLinkCreated, DisplayLinkRequest } from '../../contract/display.js';
import type { Database } from '../db/database.js';
import { insertAudit } from '../repositories/staff.js';
import { badField, ConflictError, NotFoundError } from '../services/errors.js';
import { assertAdmin, auditActor, type Staff } from '../services/staff.js';
import { queueMessages } from './messages.js';
import { type DisplayRow, findDisplay, insertDisplay, listDisplays, locationName, revokeDisplay } from './repository.js';

/** The stored form of a key: its SHA-256, hex. */
export const keyHashOf = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key: 32 bytes from the CSPRNG, base64url (43 characters). */
export const newDisplayKey = (): string => randomBytes(32).toString('base64url');

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toLink(row: DisplayRow): DisplayLink {
  return {
    _id: row.id,
    label: row.label,
    locationId: row.location_id,
    location: row.location,
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by ?? '',
    revokedAt: iso(row.revoked_at),
  };
}

/** The page a TV opens: the display's own route of the single-page app. */
export const displayUrl = (publicUrl: string, key: string): string => `${publicUrl.replace(/\/+$/, '')}/#/display/${key}`;

export function createDisplayLinks({ db, now, publicUrl }: { db: Database; now: () => Date; publicUrl: string }) {
  return {
    async list(staff: Staff): Promise<DisplayLink[]> {
      assertAdmin(staff);
      return (await listDisplays(db)).map(toLink);
    },

    async create(staff: Staff, request: DisplayLinkRequest): Promise<DisplayLinkCreated> {
      assertAdmin(staff);
      const key = newDisplayKey();
      const at = now();
      const row = await db.transaction(async (tx) => {
        if ((await locationName(tx, request.locationId)) === null) {
          throw badField('locationId', queueMessages.displayLocation, queueMessages.displayLocationSummary);
        }
        const made = await insertDisplay(tx, { locationId: request.locationId, keyHash: keyHashOf(key), label: request.label, createdBy: staff.user._id }, at);
        await insertAudit(
          tx,
          { ...auditActor(staff), action: 'display.created', details: { displayId: made.id, after: { label: made.label, locationId: made.location_id } } },
          at,
        );
        return made;
      });
      return { display: toLink(row), key, url: displayUrl(publicUrl, key) };
    },

    async revoke(staff: Staff, id: string): Promise<DisplayLink> {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findDisplay(tx, id, true);
        if (!before) throw new NotFoundError(queueMessages.linkNotFound);
        if (before.revoked_at !== null) throw new ConflictError(queueMessages.displayRevoked);
        await revokeDisplay(tx, id, at);
        await insertAudit(
          tx,
          { ...auditActor(staff), action: 'display.revoked', details: { displayId: id, before: { label: before.label, locationId: before.location_id } } },
          at,
        );
      });
      return toLink((await findDisplay(db, id))!);
    },
  };
}
export type DisplayLinks = ReturnType<typeof createDisplayLinks>;
