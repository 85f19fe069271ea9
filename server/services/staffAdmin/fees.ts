/** Consultation fees: one per type, an unset type shown as not offered. */
import { type ConsultationType, consultationTypes } from '../../../contract/primitives.js';
import type { AdminFee } from '../../../contract/staffAdmin.js';
import type { Queryable } from '../../db/database.js';
import { findFeeOf, listFees, setFee } from '../../repositories/fees.js';
import { insertAudit } from '../../repositories/staff.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import type { AdminDeps } from '../staffAdmin.js';
import { adminMessages } from './messages.js';

async function adminFees(q: Queryable): Promise<AdminFee[]> {
  const stored = new Map((await listFees(q)).map((f) => [f.consultationType, f.consultationFee]));
  return consultationTypes.map((consultationType) => ({ consultationType, consultationFee: stored.get(consultationType) ?? null }));
}

export function feesAdmin({ db, now }: AdminDeps) {
  return {
    async fees(staff: Staff): Promise<AdminFee[]> {
      assertAdmin(staff);
      return adminFees(db);
    },

    /** Appointments keep the fee they were booked at; new bookings pay this one. */
    async setFee(staff: Staff, type: ConsultationType, fee: number) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findFeeOf(tx, type, true);
        await setFee(tx, type, fee, at);
        await insertAudit(
          tx,
          { ...auditActor(staff), action: 'fee.updated', details: { consultationType: type, before: { fee: before }, after: { fee } } },
          at,
        );
      });
      return { message: adminMessages.feeSaved, fees: await adminFees(db) };
    },
  };
}
