/** Staff accounts and their roles (admin, doctor, patient), as `npm run clinic` changes them. */
import type { AccountRole, StaffAccount } from '../../../contract/staffAdmin.js';
import {
  changeAccountRole,
  findAccountRoleByEmail,
  listStaffAccounts,
  RoleChangeRefused,
  type StaffAccount as StoredAccount,
} from '../../repositories/staff.js';
import { badField, ConflictError, NotFoundError } from '../errors.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import type { AdminDeps } from '../staffAdmin.js';
import { adminMessages } from './messages.js';

const toStaffAccount = (a: StoredAccount): StaffAccount => ({
  userId: a.userId,
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
  role: a.role,
  doctorId: a.doctorId,
  doctorName: a.doctorName,
});

export function accountsAdmin({ db, now }: AdminDeps) {
  return {
    async accounts(staff: Staff): Promise<StaffAccount[]> {
      assertAdmin(staff);
      return (await listStaffAccounts(db)).map(toStaffAccount);
    },

    /** The rules of `npm run clinic` (repositories/staff.ts changeAccountRole), and never the last admin. */
    async setRole(staff: Staff, email: string, role: AccountRole) {
      assertAdmin(staff);
      const address = email.toLowerCase();
      let changed: boolean;
      try {
        ({ changed } = await db.transaction((tx) =>
          changeAccountRole(tx, { email: address, role, keepAnAdmin: true }, auditActor(staff), now()),
        ));
      } catch (error) {
        if (!(error instanceof RoleChangeRefused)) throw error;
        if (error.reason === 'noAccount') throw new NotFoundError(adminMessages.noAccount);
        if (error.reason === 'noDoctor') throw badField('role', 'needs a doctor with this email in the doctor list', adminMessages.noDoctor);
        throw new ConflictError(adminMessages.lastAdmin);
      }
      const account = (await findAccountRoleByEmail(db, address))!;
      return { message: changed ? adminMessages.roleChanged : adminMessages.roleUnchanged, account: toStaffAccount(account) };
    },
  };
}
