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

export function accountPart({ db, now, otp, accountCloseCode, retention }: RecordDeps) {
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
     * POST /records/account/delete: after a fresh code, closes the account
     * (repositories/records.ts closeAccount). The code is an email's (POST /otp/send-otp to the
     * account's address); an account without an email (made by a mobile number) gets it by text
     * to its verified number (POST /auth/phone/send-current-code for accountClose). Refused while
     * a paid appointment is ahead (409), for staff accounts (403), with a wrong code (400 naming
     * otp), and for an account with neither (400: add an email first). The audit log records the
     * request, not the data.
     */
    async deleteAccount(user: User, code: string): Promise<{ message: string }> {
      const account = await findLiveAccount(db, user._id);
      if (!account) throw new NotFoundError(recordMessages.notFound);
      if (isStaff(account)) throw new ForbiddenError(recordMessages.staffAccount);
      if ((await upcomingPaid(db, user._id, now())).length > 0) throw new ConflictError(recordMessages.upcomingPaid);
      const email = account.email;
      if (email !== null) {
        try {
          await otp.validate(email, code);
        } catch (error) {
          if (error instanceof ServiceError && error.status === 400) throw new BadRequestError(error.message, [{ field: 'otp', message: error.message }]);
          throw error;
        }
      } else if (account.verifiedPhone !== null) {
        await accountCloseCode(account.id, account.verifiedPhone, code, 'otp');
      } else {
        throw new BadRequestError(recordMessages.noEmailToConfirm, [{ field: 'otp', message: recordMessages.noEmailToConfirm }]);
      }
      const at = now();
      const pseudonym = `deleted-${randomBytes(6).toString('hex')}`;
      await db.transaction(async (tx) => {
        if (email !== null) await consumeProof(tx, email, at);
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
