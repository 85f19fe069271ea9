/**
 * /staff/insights, the owner's view (docs/insights.md): a period (this month unless chosen), its
 * bucket size, location, doctor and type; the summary against the previous period; each view a
 * chart with its numbers as a table beside it and a CSV of those numbers. Admins see the clinic;
 * a doctor their own figures (the server limits them). Loaded lazily by StaffShell.tsx, with the
 * chart library: no other route fetches either.
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import { clinicToday, dayStart } from '../../../contract/clinicTime';
import type { InsightsAnswer, InsightsBreakdownRow, InsightsSummary } from '../../../contract/insights';
import { leadTimeBands } from '../../../contract/insights';
import { consultationTypes } from '../../../contract/primitives';
import {
  insightsMachine,
  selectAnswer,
  selectFailure,
  selectIsLoading,
  selectQuery,
  selectStatus,
  type InsightsFilter,
} from '../../../machines/insights/insightsMachine';
import { useProvidedActor } from '../../app/useProvidedActor';
import { formatClinicDate, formatRupees } from '../../format/format';
import { useInsightsMessages, type InsightsMessages } from '../../i18n/insightsMessages';
import { getLocale } from '../../i18n/languageChoice';
import { useStaff } from '../StaffContext';
import { liveLoadInsights } from './api';
import { Chart } from './Chart';
import { saveCsv, type CsvRow } from './csv';
import { presetPeriod, presets, type Preset } from './period';
import './insights.css';

const numberFormat = () => new Intl.NumberFormat(`${getLocale()}-u-nu-latn`, { maximumFractionDigits: 1 });
/** A bucket's label: "1 Dec" for a day or a week (its Monday), "Dec 2026" for a month. */
export function bucketLabel(start: string, grain: InsightsAnswer['grain']): string {
  const options: Intl.DateTimeFormatOptions = grain === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(`${getLocale()}-u-nu-latn`, { ...options, timeZone: 'UTC' }).format(dayStart(start));
}

const percentFormat = () => new Intl.NumberFormat(`${getLocale()}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 1 });

export default function InsightsSection({ load = liveLoadInsights }: { readonly load?: typeof liveLoadInsights }) {
  const { token, me } = useStaff();
  const texts = useInsightsMessages();
  const today = clinicToday();
  const actor = useProvidedActor(() => insightsMachine.provide({ actors: { loadInsights: load } }), {
    input: { token, query: { ...presetPeriod('thisMonth', today), grain: 'day', locationId: '', doctorId: '', type: '' } },
  });
  const status = useSelector(actor, selectStatus);
  const answer = useSelector(actor, selectAnswer);
  const query = useSelector(actor, selectQuery);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const change = (next: Partial<InsightsFilter>) => actor.send({ type: 'insights.filter', query: { ...query, ...next } });

  return (
    <section className="insights" aria-labelledby="insights-heading" aria-busy={loading}>
      <h1 id="insights-heading">{texts.heading}</h1>
      {me.role === 'doctor' && <p className="staff-field__hint">{texts.ownOnly}</p>}
      <Filters query={query} answer={answer} today={today} onChange={change} />
      {status === 'loading' && (
        <p role="status" className="staff-state">
          {texts.loading}
        </p>
      )}
      {status === 'failed' && (
        <div role="alert" className="staff-state">
          <p>{failure ?? texts.failed}</p>
          <button type="button" className="button button--outline" onClick={() => actor.send({ type: 'insights.retry' })}>
            {texts.tryAgain}
          </button>
        </div>
      )}
      <p role="status" className="staff-state staff-state--quiet">
        {status === 'ready' && loading ? texts.updating : ''}
      </p>
      {answer && status !== 'failed' && <Views answer={answer} texts={texts} />}
    </section>
  );
}

function Filters({ query, answer, today, onChange }: { query: InsightsFilter; answer: InsightsAnswer | null; today: string; onChange: (next: Partial<InsightsFilter>) => void }) {
  const texts = useInsightsMessages();
  const { me } = useStaff();
  const id = useId();
  const preset = presets.find((p) => {
    const period = presetPeriod(p, today);
    return period.from === query.from && period.to === query.to;
  });
  const select = (name: string, label: string, value: string, options: ReadonlyArray<{ value: string; label: string }>, set: (value: string) => void) => (
    <div className="insights-filter">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} value={value} onChange={(e) => set(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  const date = (name: 'from' | 'to', label: string) => (
    <div className="insights-filter">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="date"
        value={query[name]}
        onChange={(e) => {
          if (e.target.value) onChange({ [name]: e.target.value });
        }}
      />
    </div>
  );
  return (
    <fieldset className="insights-filters">
      <legend>{texts.filters}</legend>
      {select('preset', texts.presets.label, preset ?? '', [...presets.map((p) => ({ value: p, label: texts.presets[p] })), ...(preset ? [] : [{ value: '', label: texts.presets.custom }])], (value) => {
        if (value) onChange(presetPeriod(value as Preset, today));
      })}
      {date('from', texts.from)}
      {date('to', texts.to)}
      {select('grain', texts.grain, query.grain, (['day', 'week', 'month'] as const).map((g) => ({ value: g, label: texts.grains[g] })), (value) => onChange({ grain: value as InsightsFilter['grain'] }))}
      {select('location', texts.location, query.locationId, [{ value: '', label: texts.all }, ...(answer?.choices.locations ?? []).map((l) => ({ value: l.id, label: l.name }))], (value) => onChange({ locationId: value }))}
      {me.role === 'admin' &&
        select('doctor', texts.doctor, query.doctorId, [{ value: '', label: texts.all }, ...(answer?.choices.doctors ?? []).map((d) => ({ value: d.id, label: d.name }))], (value) => onChange({ doctorId: value }))}
      {select('type', texts.type, query.type, [{ value: '', label: texts.all }, ...consultationTypes.map((t) => ({ value: t, label: texts.types[t] ?? t }))], (value) => onChange({ type: value }))}
    </fieldset>
  );
}

/** One view: its heading, the chart (if any) and the table beside it, and its CSV. */
function View({ name, file, csv, chart, children }: { name: string; file: string; csv: () => CsvRow[]; chart?: ReactNode; children: ReactNode }) {
  const texts = useInsightsMessages();
  const id = useId();
  return (
    <section className="insights-view" aria-labelledby={id}>
      <div className="insights-view__head">
        <h2 id={id}>{name}</h2>
        <button type="button" className="button button--outline" onClick={() => saveCsv(file, csv())}>
          {texts.csv}
          <span className="visually-hidden">: {name}</span>
        </button>
      </div>
      <div className={chart ? 'insights-view__body insights-view__body--chart' : 'insights-view__body'}>
        {chart}
        {/* Focusable, so that a keyboard scrolls a wide table sideways on a phone. */}
        <div className="insights-table" tabIndex={0} role="group" aria-label={name}>
          {children}
        </div>
      </div>
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: readonly string[]; rows: ReadonlyArray<ReadonlyArray<string>> }) {
  const texts = useInsightsMessages();
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={i > 0 ? 'insights-num' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={head.length}>{texts.none}</td>
          </tr>
        ) : (
          rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="insights-num">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

type Figure = { label: string; of: (s: InsightsSummary) => number | null; money?: boolean };

function summaryFigures(texts: InsightsMessages): Figure[] {
  const f = texts.figures;
  return [
    { label: f.booked, of: (s) => s.consultations.booked },
    { label: f.completed, of: (s) => s.consultations.completed },
    { label: f.cancelled, of: (s) => s.consultations.cancelled },
    { label: f.noShows, of: (s) => s.consultations.noShows },
    { label: f.fees, of: (s) => s.revenue.fees, money: true },
    { label: f.pharmacy, of: (s) => s.revenue.pharmacy, money: true },
    { label: f.refunds, of: (s) => s.revenue.refunds, money: true },
    { label: f.net, of: (s) => s.revenue.net, money: true },
    { label: f.online, of: (s) => s.channels.online },
    { label: f.desk, of: (s) => s.channels.desk },
    { label: f.walkin, of: (s) => s.channels.walkin },
    { label: f.seen, of: (s) => s.patients.seen },
    { label: f.new, of: (s) => s.patients.new },
    { label: f.returning, of: (s) => s.patients.returning },
    { label: f.medianDays, of: (s) => s.leadTime.medianDays },
    { label: f.meanDays, of: (s) => s.leadTime.meanDays },
  ];
}

const changeOf = (now: number | null, before: number | null): number | null => (now === null || before === null || before === 0 ? null : (now - before) / Math.abs(before));

function Views({ answer, texts }: { answer: InsightsAnswer; texts: InsightsMessages }) {
  const n = numberFormat();
  const pct = percentFormat();
  const { current, previous } = answer;
  const file = (view: string) => `insights-${view}-${current.from}-${current.to}.csv`;
  const labels = useMemo(() => answer.series.map((b) => bucketLabel(b.start, answer.grain)), [answer.series, answer.grain]);
  const f = texts.figures;
  const num = (v: number | null) => (v === null ? '–' : n.format(v));
  const money = (v: number) => formatRupees(v);
  const figures = summaryFigures(texts);

  const breakdownRows = (rows: readonly InsightsBreakdownRow[], nameOf: (r: InsightsBreakdownRow) => string) =>
    rows.map((r) => [nameOf(r), num(r.booked), num(r.completed), num(r.cancelled), num(r.noShows)]);
  const breakdownCsv = (rows: readonly InsightsBreakdownRow[], nameOf: (r: InsightsBreakdownRow) => string): CsvRow[] => [
    [texts.columns.name, f.booked, f.completed, f.cancelled, f.noShows, f.open],
    ...rows.map((r) => [nameOf(r), r.booked, r.completed, r.cancelled, r.noShows, r.open]),
  ];
  const countsHead = [texts.columns.name, f.booked, f.completed, f.cancelled, f.noShows];
  const locationName = (r: InsightsBreakdownRow) => (r.id === null ? texts.noLocation : r.name);
  const typeName = (r: InsightsBreakdownRow) => texts.types[r.name] ?? r.name;
  const series = (key: 'booked' | 'completed' | 'cancelled' | 'noShows' | 'received' | 'refunds') => answer.series.map((b) => b[key]);

  return (
    <div className="insights-views">
      <p className="staff-field__hint">
        {texts.intro(formatClinicDate(current.from), formatClinicDate(current.to), formatClinicDate(previous.from), formatClinicDate(previous.to))}
      </p>
      <View
        name={texts.views.summary}
        file={file('summary')}
        csv={() => [[texts.columns.figure, texts.current, texts.previous], ...figures.map((fig) => [fig.label, fig.of(current), fig.of(previous)])]}
      >
        <Table
          caption={texts.views.summary}
          head={[texts.columns.figure, texts.current, texts.previous, texts.change]}
          rows={figures.map((fig) => {
            const a = fig.of(current);
            const b = fig.of(previous);
            const c = changeOf(a, b);
            const show = (v: number | null) => (v === null ? '–' : fig.money ? money(v) : n.format(v));
            return [fig.label, show(a), show(b), c === null ? '–' : `${c > 0 ? '+' : ''}${pct.format(c)}`];
          })}
        />
      </View>
      <View
        name={texts.views.consultations}
        file={file('consultations')}
        csv={() => [[texts.columns.period, f.booked, f.completed, f.cancelled, f.noShows], ...answer.series.map((b) => [b.start, b.booked, b.completed, b.cancelled, b.noShows])]}
        chart={
          <Chart
            kind="line"
            name={texts.chartLabel(texts.views.consultations)}
            labels={labels}
            series={[
              { label: f.booked, values: series('booked') },
              { label: f.completed, values: series('completed') },
              { label: f.cancelled, values: series('cancelled') },
              { label: f.noShows, values: series('noShows') },
            ]}
          />
        }
      >
        <Table
          caption={texts.views.consultations}
          head={[texts.columns.period, f.booked, f.completed, f.cancelled, f.noShows]}
          rows={answer.series.map((b, i) => [labels[i]!, num(b.booked), num(b.completed), num(b.cancelled), num(b.noShows)])}
        />
      </View>
      <View
        name={texts.views.money}
        file={file('money')}
        csv={() => [[texts.columns.period, f.received, f.refunds], ...answer.series.map((b) => [b.start, b.received, b.refunds])]}
        chart={
          <Chart
            kind="line"
            name={texts.chartLabel(texts.views.money)}
            labels={labels}
            format={(v) => n.format(v)}
            series={[
              { label: f.received, values: series('received') },
              { label: f.refunds, values: series('refunds') },
            ]}
          />
        }
      >
        <Table caption={texts.views.money} head={[texts.columns.period, f.received, f.refunds]} rows={answer.series.map((b, i) => [labels[i]!, money(b.received), money(b.refunds)])} />
      </View>
      <View
        name={texts.views.revenue}
        file={file('revenue')}
        csv={() => [[texts.columns.mode, f.fees, f.pharmacy, f.refunds, f.net], ...answer.revenueByMode.map((r) => [r.mode, r.fees, r.pharmacy, r.refunds, r.net])]}
        chart={
          <Chart
            kind="bar"
            name={texts.chartLabel(texts.views.revenue)}
            labels={answer.revenueByMode.map((r) => texts.modes[r.mode] ?? r.mode)}
            format={(v) => n.format(v)}
            series={[{ label: f.net, values: answer.revenueByMode.map((r) => r.net) }]}
          />
        }
      >
        <Table
          caption={texts.views.revenue}
          head={[texts.columns.mode, f.fees, f.pharmacy, f.refunds, f.net]}
          rows={answer.revenueByMode.map((r) => [texts.modes[r.mode] ?? r.mode, money(r.fees), money(r.pharmacy), money(r.refunds), money(r.net)])}
        />
      </View>
      <View
        name={texts.views.utilisation}
        file={file('utilisation')}
        csv={() => [[texts.columns.doctor, 'availableMinutes', 'bookedMinutes', 'share'], ...answer.utilisation.map((u) => [u.name, u.availableMinutes, u.bookedMinutes, u.share])]}
        chart={
          <Chart
            kind="bar"
            name={texts.chartLabel(texts.views.utilisation)}
            labels={answer.utilisation.map((u) => u.name)}
            format={(v) => pct.format(v)}
            series={[{ label: texts.columns.share, values: answer.utilisation.map((u) => u.share) }]}
          />
        }
      >
        <Table
          caption={texts.views.utilisation}
          head={[texts.columns.doctor, texts.columns.available, texts.columns.bookedHours, texts.columns.share]}
          rows={answer.utilisation.map((u) => [u.name, n.format(u.availableMinutes / 60), n.format(u.bookedMinutes / 60), u.share === null ? '–' : pct.format(u.share)])}
        />
      </View>
      <View
        name={texts.views.leadTime}
        file={file('lead-time')}
        csv={() => [[texts.columns.band, texts.columns.count], ...leadTimeBands.map((b) => [b, current.leadTime.bands[b]])]}
        chart={
          <Chart
            kind="bar"
            name={texts.chartLabel(texts.views.leadTime)}
            labels={leadTimeBands.map((b) => texts.bands[b] ?? b)}
            series={[{ label: texts.columns.count, values: leadTimeBands.map((b) => current.leadTime.bands[b]) }]}
          />
        }
      >
        <Table caption={texts.views.leadTime} head={[texts.columns.band, texts.columns.count]} rows={leadTimeBands.map((b) => [texts.bands[b] ?? b, num(current.leadTime.bands[b])])} />
      </View>
      <View name={texts.views.byLocation} file={file('locations')} csv={() => breakdownCsv(answer.byLocation, locationName)}>
        <Table caption={texts.views.byLocation} head={countsHead} rows={breakdownRows(answer.byLocation, locationName)} />
      </View>
      <View name={texts.views.byDoctor} file={file('doctors')} csv={() => breakdownCsv(answer.byDoctor, (r) => r.name)}>
        <Table caption={texts.views.byDoctor} head={countsHead} rows={breakdownRows(answer.byDoctor, (r) => r.name)} />
      </View>
      <View name={texts.views.byType} file={file('types')} csv={() => breakdownCsv(answer.byType, typeName)}>
        <Table caption={texts.views.byType} head={countsHead} rows={breakdownRows(answer.byType, typeName)} />
      </View>
    </div>
  );
}
