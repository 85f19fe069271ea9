/**
 * The doctor's morning list: from MORNING_LIST_HOUR (clinic time) each day, every
 * active doctor who asked for it (doctors.morning_list, 018) gets the day's booked and paid
 * appointments by email, once (key `morning-list:<doctor id>:<clinic date>`, server/jobs/keyedMails.ts),
 * also on a day with none booked (the list says so). English: the staff side is not translated.
 */
import { isExpected } from '../services/booking/status.js';
import type { Database, Queryable } from '../db/database.js';
import { clinicName, escapeHtml } from '../mail/templates.js';
import { listDayAppointments } from '../repositories/appointmentLists.js';
import { clinicClock } from '../../contract/clinicTime.js';
import type { KeyedMailKind } from './keyedMails.js';


export function morningListKind(db: Database, options: { hour: number; publicUrl: string }): KeyedMailKind {
  return {
    kind: 'morning-list',
    async due(q: Queryable, at: Date) {
      const clock = clinicClock(at);
      if (clock.minutes < options.hour * 60) return [];
      const { rows } = await q.query<{ id: string }>('select id from doctors where morning_list and active order by id');
      return rows.map((r) => `morning-list:${r.id}:${clock.date}`);
    },
    async build(key) {
      const [, doctorId = '', date = ''] = key.split(':');
      const { rows } = await db.query<{ name: string; email: string; morning_list: boolean; active: boolean }>(
        'select name, email, morning_list, active from doctors where id = $1',
        [doctorId],
      );
      const doctor = rows[0];
      if (!doctor || !doctor.morning_list || !doctor.active) return { drop: 'the doctor no longer asks for it' };
      const day = (await listDayAppointments(db, date, doctorId))
        .map((s) => s.record)
        .filter((r) => r.appointmentStatus === 'Booked' && isExpected(r.appointmentPaymentStatus));
      const line = (r: (typeof day)[number]) =>
        `${r.startTime}  ${r.consultationType}${r.location ? `, ${r.location}` : ''}  ${r.firstName} ${r.lastName}  (${r.appointmentId})`;
      const consoleUrl = `${options.publicUrl}/#/staff`;
      const intro =
        day.length === 0
          ? `Good morning, ${doctor.name}. No appointments are booked for you today (${date}).`
          : `Good morning, ${doctor.name}. Your ${day.length} appointment${day.length === 1 ? '' : 's'} today (${date}), clinic time:`;
      const text = [intro, '', ...day.map(line), ...(day.length ? [''] : []), `The staff console: ${consoleUrl}`, '', clinicName].join('\n');
      const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
<p>${escapeHtml(intro)}</p>
${day.length ? `<ul>\n${day.map((r) => `<li>${escapeHtml(line(r))}</li>`).join('\n')}\n</ul>\n` : ''}<p><a href="${escapeHtml(consoleUrl)}">The staff console</a></p>
<p>${escapeHtml(clinicName)}</p>
</body>
</html>
`;
      return { to: doctor.email, subject: `Today's appointments: ${day.length} (${date})`, text, html, consoleSummary: `morning list ${date}` };
    },
  };
}
