/**
 * Event rules (spec §3 Event and Location, §4 "Events: can be shown as past or upcoming", §5 the
 * same-day rule, §7 the calendar outbound link): pure, shared by the server, the owner's area
 * and tests. Times are ms since epoch; days are read in the site's time zone.
 */

/** Events per page of an upcoming or past list (the spec gives no number). */
export const EVENT_PAGE_SIZE = 10;

/** The views of an events collection: `?view=` of its page (upcoming when absent). */
export const EVENT_VIEWS = ['upcoming', 'past', 'calendar'] as const;
export type EventView = (typeof EVENT_VIEWS)[number];

/** Latitude and longitude ranges of spec §3 Location mapLat, mapLng. */
export const LATITUDE_RANGE = [-90, 90] as const;
export const LONGITUDE_RANGE = [-180, 180] as const;

export const EVENT_MESSAGES = {
  startRequired: 'Choose when the event starts.',
  endRequired: 'Choose when the event ends.',
  endBeforeStart: 'The event cannot end before it starts.',
  latitude: `Latitude must be between ${LATITUDE_RANGE[0]} and ${LATITUDE_RANGE[1]}.`,
  longitude: `Longitude must be between ${LONGITUDE_RANGE[0]} and ${LONGITUDE_RANGE[1]}.`,
  eventOnly: 'Only items of an events collection have event dates.',
  eventRequired: 'An event needs its start and end.',
} as const;

/** Spec §3 Location. */
export interface EventLocation {
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

/** Spec §3 Event. */
export interface EventTimes {
  startDate: number;
  endDate: number;
}

/** A day as 'YYYY-MM-DD' on the calendar of `timeZone`. */
export function zonedDay(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Spec §5: a same-day event has start and end in the same year and day (in the site's zone). */
export function isSameDayEvent(event: EventTimes, timeZone: string): boolean {
  return zonedDay(event.startDate, timeZone) === zonedDay(event.endDate, timeZone);
}

/** Spec §4: an event is upcoming while its start or its end is still in the future; past after. */
export function isUpcomingEvent(event: EventTimes, now: number): boolean {
  return event.startDate > now || event.endDate > now;
}

/** Upcoming events soonest first; past events newest first (the latest to end at the top). */
export function splitEvents<T extends EventTimes & { id: string }>(
  events: readonly T[],
  now: number,
): { upcoming: T[]; past: T[] } {
  const upcoming = events
    .filter((e) => isUpcomingEvent(e, now))
    .sort((a, b) => a.startDate - b.startDate || a.endDate - b.endDate || a.id.localeCompare(b.id));
  const past = events
    .filter((e) => !isUpcomingEvent(e, now))
    .sort((a, b) => b.endDate - a.endDate || b.startDate - a.startDate || a.id.localeCompare(b.id));
  return { upcoming, past };
}

/** A location is mapped only with both latitude and longitude (spec §5). */
export function isMappedLocation(location: EventLocation | null | undefined): boolean {
  return typeof location?.mapLat === 'number' && typeof location?.mapLng === 'number';
}

/** The address lines and country of a location, joined: what the calendar link carries. */
export function locationText(location: EventLocation | null | undefined): string {
  return [location?.addressLine1, location?.addressLine2, location?.addressCountry]
    .map((s) => s?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

/** Compact UTC form of spec §7, e.g. 20261205T190000Z. */
export function compactUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]|\.\d+/g, '');
}

/**
 * Spec §7 outbound link: a calendar event with text (title), dates as compact UTC start/end and,
 * when there is one, the location (address lines and country).
 */
export function calendarEventUrl(
  event: EventTimes & { title: string; location?: EventLocation | null },
): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(event.startDate)}/${compactUtc(event.endDate)}`,
  });
  const where = locationText(event.location);
  if (where) params.set('location', where);
  return `https://www.google.com/calendar/event?${params.toString().replace(/\+/g, '%20')}`;
}

/** RFC 5545 text: backslash, semicolon and comma escaped, line breaks as \n. */
function icsText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** RFC 5545 lines fold at 75 octets; continuation lines start with a space. */
function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** An .ics file of one event (RFC 5545 VEVENT), for calendars other than the linked one. */
export function eventIcs(
  event: EventTimes & {
    uid: string;
    title: string;
    url: string;
    description?: string;
    location?: EventLocation | null;
  },
  stampedAt: number,
  productId: string,
): string {
  const where = locationText(event.location);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(productId)}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${compactUtc(stampedAt)}`,
    `DTSTART:${compactUtc(event.startDate)}`,
    `DTEND:${compactUtc(event.endDate)}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(where ? [`LOCATION:${icsText(where)}`] : []),
    ...(isMappedLocation(event.location) ? [`GEO:${event.location!.mapLat};${event.location!.mapLng}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A month of the calendar view, 'YYYY-MM'. */
export interface CalendarMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const monthKey = (m: CalendarMonth) => `${m.year}-${pad(m.month)}`;

/** `?month=2026-12` read; null when it is not a month between years 1970 and 9999. */
export function parseMonth(text: string | null | undefined): CalendarMonth | null {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return year >= 1970 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** The month `delta` months from `m`. */
export function shiftMonth(m: CalendarMonth, delta: number): CalendarMonth {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month that holds `ms` in the site's zone. */
export function monthOf(ms: number, timeZone: string): CalendarMonth {
  const [year, month] = zonedDay(ms, timeZone).split('-').map(Number);
  return { year, month };
}

export interface CalendarCell {
  /** 'YYYY-MM-DD'. */
  date: string;
  day: number;
  inMonth: boolean;
}

/**
 * The weeks of a month's calendar, Monday first (spec §9: the ISO week starts on day 2, Monday):
 * whole weeks, with the days of the months before and after that fill the first and last.
 */
export function monthGrid(m: CalendarMonth): CalendarCell[][] {
  const first = Date.UTC(m.year, m.month - 1, 1);
  const days = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const cells = Math.ceil((lead + days) / 7) * 7;
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells; i++) {
    const d = new Date(first + (i - lead) * 86_400_000);
    const cell = {
      date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
      day: d.getUTCDate(),
      inMonth: d.getUTCMonth() === m.month - 1,
    };
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push(cell);
  }
  return weeks;
}

/** The days ('YYYY-MM-DD', site's zone) an event is on, from its start's day to its end's. */
export function eventDays(event: EventTimes, timeZone: string): string[] {
  const start = zonedDay(event.startDate, timeZone);
  const end = zonedDay(event.endDate, timeZone);
  const out: string[] = [];
  let t = Date.parse(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  for (; t <= last; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The offset (ms) of `timeZone` from UTC at the instant `ms`. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * A wall-clock time of the site's zone ('YYYY-MM-DDTHH:mm', a datetime-local input's value) as
 * an instant; NaN when it is not one. A time skipped by a clock change reads as the next hour.
 */
export function zonedWallTimeToEpoch(text: string, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(wall).getUTCMonth() !== mo - 1 || h > 23 || mi > 59) return Number.NaN;
  // Two passes settle on the zone's offset at that time (once near a clock change).
  let guess = wall - zoneOffset(wall, timeZone);
  guess = wall - zoneOffset(guess, timeZone);
  return guess;
}

/** An instant as the site's wall-clock time, 'YYYY-MM-DDTHH:mm' (a datetime-local input's value). */
export function epochToZonedWallTime(ms: number, timeZone: string): string {
  const local = new Date(ms + zoneOffset(ms, timeZone));
  return local.toISOString().slice(0, 16);
}
