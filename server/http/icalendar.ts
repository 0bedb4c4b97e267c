import { DAY_MS } from '../../src/domain/durations';
/*
 * A small RFC 5545 (iCalendar) writer for the match calendars (issue 25): one VCALENDAR of all-day VEVENTs. Text is
 * escaped (backslash, semicolon, comma, newline), lines end with CRLF and are folded at 75 octets without cutting a
 * UTF-8 character in two (a continuation line starts with one space).
 */

export interface CalendarEvent {
  /** Globally unique and stable: the same match keeps it, so a subscribed calendar updates the event in place. */
  uid: string;
  /** The day the event covers, as a UTC calendar date (midnight UTC of that day). */
  day: number;
  summary: string;
  description: string;
  url: string;
  /** When the match last changed. */
  lastModified: number;
}

export interface Calendar {
  name: string;
  description: string;
  /** When the feed was made (DTSTAMP: with METHOD:PUBLISH it is the object's creation time, RFC 5545 §3.8.7.2). */
  stamp: number;
  events: CalendarEvent[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const date = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
};
const dateTime = (ms: number) => {
  const d = new Date(ms);
  return `${date(ms)}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
};

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n, other controls dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((c) => (c >= ' ' ? c !== '\u007f' : c === '\t'))
    .join('');
}

/** One content line folded at 75 octets (RFC 5545 §3.1), CRLF-terminated. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation line 74 after its leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ') + '\r\n';
}

/** A URI value: no line breaks (it is not TEXT, so nothing else is escaped). */
const uri = (value: string) => value.replace(/[\r\n]/g, '');

export function writeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clutch//Match calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const e of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${dateTime(calendar.stamp)}`,
      `LAST-MODIFIED:${dateTime(e.lastModified)}`,
      `DTSTART;VALUE=DATE:${date(e.day)}`,
      `DTEND;VALUE=DATE:${date(e.day + DAY_MS)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${uri(e.url)}`,
      // A deadline, not a booking: the day stays free in the reader's free/busy.
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('');
}
