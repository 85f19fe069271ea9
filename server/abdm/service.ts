/**
 * The patient's ABHA (contract/abdm.ts, docs/abdm.md). Rules:
 * - a patient reads, puts on file and removes their own (GET/PUT/DELETE /account/abha); a staff
 *   account has none (404);
 * - at the counter, reception and admins do the same for any patient, an account's holder or one
 *   the desk registered (/desk/patients/{id}/abha); a doctor, or a patient's token, is answered
 *   404, as for a patient that does not exist;
 * - a request names the number, the address or both; neither is a 400 on `abhaNumber`. The number
 *   or address on another patient's file is a 409 on its field (two desks at once: one wins, by the
 *   database's unique indexes);
 * - each change is audited (`abha.set`, `abha.removed`) with what was given and how (typed or the
 *   card's QR), never the number or the address themselves.
 */
import type { AbhaAnswer, AbhaRequest } from '../../contract/abdm.js';
import type { User } from '../../contract/auth.js';
import type { Database, Queryable } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { assertDesk } from '../desk/context.js';
import { insertAudit, patientActor, type AuditEntry } from '../repositories/staff.js';
import { BadRequestError, NotFoundError, ServiceError } from '../services/errors.js';
import { defineMessages } from '../services/messageCodes.js';
import type { Staff } from '../services/staff.js';
import { auditActor } from '../services/staff/shared.js';
import { deleteAbha, findAbha, findPatientId, upsertAbha } from './repository.js';

export const abhaMessages = defineMessages('abha', {
  notFound: 'No such patient here.',
  required: 'Give an ABHA number or an ABHA address.',
  numberTaken: 'This ABHA number is on another patient\'s file.',
  addressTaken: 'This ABHA address is on another patient\'s file.',
} as const);

const uniqueOn = { abhaNumber: 'abha_profiles_number_key', abhaAddress: 'abha_profiles_address_key' } as const;

type Actor = Pick<AuditEntry, 'actorUserId' | 'actor' | 'actorRole'>;

export function createAbhaService({ db, now }: { db: Database; now: () => Date }) {
  async function put(userId: string, actor: Actor, request: AbhaRequest): Promise<AbhaAnswer> {
    if (request.abhaNumber === null && request.abhaAddress === null) {
      throw new BadRequestError(abhaMessages.required, [{ field: 'abhaNumber', message: abhaMessages.required }]);
    }
    const at = now();
    try {
      const abha = await db.transaction(async (tx) => {
        const saved = await upsertAbha(tx, userId, { ...request, by: actor.actorUserId ?? userId }, at);
        const details = { number: request.abhaNumber !== null, address: request.abhaAddress !== null, source: request.source };
        await insertAudit(tx, { ...actor, action: 'abha.set', subjectUserId: userId, details }, at);
        return saved;
      });
      return { abha };
    } catch (error) {
      for (const field of ['abhaNumber', 'abhaAddress'] as const) {
        if (!isUniqueViolation(error, uniqueOn[field])) continue;
        const message = field === 'abhaNumber' ? abhaMessages.numberTaken : abhaMessages.addressTaken;
        throw new ServiceError(409, message, [{ field, message }]);
      }
      throw error;
    }
  }

  async function remove(userId: string, actor: Actor): Promise<AbhaAnswer> {
    await db.transaction(async (tx: Queryable) => {
      if (await deleteAbha(tx, userId)) await insertAudit(tx, { ...actor, action: 'abha.removed', subjectUserId: userId, details: {} }, now());
    });
    return { abha: null };
  }

  const own = (user: User): { userId: string; actor: Actor } => {
    if (user.role !== 'patient') throw new NotFoundError(abhaMessages.notFound);
    return { userId: user._id, actor: { actorUserId: user._id, actor: patientActor(user), actorRole: user.role } };
  };

  async function deskPatient(staff: Staff, id: string): Promise<string> {
    assertDesk(staff);
    const userId = await findPatientId(db, id.toLowerCase());
    if (userId === null) throw new NotFoundError(abhaMessages.notFound);
    return userId;
  }

  return {
    /** GET /account/abha. */
    mine: async (user: User): Promise<AbhaAnswer> => ({ abha: await findAbha(db, own(user).userId) }),
    /** PUT /account/abha. */
    putMine: (user: User, request: AbhaRequest) => {
      const { userId, actor } = own(user);
      return put(userId, actor, request);
    },
    /** DELETE /account/abha. */
    removeMine: (user: User) => {
      const { userId, actor } = own(user);
      return remove(userId, actor);
    },
    /** GET /desk/patients/{id}/abha. */
    ofPatient: async (staff: Staff, id: string): Promise<AbhaAnswer> => ({ abha: await findAbha(db, await deskPatient(staff, id)) }),
    /** PUT /desk/patients/{id}/abha. */
    putForPatient: async (staff: Staff, id: string, request: AbhaRequest) => put(await deskPatient(staff, id), auditActor(staff), request),
    /** DELETE /desk/patients/{id}/abha. */
    removeForPatient: async (staff: Staff, id: string) => remove(await deskPatient(staff, id), auditActor(staff)),
  };
}

export type AbhaService = ReturnType<typeof createAbhaService>;
