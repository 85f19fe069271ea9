/**
 * The owner's view's views (InsightsSection.tsx shows them): each its heading, its chart beside
 * its table, and its CSV; the numbers formatted with Intl in the language in use.
 */
import { useId, useMemo, type ReactNode } from 'react';
import type { InsightsAnswer, InsightsBreakdownRow, InsightsSummary } from '../../../contract/insights';
import { leadTimeBands } from '../../../contract/insights';
import { formatClinicDate, formatRupees } from '../../format/format';
import { useInsightsMessages, type InsightsMessages } from '../../i18n/insightsMessages';
import { bucketLabel, numberFormat, percentFormat } from './formats';
import { Chart } from './Chart';
import { saveCsv, type CsvRow } from './csv';

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

/** What every view formats its numbers with. */
function useKit(answer: InsightsAnswer, texts: InsightsMessages) {
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

  return { n, pct, current, previous, file, labels, f, num, money, figures, breakdownRows, breakdownCsv, countsHead, locationName, typeName, series };
}

type ViewProps = { readonly answer: InsightsAnswer; readonly texts: InsightsMessages };

export function Views({ answer, texts }: ViewProps) {
  const { current, previous } = answer;
  return (
    <div className="insights-views">
      <p className="staff-field__hint">
        {texts.intro(formatClinicDate(current.from), formatClinicDate(current.to), formatClinicDate(previous.from), formatClinicDate(previous.to))}
      </p>
      {[SummaryView, ConsultationsView, MoneyView, RevenueView, UtilisationView, LeadTimeView, BreakdownViews].map((Shown) => (
        <Shown key={Shown.name} answer={answer} texts={texts} />
      ))}
    </div>
  );
}

function SummaryView({ answer, texts }: ViewProps) {
  const { n, pct, current, previous, file, money, figures } = useKit(answer, texts);
  return (
    <>
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
    </>
  );
}

function ConsultationsView({ answer, texts }: ViewProps) {
  const { file, labels, f, num, series } = useKit(answer, texts);
  return (
    <>
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
    </>
  );
}

function MoneyView({ answer, texts }: ViewProps) {
  const { n, file, labels, f, money, series } = useKit(answer, texts);
  return (
    <>
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
    </>
  );
}

function RevenueView({ answer, texts }: ViewProps) {
  const { n, file, f, money } = useKit(answer, texts);
  return (
    <>
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
    </>
  );
}

function UtilisationView({ answer, texts }: ViewProps) {
  const { n, pct, file } = useKit(answer, texts);
  return (
    <>
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
    </>
  );
}

function LeadTimeView({ answer, texts }: ViewProps) {
  const { current, file, num } = useKit(answer, texts);
  return (
    <>
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
    </>
  );
}

function BreakdownViews({ answer, texts }: ViewProps) {
  const { file, breakdownRows, breakdownCsv, countsHead, locationName, typeName } = useKit(answer, texts);
  return (
    <>
      <View name={texts.views.byLocation} file={file('locations')} csv={() => breakdownCsv(answer.byLocation, locationName)}>
        <Table caption={texts.views.byLocation} head={countsHead} rows={breakdownRows(answer.byLocation, locationName)} />
      </View>
      <View name={texts.views.byDoctor} file={file('doctors')} csv={() => breakdownCsv(answer.byDoctor, (r) => r.name)}>
        <Table caption={texts.views.byDoctor} head={countsHead} rows={breakdownRows(answer.byDoctor, (r) => r.name)} />
      </View>
      <View name={texts.views.byType} file={file('types')} csv={() => breakdownCsv(answer.byType, typeName)}>
        <Table caption={texts.views.byType} head={countsHead} rows={breakdownRows(answer.byType, typeName)} />
      </View>
    </>
  );
}
