/**
 * SQL for family members (family_members, 009) and the account's own profile. Rows are archived,
 * never deleted: an appointment may name the person consulted (appointments.family_member_id).
 */
import type { FamilyMember, FamilyMemberInput } from '../../contract/people.js';
import type { Gender } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';

interface FamilyRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  age: number;
  gender: Gender;
  relation: string;
  archived_at: Date | null;
}

const familyColumns = 'f.id, f.user_id, f.first_name, f.last_name, f.age, f.gender, f.relation, f.archived_at';

export interface StoredFamilyMember {
  member: FamilyMember;
  userId: string;
  archived: boolean;
}

const toStored = (r: FamilyRow): StoredFamilyMember => ({
  member: { _id: r.id, firstName: r.first_name, lastName: r.last_name, age: r.age, gender: r.gender, relation: r.relation },
  userId: r.user_id,
  archived: r.archived_at !== null,
});

/** The account's family members that are not archived, in the order they were added. */
export async function listFamilyMembers(q: Queryable, userId: string): Promise<FamilyMember[]> {
  const { rows } = await q.query<FamilyRow>(
    `select ${familyColumns} from family_members f where f.user_id = $1 and f.archived_at is null order by f.created_at, f.first_name, f.id`,
    [userId],
  );
  return rows.map((r) => toStored(r).member);
}

/** One family member, archived or not, whoever's; null for none. `forUpdate`: lock the row. */
export async function findFamilyMember(q: Queryable, id: string, forUpdate = false): Promise<StoredFamilyMember | null> {
  const { rows } = await q.query<FamilyRow>(
    `select ${familyColumns} from family_members f where f.id = $1${forUpdate ? ' for update of f' : ''}`,
    [id],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

/** The family members (not archived) of each of these accounts, each account's in the order they were added. */
export async function listFamilyMembersOf(q: Queryable, userIds: readonly string[]): Promise<Map<string, FamilyMember[]>> {
  const byUser = new Map<string, FamilyMember[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await q.query<FamilyRow>(
    `select ${familyColumns} from family_members f
      where f.user_id = any($1::uuid[]) and f.archived_at is null order by f.created_at, f.first_name, f.id`,
    [userIds],
  );
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), toStored(row).member]);
  return byUser;
}

export async function countFamilyMembers(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'select count(*)::int as n from family_members where user_id = $1 and archived_at is null',
    [userId],
  );
  return rows[0]!.n;
}

export async function insertFamilyMember(q: Queryable, userId: string, m: FamilyMemberInput, now: Date): Promise<FamilyMember> {
  const { rows } = await q.query<FamilyRow>(
    `insert into family_members as f (user_id, first_name, last_name, age, gender, relation, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7) returning ${familyColumns}`,
    [userId, m.firstName.trim(), m.lastName.trim(), m.age, m.gender, m.relation.trim(), now],
  );
  return toStored(rows[0]!).member;
}

export async function updateFamilyMember(q: Queryable, id: string, m: FamilyMemberInput, now: Date): Promise<FamilyMember> {
  const { rows } = await q.query<FamilyRow>(
    `update family_members f set first_name = $2, last_name = $3, age = $4, gender = $5, relation = $6, updated_at = $7
      where f.id = $1 returning ${familyColumns}`,
    [id, m.firstName.trim(), m.lastName.trim(), m.age, m.gender, m.relation.trim(), now],
  );
  return toStored(rows[0]!).member;
}

export async function archiveFamilyMember(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('update family_members set archived_at = $2, updated_at = $2 where id = $1 and archived_at is null', [id, now]);
}

/** The profile fields a patient edits; `phoneNumber` as stored (no spaces or hyphens). */
export async function updateProfile(
  q: Queryable,
  userId: string,
  p: { firstName: string; lastName: string; phoneNumber: string; age: number; gender: Gender },
  now: Date,
): Promise<void> {
  await q.query(
    `update users set first_name = $2, last_name = $3, phone_number = $4, age = $5, gender = $6, updated_at = $7 where id = $1`,
    [userId, p.firstName.trim(), p.lastName.trim(), p.phoneNumber, p.age, p.gender, now],
  );
}

/**
 * A Google sign-up's first booking keeps its phone, age and gender on the account: only the ones
 * still missing are filled (the patient edits them later on /account).
 */
export async function fillMissingProfile(
  q: Queryable,
  userId: string,
  p: { phoneNumber: string; age: number; gender: Gender },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update users set phone_number = coalesce(phone_number, $2), age = coalesce(age, $3), gender = coalesce(gender, $4), updated_at = $5
      where id = $1 and (phone_number is null or age is null or gender is null)`,
    [userId, p.phoneNumber, p.age, p.gender, now],
  );
  return rowCount > 0;
}
