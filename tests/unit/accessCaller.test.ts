/** Who calls, as the access rules read it (server/access/caller.ts). */
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import { accountCaller, sessionCaller, staffCaller } from '../../server/access/caller';
import type { StaffAccount } from '../../server/repositories/staff';

const user = { _id: 'user-1', email: 'asha@clinic.test', role: 'doctor' } as User & { email: string };
const account = (role: StaffAccount['role'], doctorId: string | null): StaffAccount => ({
  userId: 'user-1',
  email: 'asha@clinic.test',
  firstName: 'Asha',
  lastName: 'Rao',
  role,
  doctorId,
  doctorName: doctorId ? 'Dr Asha' : null,
});

describe('the caller', () => {
  it('from the session carries the account and its role, and no doctor', () => {
    expect(sessionCaller(user)).toEqual({ userId: 'user-1', email: 'asha@clinic.test', role: 'doctor' });
  });

  it('from the account as stored: its role, and the doctor for a doctor’s account only', () => {
    expect(accountCaller(user, account('doctor', 'doctor-1'))).toEqual({ userId: 'user-1', email: 'asha@clinic.test', role: 'doctor', doctorId: 'doctor-1' });
    // An admin whose email is also a doctor's acts as admin.
    expect(accountCaller(user, account('admin', 'doctor-1'))).toMatchObject({ role: 'admin', doctorId: null });
    expect(accountCaller(user, account('patient', null))).toMatchObject({ role: 'patient', doctorId: null });
  });

  it('whose account the database no longer has is a patient’s, whatever the session said', () => {
    expect(accountCaller(user, null)).toEqual({ userId: 'user-1', email: 'asha@clinic.test', role: 'patient', doctorId: null });
  });

  it('from the staff guard keeps the staff member’s role and doctor', () => {
    expect(staffCaller({ user, role: 'doctor', doctorId: 'doctor-1', doctorName: 'Dr Asha' })).toEqual({
      userId: 'user-1',
      email: 'asha@clinic.test',
      role: 'doctor',
      doctorId: 'doctor-1',
    });
    expect(staffCaller({ user, role: 'admin', doctorId: null, doctorName: null })).toMatchObject({ role: 'admin', doctorId: null });
  });
});
