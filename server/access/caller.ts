/**
 * Who calls, as the access rules (rules.ts) read it: the account, its role and, for a doctor's
 * account, the doctor it acts for. The role is an input of every rule that depends on it, so a new
 * role is one more case in the rules, not one more check in each service.
 *
 * Three ways to know the caller:
 * - `sessionCaller(user)`: from the session alone, for the patient's own records (the owner's
 *   rules read the account only). It carries no doctor, so the type keeps it out of the rules
 *   that ask for the appointment's doctor.
 * - `loadCaller(q, user)`: the role and the doctor read from the database now (users.role,
 *   doctors.email), for the reads that staff share with patients (consultation, chat, documents).
 * - `staffCaller(staff)`: a staff member the staff guard already authorized (services/staff.ts).
 */
import type { User, UserRole } from '../../contract/auth.js';
import type { Queryable } from '../db/database.js';
import { findAccountRole, type StaffAccount } from '../repositories/staff.js';
import type { Staff } from '../services/staff.js';

export interface Caller {
  userId: string;
  /** null: an account made by a mobile sign-in that has not added an email (never staff: see authorizeStaff). */
  email: string | null;
  role: UserRole;
  /** The doctor a doctor's account acts for; null for any other account (an admin who is also a doctor acts as admin). */
  doctorId: string | null;
}

/** A caller known from the session only: enough for the owner's rules, not for a doctor's. */
export type SessionCaller = Omit<Caller, 'doctorId'>;

export const sessionCaller = (user: User): SessionCaller => ({ userId: user._id, email: user.email, role: user.role });

/** The caller with the account's role as stored; an account the database no longer has is a patient's (no staff part). */
export function accountCaller(user: User, account: StaffAccount | null): Caller {
  const role = account?.role ?? 'patient';
  return { userId: user._id, email: user.email, role, doctorId: role === 'doctor' ? (account?.doctorId ?? null) : null };
}

/** The caller with the role and doctor read now, so a role change counts at once on every instance. */
export async function loadCaller(q: Queryable, user: User): Promise<Caller> {
  return accountCaller(user, await findAccountRole(q, user._id));
}

export const staffCaller = (staff: Staff): Caller & { email: string } => ({
  userId: staff.user._id,
  email: staff.user.email,
  role: staff.role,
  doctorId: staff.role === 'doctor' ? staff.doctorId : null,
});
