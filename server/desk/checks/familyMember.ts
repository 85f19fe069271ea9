import type { DeskPatient } from '../../../contract/desk.js';
import type { FamilyMember } from '../../../contract/people.js';
import type { Queryable } from '../../db/database.js';
import { findFamilyMember } from '../../repositories/people.js';
import { minorHasAdult } from '../../services/booking/checks/minorHasAdult.js';
import { NotFoundError } from '../../services/errors.js';
import { deskMessages } from '../messages.js';

/**
 * The family member a desk booking is for: one of this patient's own, not archived (404
 * otherwise, as the patient's own booking answers for another account's), and a minor only of an
 * adult holder, as online. None asked: the patient themselves. `forUpdate` in the booking's
 * transaction, so a member archived meanwhile is refused there.
 */
export async function deskFamilyMember(q: Queryable, patient: DeskPatient, id: string | undefined, forUpdate = false): Promise<FamilyMember | null> {
  if (id === undefined) return null;
  const stored = await findFamilyMember(q, id.toLowerCase(), forUpdate);
  if (!stored || stored.archived || stored.userId !== patient._id) throw new NotFoundError(deskMessages.familyMemberNotFound);
  minorHasAdult(stored.member, patient);
  return stored.member;
}
