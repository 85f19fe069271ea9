/**
 * The date strip: the coming days of the chosen doctor at the chosen clinic (or online)
 * two weeks at a time, each with how many times are free; days with nothing free are marked and
 * cannot be chosen. A native radio group (arrow keys move between the days that can be chosen,
 * the browser's own behaviour), with a polite live line saying which days are shown and the next
 * free time. The date input of the spec stays below it (BookingForm).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { bookingMachine, selectChoices, selectStrip, selectStripStatus } from '../../../machines/booking/bookingMachine';
import { availabilityWindowDays } from '../../../contract/availability';
import { nextPageFrom, previousPageFrom } from '../../../machines/availability/availabilityMachine';
import { useMessages } from '../../i18n/messages';
import { formatStripDay, stripDayParts } from './availabilityFormat';

type BookingActor = ActorRefFrom<typeof bookingMachine>;

type StripDay = NonNullable<ReturnType<typeof selectStrip>>['days'][number];

/** One day of the strip: a radio saying the day and how many times are free; a full day cannot be chosen. */
function StripDayOption({ actor, day, today, name, checked }: { actor: BookingActor; day: StripDay; today: string; name: string; checked: boolean }) {
  const { availability: a } = useMessages();
  const parts = stripDayParts(day.date);
  const label = day.onLeave ? a.dayLeave : !day.works ? a.dayClosed : day.free === 0 ? a.dayFull : a.dayFree(day.free);
  const off = day.free === 0;
  return (
    <label className={`date-strip__day${off ? ' date-strip__day--off' : ''}`}>
      <input
        type="radio"
        name={name}
        value={day.date}
        checked={checked}
        disabled={off}
        aria-label={`${formatStripDay(day.date)}${day.date === today ? ` (${a.today})` : ''}: ${label}`}
        onChange={() => actor.send({ type: 'date.selected', date: day.date })}
      />
      <span className="date-strip__weekday" aria-hidden="true">
        {day.date === today ? a.today : parts.weekday}
      </span>
      <span className="date-strip__date" aria-hidden="true">
        {parts.day}
      </span>
      <span className="date-strip__count" aria-hidden="true">
        {label}
      </span>
    </label>
  );
}

export function DateStrip({ actor, today, disabled }: { actor: BookingActor; today: string; disabled: boolean }) {
  const { availability: a, booking } = useMessages();
  const id = useId();
  const strip = useSelector(actor, selectStrip);
  const status = useSelector(actor, selectStripStatus);
  const choices = useSelector(actor, selectChoices);

  if (status === 'failed') {
    return (
      <p role="status" className="booking__problem">
        {a.failed}{' '}
        <button type="button" className="button button--small" onClick={() => actor.send({ type: 'availability.retry' })}>
          {booking.tryAgain}
        </button>
      </p>
    );
  }
  // A strip of another doctor or place than the one chosen is not shown.
  const current = strip !== null && strip.doctorEmail === choices.doctorEmail && strip.location === (choices.location ?? null);
  if (!current || strip === null) return status === 'loading' ? <p role="status">{a.loading}</p> : null;

  const earlier = previousPageFrom(strip, today, availabilityWindowDays);
  const later = nextPageFrom(strip);
  const next = strip.next;
  const nextText =
    next === null
      ? a.noneFree
      : next.location !== '' && next.location !== strip.location
        ? a.nextAvailableAt(`${formatStripDay(next.date)}, ${next.time}`, next.location)
        : a.nextAvailable(`${formatStripDay(next.date)}, ${next.time}`);

  return (
    <fieldset className="date-strip" disabled={disabled} aria-busy={status === 'loading'}>
      <legend>{a.stripLegend}</legend>
      <p className="date-strip__status" aria-live="polite">
        {a.stripShowing(formatStripDay(strip.from), formatStripDay(strip.to))}. {nextText}
      </p>
      <div className="date-strip__row">
        <button
          type="button"
          className="date-strip__page"
          aria-label={a.earlier}
          title={a.earlier}
          disabled={earlier === null || status === 'loading'}
          onClick={() => earlier !== null && actor.send({ type: 'availability.page', from: earlier })}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <div className="date-strip__days">
          {strip.days.map((day) => (
            <StripDayOption key={day.date} actor={actor} day={day} today={today} name={`${id}-day`} checked={choices.date === day.date} />
          ))}
        </div>
        <button
          type="button"
          className="date-strip__page"
          aria-label={a.later}
          title={a.later}
          disabled={later === null || status === 'loading'}
          onClick={() => later !== null && actor.send({ type: 'availability.page', from: later })}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </fieldset>
  );
}
