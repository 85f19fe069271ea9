/**
 * Refund mails, two kinds of keyed mail (server/jobs/keyedMails.ts):
 *
 * - `refund:<subject>:<id>`: a refund flagged (a cancelled paid appointment, a slot lost to a late
 *   payment, a duplicate payment, a cancelled paid pharmacy order) tells the patient what happens
 *   next, once, in the account's language. Only refunds flagged in the last 2 days are looked at
 *   (those flagged before this version was deployed get no late mail); one resolved before its
 *   mail went out is dropped. A closed account gets none: its address is the closing's
 *   pseudonymous one (…@deleted.invalid), which nobody receives; not queued, and dropped if the
 *   account closed after its mail was queued. (The clinic still owes the money: the admin's
 *   summary and the console list it, as a former patient's.)
 * - `refund-done:<provider refund id>`: a refund made through the payment provider completed
 *   (server/refunds/jobs.ts queues it in the transaction that records it), once; dropped for a
 *   closed account, as above.
 * - `refund-summary:<clinic date>`: from REFUND_SUMMARY_HOUR (clinic time) each day, the open
 *   refunds to ADMIN_EMAIL; none when ADMIN_EMAIL is unset, dropped on a day with none open.
 */
import type { Queryable, Database } from '../db/database.js';
import { refundDoneMail, refundNoticeMail, type RefundReason, refundSummaryMail } from '../mail/refundTemplates.js';
import { findProviderRefund } from '../refunds/repository.js';
import { findRefund, listRefunds, type RefundRow } from '../repositories/refunds.js';
import { findLanguage } from '../repositories/users.js';
import { clinicClock } from '../../contract/clinicTime.js';
import { refundReason } from '../services/staffAdmin/refunds.js';
import type { KeyedMailKind } from './keyedMails.js';

const noticeWindowMs = 2 * 24 * 3_600_000;

/** Why the money is owed back, as the staff console says it (services/staffAdmin/refunds.ts), in the mail's terms. */
export function mailReason(r: RefundRow): RefundReason {
  const reason = refundReason(r);
  if (reason === 'amountChanged') return 'unused';
  return reason === 'cancelled' && r.purpose === 'order' ? 'order' : reason;
}

const noticeKey = (r: RefundRow) => `refund:${r.subject}:${r.id}`;

export function refundNoticeKind(db: Database): KeyedMailKind {
  return {
    kind: 'refund',
    async due(q: Queryable, at: Date) {
      const open = await listRefunds(q, 'open');
      return open.filter((r) => !r.patient.deleted && at.getTime() - r.flaggedAt.getTime() <= noticeWindowMs).map(noticeKey);
    },
    async build(key) {
      const id = key.split(':')[2] ?? '';
      const refund = /^[0-9a-f-]{36}$/i.test(id) ? await findRefund(db, id) : null;
      if (!refund || noticeKey(refund) !== key) return { drop: 'refund gone' };
      if (refund.resolved) return { drop: 'refund resolved before its mail went out' };
      if (refund.patient.deleted) return { drop: 'account closed: nobody receives its mail' };
      const language = (await findLanguage(db, refund.patient.userId)) ?? 'en';
      const { rows } = await db.query<{ first_name: string }>('select first_name from appointments where id = $1', [refund.appointmentId]);
      return refundNoticeMail({
        to: refund.patient.email,
        firstName: rows[0]?.first_name ?? refund.patient.name,
        appointmentNumber: refund.appointmentNumber,
        reason: mailReason(refund),
        amountPaise: refund.amountPaise,
        language,
      });
    },
  };
}

/** The patient's mail once a provider refund completed (queued by its commit: no `due`). */
export function refundDoneKind(db: Database): KeyedMailKind {
  return {
    kind: 'refund-done',
    async build(key) {
      const id = key.slice('refund-done:'.length);
      const done = /^[0-9a-f-]{36}$/i.test(id) ? await findProviderRefund(db, id) : null;
      if (!done || done.state !== 'completed') return { drop: 'refund not completed' };
      const { rows } = await db.query<{ email: string; first_name: string; appointment_number: string; user_id: string; deleted: boolean }>(
        `select a.email, a.first_name, a.appointment_number, a.user_id, u.deleted_at is not null as deleted
           from appointments a join users u on u.id = a.user_id where a.id = $1`,
        [done.appointmentId],
      );
      const a = rows[0];
      if (!a || a.deleted) return { drop: 'account closed: nobody receives its mail' };
      const language = (await findLanguage(db, a.user_id)) ?? 'en';
      return refundDoneMail({ to: a.email, firstName: a.first_name, appointmentNumber: a.appointment_number, amountPaise: done.amountPaise, language });
    },
  };
}

export function refundSummaryKind(db: Database, options: { adminEmail: string | null; hour: number; publicUrl: string }): KeyedMailKind {
  return {
    kind: 'refund-summary',
    async due(_q, at) {
      if (options.adminEmail === null) return [];
      const clock = clinicClock(at);
      return clock.minutes >= options.hour * 60 ? [`refund-summary:${clock.date}`] : [];
    },
    async build(key) {
      if (options.adminEmail === null) return { drop: 'ADMIN_EMAIL unset' };
      const open = (await listRefunds(db, 'open')).reverse();
      if (open.length === 0) return { drop: 'no refunds open' };
      return refundSummaryMail(
        options.adminEmail,
        key.slice('refund-summary:'.length),
        open.map((r) => ({
          appointmentNumber: r.appointmentNumber,
          // A closed account's name is the closing's pseudonym: the fact instead (the console says the same).
          patient: r.patient.deleted ? 'Former patient' : r.patient.name,
          amountPaise: r.amountPaise,
          flaggedOn: clinicClock(r.flaggedAt).date,
          reason: mailReason(r),
        })),
        `${options.publicUrl}/#/staff/admin/refunds`,
      );
    },
  };
}
