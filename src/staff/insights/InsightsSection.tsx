/**
 * /staff/insights, the owner's view (docs/insights.md): a period (this month unless chosen), its
 * bucket size, location, doctor and type; the summary against the previous period; each view a
 * chart with its numbers as a table beside it and a CSV of those numbers. Admins see the clinic;
 * a doctor their own figures (the server limits them). Loaded lazily by StaffShell.tsx, with the
 * chart library: no other route fetches either.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { clinicToday } from '../../../contract/clinicTime';
import type { InsightsAnswer } from '../../../contract/insights';
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
import { useInsightsMessages } from '../../i18n/insightsMessages';
import { useStaff } from '../StaffContext';
import { liveLoadInsights } from './api';
import { presetPeriod, presets, type Preset } from './period';
import './insights.css';
import { Views } from './views';

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

