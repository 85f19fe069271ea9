/** Closing the account: what must happen first, and the closing itself after a fresh email code. */
import { randomBytes } from 'node:crypto';
import type { User } from '../../../contract/auth.js';
import type { AccountDeletionAnswer } from '../../../contract/records.js';
import { clinicClock, clinicInstant } from '../../../contract/clinicTime.js';
import { isStaff } from '../../access/rules.js';
import type { Database } from '../../db/database.js';
import { consumeProof } from '../../repositories/otp.js';
import { closeAccount, findLiveAccount, listUpcomingPaid } from '../../repositories/records.js';
import { insertAudit } from '../../repositories/staff.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ServiceError } from '../errors.js';
import { recordMessages } from '../records.js';
import type { RecordDeps } from './context.js';

/** Paid appointments not yet over at `at` (their slot has not ended, clinic time). */
async function upcomingPaid(db: Database, userId: string, at: Date) {
  const booked = await listUpcomingPaid(db, userId, clinicClock(at).date);
  return booked.filter((b) => clinicInstant(b.date, b.startTime).getTime() + b.slotMinutes * 60_000 > at.getTime());
}

export function accountPart({ db, now, otp, retention }: RecordDeps) {
  return {
    /** GET /records/account/deletion: what must happen before the account can close. */
    async deletion(user: User): Promise<AccountDeletionAnswer> {
      const upcoming = await upcomingPaid(db, user._id, now());
      return {
        upcomingPaid: upcoming.map((u) => ({ _id: u.id, appointmentId: u.appointmentNumber, date: u.date, startTime: u.startTime, doctorName: u.doctorName })),
        clinicalRetentionYears: retention.clinicalYears,
        paymentRetentionYears: retention.paymentYears,
      };
    },

    /**
     * POST /records/account/delete: after a fresh email code (POST /otp/send-otp to the account's
     * address), closes the account (repositories/records.ts closeAccount). Refused while a paid
     * appointment is ahead (409), for staff accounts (403) and with a wrong code (400 naming otp).
     * The audit log records the request, not the data.
     */
    async deleteAccount(user: User, code: string): Promise<{ message: string }> {
      const account = await findLiveAccount(db, user._id);
      if (!account) throw new NotFoundError(recordMessages.notFound);
      if (isStaff(account)) throw new ForbiddenError(recordMessages.staffAccount);
      if ((await upcomingPaid(db, user._id, now())).length > 0) throw new ConflictError(recordMessages.upcomingPaid);
      // The fresh code that confirms the closing is an email's: an account with none adds one first (PUT /auth/email).
      const email = account.email;
      if (email === null) throw new BadRequestError(recordMessages.noEmailToConfirm, [{ field: 'otp', message: recordMessages.noEmailToConfirm }]);
      try {
        await otp.validate(email, code);
      } catch (error) {
        if (error instanceof ServiceError && error.status === 400) throw new BadRequestError(error.message, [{ field: 'otp', message: error.message }]);
        throw error;
      }
      const at = now();
      const pseudonym = `deleted-${randomBytes(6).toString('hex')}`;
      await db.transaction(async (tx) => {
        await consumeProof(tx, email, at);
        await closeAccount(tx, { id: account.id, email }, pseudonym, at);
        await insertAudit(
          tx,
          {
            actorUserId: account.id,
            actor: `${pseudonym}@deleted.invalid`,
            actorRole: 'patient',
            action: 'account.deleted',
            subjectUserId: account.id,
            details: { retention: { clinicalYears: retention.clinicalYears, paymentYears: retention.paymentYears } },
          },
          at,
        );
      });
      return { message: recordMessages.deleted };
    },
  };
}
