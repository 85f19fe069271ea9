/**
 * Family members and the patient's own profile: who an appointment is for.
 *
 * - Only the account's own: a family member of another account answers 404 'Family member not
 *   found.', as one that does not exist, so ids cannot be probed.
 * - Archived, not deleted: an appointment may name the person consulted; an archived member is
 *   gone from the list and can no longer be booked for or edited (404).
 * - At most `maxFamilyMembers` live members per account (400), so one account cannot fill the table.
 * - Profile changes (name, phone, age, gender) are written to the audit log in the same
 *   transaction ('user.profile', before and after of the fields that changed).
 */
import type { User } from '../../contract/auth.js';
import type { FamilyMember, FamilyMemberInput, ProfileUpdateRequest } from '../../contract/people.js';
import type { Database, Queryable } from '../db/database.js';
import {
  archiveFamilyMember,
  countFamilyMembers,
  findFamilyMember,
  insertFamilyMember,
  listFamilyMembers,
  updateFamilyMember,
  updateProfile,
} from '../repositories/people.js';
import { insertAudit, patientActor } from '../repositories/staff.js';
import { findUserById } from '../repositories/users.js';
import { sessionCaller } from '../access/caller.js';
import { assertOwnsFamilyMember } from '../access/rules.js';
import { BadRequestError, NotFoundError } from './errors.js';
import { defineMessages } from './messageCodes.js';

export const maxFamilyMembers = 20;

export const peopleMessages = defineMessages('people', {
  notFound: 'Family member not found.',
  archived: 'Family member removed.',
  tooMany: `You can keep at most ${maxFamilyMembers} family members. Please remove one first.`,
  verifiedPhone: 'Your verified mobile number is changed with a code sent to the new number (Change number).',
} as const, {
  // The limit the sentence names, for a language that words it itself.
  params: { tooMany: { max: maxFamilyMembers } },
});

const phone = (value: string) => value.replace(/[\s-]/g, '');

/**
 * PUT /auth/profile: the caller's name, phone, age and gender; audited. An account made by a
 * mobile sign-in (no email, blank names) gives its name, age and gender here. A verified
 * phone stays as proven: the same number (in any form) keeps it, another is refused (400
 * naming phoneNumber: it changes by PUT /auth/phone, with a code); an unverified one is set.
 */
async function updateOwnProfile(db: Database, now: () => Date, user: User, request: ProfileUpdateRequest): Promise<User> {
  const at = now();
  const next = { ...request, firstName: request.firstName.trim(), lastName: request.lastName.trim(), phoneNumber: phone(request.phoneNumber) };
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ first_name: string; last_name: string; phone_number: string | null; age: number | null; gender: string | null; verified: boolean }>(
      'select first_name, last_name, phone_number, age, gender, phone_verified_at is not null as verified from users where id = $1 for update',
      [user._id],
    );
    const was = rows[0];
    if (!was) throw new NotFoundError('Account not found.');
    if (was.verified && was.phone_number !== null) {
      const digits = (value: string) => value.replace(/\D/g, '').slice(-10);
      if (digits(next.phoneNumber) !== digits(was.phone_number)) {
        throw new BadRequestError(peopleMessages.verifiedPhone, [{ field: 'phoneNumber', message: 'is verified: change it with a code (PUT /auth/phone)' }]);
      }
      next.phoneNumber = was.phone_number;
    }
    const before = { firstName: was.first_name, lastName: was.last_name, phoneNumber: was.phone_number, age: was.age, gender: was.gender };
    const changed = (Object.keys(before) as Array<keyof typeof before>).filter((k) => before[k] !== next[k]);
    if (changed.length === 0) return;
    await updateProfile(tx, user._id, next, at);
    await insertAudit(
      tx,
      {
        actorUserId: user._id,
        actor: patientActor(user),
        actorRole: user.role,
        action: 'user.profile',
        subjectUserId: user._id,
        details: {
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, next[k]])),
        },
      },
      at,
    );
  });
  return (await findUserById(db, user._id))!;
}

export function createPeopleService({ db, now }: { db: Database; now: () => Date }) {
  async function own(q: Queryable, user: User, id: string, forUpdate = false) {
    return assertOwnsFamilyMember(sessionCaller(user), await findFamilyMember(q, id, forUpdate), peopleMessages.notFound);
  }

  return {
    list: (user: User): Promise<FamilyMember[]> => listFamilyMembers(db, user._id),

    async add(user: User, input: FamilyMemberInput): Promise<FamilyMember> {
      return db.transaction(async (tx) => {
        // Serialises one account's additions, so two at once cannot pass the limit together.
        await tx.query('select id from users where id = $1 for update', [user._id]);
        if ((await countFamilyMembers(tx, user._id)) >= maxFamilyMembers) throw new BadRequestError(peopleMessages.tooMany, [{ field: '(body)', message: peopleMessages.tooMany }]);
        return insertFamilyMember(tx, user._id, input, now());
      });
    },

    async edit(user: User, id: string, input: FamilyMemberInput): Promise<FamilyMember> {
      return db.transaction(async (tx) => {
        await own(tx, user, id, true);
        return updateFamilyMember(tx, id, input, now());
      });
    },

    async archive(user: User, id: string): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        await own(tx, user, id, true);
        await archiveFamilyMember(tx, id, now());
      });
      return { message: peopleMessages.archived };
    },

    /**
     * The caller's family member who may be booked for: their own, not archived (404 otherwise,
     * as for another account's).
     */
    bookable: (q: Queryable, user: User, id: string) => own(q, user, id),

    /** PUT /auth/profile (updateOwnProfile). */
    updateProfile: (user: User, request: ProfileUpdateRequest): Promise<User> => updateOwnProfile(db, now, user, request),
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
