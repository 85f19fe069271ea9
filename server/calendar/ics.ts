/**
 * iCalendar (RFC 5545) text for one event: what "Add to calendar" downloads and the booking
 * confirmation mail carries. Small enough not to need a library:
 * - lines end with CRLF and are folded at 75 octets (UTF-8), never inside a character (3.1);
 * - TEXT values escape backslash, semicolon, comma and newlines (3.3.11);
 * - times are UTC (`...Z`, 3.3.5 form 2), so no VTIMEZONE is needed and every calendar shows the
 *   event at the right moment in its own zone; the description says the clinic time in words.
 */

export interface CalendarEvent {
  /** Globally unique and stable for the event: a new file with the same UID updates it. */
  uid: string;
  start: Date;
  end: Date;
  /** When this file was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  url?: string;
  /** Minutes before the start at which calendars remind; none when absent. */
  alarmMinutes?: number;
}

export const calendarContentType = 'text/calendar; charset=utf-8; method=PUBLISH';

export const productId = '-//Sahaj Homeopathy Clinic//Clinic portal//EN';

/** 20250311T053000Z */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** One content line, folded into lines of at most 75 octets; continuations start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space of a continuation counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A VEVENT's lines. */
function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    ...(event.alarmMinutes !== undefined
      ? ['BEGIN:VALARM', 'ACTION:DISPLAY', `TRIGGER:-PT${event.alarmMinutes}M`, `DESCRIPTION:${icsText(event.summary)}`, 'END:VALARM']
      : []),
    'END:VEVENT',
  ];
}

/** A VCALENDAR with one VEVENT per event (a follow-up course's visits in one file), ready to serve or attach. */
export function icsCalendarOf(events: readonly CalendarEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${productId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...events.flatMap(eventLines), 'END:VCALENDAR'];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A VCALENDAR with one VEVENT, ready to serve or attach. */
export function icsCalendar(event: CalendarEvent): string {
  return icsCalendarOf([event]);
}
