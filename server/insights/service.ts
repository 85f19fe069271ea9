/**
 * The owner's view (docs/insights.md): one answer per period and filter, the previous period of
 * the same length beside it. Who may see what is rules.ts; the SQL is repository.ts; here the
 * rows become the figures. Reads only: nothing is written, no transaction.
 */
import { addDays, weekdayOf } from '../../contract/clinicTime.js';
import type {
  ChannelCounts,
  ConsultationCounts,
  InsightsAnswer,
  InsightsBreakdownRow,
  InsightsBucket,
  InsightsGrain,
  InsightsQuery,
  InsightsSummary,
  LeadTime,
  PaymentMode,
  RevenueLine,
  UtilisationRow,
} from '../../contract/insights.js';
import { paymentModes } from '../../contract/insights.js';
import { rupeesOf } from '../../contract/money.js';
import type { Database } from '../db/database.js';
import { NotFoundError } from '../services/errors.js';
import type { Staff } from '../services/staff.js';
import { insightsMessages as m } from './messages.js';
import * as repo from './repository.js';
import { periodDays, scopedDoctor } from './rules.js';

export interface InsightsDeps {
  db: Database;
}

/** The first day of the bucket `date` falls in: the day, its week's Monday, its month's first. */
export function bucketStart(date: string, grain: InsightsGrain): string {
  if (grain === 'month') return `${date.slice(0, 7)}-01`;
  if (grain === 'week') return addDays(date, -((weekdayOf(date) + 6) % 7));
  return date;
}

function nextBucket(start: string, grain: InsightsGrain): string {
  if (grain === 'day') return addDays(start, 1);
  if (grain === 'week') return addDays(start, 7);
  const [y, mo] = start.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
}

const emptyCounts = (): ConsultationCounts => ({ booked: 0, completed: 0, cancelled: 0, noShows: 0, open: 0 });

function addTo(counts: ConsultationCounts, status: string, n: number): void {
  counts.booked += n;
  if (status === 'Completed') counts.completed += n;
  else if (status === 'Cancelled') counts.cancelled += n;
  else if (status === 'Missed') counts.noShows += n;
  else counts.open += n;
}

const inPeriod = (day: string, from: string, to: string) => day >= from && day <= to;

/** Median (the lower middle one), mean and bands of the lead days. */
function leadTimeOf(rows: { days: number; n: number }[]): LeadTime {
  const bands = { sameDay: 0, upTo2: 0, upTo7: 0, upTo14: 0, upTo30: 0, over30: 0 };
  const sorted = [...rows].sort((a, b) => a.days - b.days);
  const total = sorted.reduce((s, r) => s + r.n, 0);
  let sum = 0;
  let median: number | null = null;
  let seen = 0;
  for (const { days, n } of sorted) {
    sum += days * n;
    if (median === null && seen + n >= Math.ceil(total / 2)) median = days;
    seen += n;
    const band = days === 0 ? 'sameDay' : days <= 2 ? 'upTo2' : days <= 7 ? 'upTo7' : days <= 14 ? 'upTo14' : days <= 30 ? 'upTo30' : 'over30';
    bands[band] += n;
  }
  return { medianDays: total ? median : null, meanDays: total ? Math.round((sum / total) * 10) / 10 : null, bands };
}

interface Money {
  fees: number;
  pharmacy: number;
  refunds: number;
}
const emptyMoney = (): Money => ({ fees: 0, pharmacy: 0, refunds: 0 });
const totalsOf = (p: Money) => ({ fees: rupeesOf(p.fees), pharmacy: rupeesOf(p.pharmacy), refunds: rupeesOf(p.refunds), net: rupeesOf(p.fees + p.pharmacy - p.refunds) });

function summaryOf(
  f: repo.InsightsFilter,
  visits: repo.VisitGroup[],
  money: repo.MoneyGroup[],
  lead: { days: number; n: number }[],
  people: { seen: number; returning: number },
): InsightsSummary {
  const consultations = emptyCounts();
  const channels: ChannelCounts = { online: 0, desk: 0, walkin: 0 };
  for (const v of visits) {
    if (!inPeriod(v.day, f.from, f.to)) continue;
    addTo(consultations, v.status, v.n);
    channels[v.via] += v.n;
  }
  const paise = emptyMoney();
  for (const g of money) if (inPeriod(g.day, f.from, f.to)) paise[g.kind] += g.paise;
  return {
    from: f.from as InsightsSummary['from'],
    to: f.to as InsightsSummary['to'],
    consultations,
    revenue: totalsOf(paise),
    channels,
    patients: { seen: people.seen, returning: people.returning, new: people.seen - people.returning },
    leadTime: leadTimeOf(lead),
  };
}

function seriesOf(f: repo.InsightsFilter, grain: InsightsGrain, visits: repo.VisitGroup[], money: repo.MoneyGroup[]): InsightsBucket[] {
  const buckets = new Map<string, InsightsBucket>();
  for (let start = bucketStart(f.from, grain); start <= f.to; start = nextBucket(start, grain)) {
    buckets.set(start, { start: start as InsightsBucket['start'], booked: 0, completed: 0, cancelled: 0, noShows: 0, received: 0, refunds: 0 });
  }
  for (const v of visits) {
    if (!inPeriod(v.day, f.from, f.to)) continue;
    const b = buckets.get(bucketStart(v.day, grain))!;
    const counts = emptyCounts();
    addTo(counts, v.status, v.n);
    b.booked += counts.booked;
    b.completed += counts.completed;
    b.cancelled += counts.cancelled;
    b.noShows += counts.noShows;
  }
  const paise = new Map<string, { received: number; refunds: number }>();
  for (const g of money) {
    if (!inPeriod(g.day, f.from, f.to)) continue;
    const key = bucketStart(g.day, grain);
    const p = paise.get(key) ?? { received: 0, refunds: 0 };
    if (g.kind === 'refunds') p.refunds += g.paise;
    else p.received += g.paise;
    paise.set(key, p);
  }
  for (const [key, p] of paise) {
    const b = buckets.get(key)!;
    b.received = rupeesOf(p.received);
    b.refunds = rupeesOf(p.refunds);
  }
  return [...buckets.values()];
}

function revenueByMode(f: repo.InsightsFilter, money: repo.MoneyGroup[]): RevenueLine[] {
  const byMode = new Map<PaymentMode, Money>();
  for (const g of money) {
    if (!inPeriod(g.day, f.from, f.to)) continue;
    const p = byMode.get(g.mode) ?? emptyMoney();
    p[g.kind] += g.paise;
    byMode.set(g.mode, p);
  }
  return paymentModes.filter((mode) => byMode.has(mode)).map((mode) => ({ mode, ...totalsOf(byMode.get(mode)!) }));
}

function breakdown(
  f: repo.InsightsFilter,
  visits: repo.VisitGroup[],
  keyOf: (v: repo.VisitGroup) => string | null,
  nameOf: (key: string | null) => string,
): InsightsBreakdownRow[] {
  const rows = new Map<string | null, ConsultationCounts>();
  for (const v of visits) {
    if (!inPeriod(v.day, f.from, f.to)) continue;
    const key = keyOf(v);
    const counts = rows.get(key) ?? emptyCounts();
    addTo(counts, v.status, v.n);
    rows.set(key, counts);
  }
  return [...rows.entries()]
    .map(([id, counts]) => ({ id, name: nameOf(id), ...counts }))
    .sort((a, b) => b.booked - a.booked || a.name.localeCompare(b.name));
}

/** Whether hours of this kind (a location, or online: null) count under the filter. */
function hoursCount(hours: repo.HoursRow, f: repo.InsightsFilter): boolean {
  if (f.locationId !== null && hours.locationId !== f.locationId) return false;
  if (f.type === 'Clinic Visit') return hours.locationId !== null;
  if (f.type !== null) return hours.locationId === null;
  return true;
}

function utilisationOf(
  f: repo.InsightsFilter,
  doctors: repo.DoctorRow[],
  visits: repo.VisitGroup[],
  hours: repo.HoursRow[],
  leave: { doctorId: string; from: string; to: string }[],
): UtilisationRow[] {
  const weekdays = [0, 0, 0, 0, 0, 0, 0];
  const days: string[] = [];
  for (let d = f.from; d <= f.to; d = addDays(d, 1)) days.push(d);
  return doctors
    .map((doctor) => {
      const perWeekday = [...weekdays];
      for (const h of hours) if (h.doctorId === doctor.id && hoursCount(h, f)) perWeekday[h.weekday]! += h.minutes;
      const away = leave.filter((l) => l.doctorId === doctor.id);
      const availableMinutes = days
        .filter((d) => !away.some((l) => d >= l.from && d <= l.to))
        .reduce((sum, d) => sum + perWeekday[weekdayOf(d)]!, 0);
      const slots = visits
        .filter((v) => v.doctorId === doctor.id && inPeriod(v.day, f.from, f.to) && v.status !== 'Cancelled' && v.via !== 'walkin')
        .reduce((sum, v) => sum + v.n, 0);
      const bookedMinutes = slots * doctor.slotMinutes;
      return {
        doctorId: doctor.id as UtilisationRow['doctorId'],
        name: doctor.name,
        availableMinutes,
        bookedMinutes,
        share: availableMinutes > 0 ? Math.round((bookedMinutes / availableMinutes) * 1000) / 1000 : null,
      };
    })
    .filter((row) => row.availableMinutes > 0 || row.bookedMinutes > 0);
}

export function createInsightsService({ db }: InsightsDeps) {
  return {
    /** GET /staff/insights: the period's figures and the previous period's, for an admin or the doctor's own. */
    async insights(staff: Staff, query: InsightsQuery): Promise<InsightsAnswer> {
      const doctorId = scopedDoctor(staff, query.doctorId);
      const days = periodDays(query.from, query.to);
      const grain = query.grain ?? 'day';
      const locationId = query.locationId?.toLowerCase() ?? null;
      const type = query.type ?? null;
      const [locations, allDoctors] = await Promise.all([repo.locations(db), repo.doctors(db, null)]);
      if (locationId !== null && !locations.some((l) => l.id === locationId)) throw new NotFoundError(m.locationNotFound);
      if (doctorId !== null && !allDoctors.some((d) => d.id === doctorId)) throw new NotFoundError(m.doctorNotFound);
      const doctors = doctorId === null ? allDoctors : allDoctors.filter((d) => d.id === doctorId);

      const current: repo.InsightsFilter = { from: query.from, to: query.to, locationId, doctorId, type };
      const previousTo = addDays(query.from, -1);
      const previous: repo.InsightsFilter = { ...current, from: addDays(previousTo, -(days - 1)), to: previousTo };
      const both: repo.InsightsFilter = { ...current, from: previous.from };
      // Side by side: PostgreSQL runs them on the pool's connections, PGlite one after another.
      const [visits, money, lead, leadBefore, people, peopleBefore, hours, leave] = await Promise.all([
        repo.visitGroups(db, both),
        repo.moneyGroups(db, both),
        repo.leadDays(db, current),
        repo.leadDays(db, previous),
        repo.patientCounts(db, current),
        repo.patientCounts(db, previous),
        repo.weeklyHours(db, doctorId),
        repo.leaveIn(db, current),
      ]);

      const locationName = new Map(locations.map((l) => [l.id, l.name]));
      const doctorName = new Map(allDoctors.map((d) => [d.id, d.name]));
      return {
        grain,
        doctorId: doctorId as InsightsAnswer['doctorId'],
        locationId: locationId as InsightsAnswer['locationId'],
        type: type as InsightsAnswer['type'],
        current: summaryOf(current, visits, money, lead, people),
        previous: summaryOf(previous, visits, money, leadBefore, peopleBefore),
        revenueByMode: revenueByMode(current, money),
        series: seriesOf(current, grain, visits, money),
        byLocation: breakdown(current, visits, (v) => v.locationId, (id) => (id === null ? '' : locationName.get(id) ?? '')),
        byDoctor: breakdown(current, visits, (v) => v.doctorId, (id) => doctorName.get(id ?? '') ?? ''),
        byType: breakdown(current, visits, (v) => v.type, (id) => id ?? ''),
        utilisation: utilisationOf(current, doctors, visits, hours, leave),
        choices: {
          locations: locations.map((l) => ({ id: l.id as InsightsAnswer['doctorId'] & string, name: l.name })),
          doctors: doctors.map((d) => ({ id: d.id as InsightsAnswer['doctorId'] & string, name: d.name })),
        },
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
