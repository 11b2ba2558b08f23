import { describe, expect, it } from 'vitest';
import {
  calendarEventUrl,
  compactUtc,
  epochToZonedWallTime,
  eventDays,
  eventIcs,
  isMappedLocation,
  isSameDayEvent,
  isUpcomingEvent,
  monthGrid,
  parseMonth,
  shiftMonth,
  splitEvents,
  zonedWallTimeToEpoch,
} from '../src/index.js';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

describe('same-day rule (spec §5)', () => {
  it('is same-day when start and end fall on one day of the site zone', () => {
    expect(
      isSameDayEvent({ startDate: at('2026-12-05T14:00:00Z'), endDate: at('2026-12-05T22:00:00Z') }, NY),
    ).toBe(true);
  });
  it('reads the day in the site zone, not UTC', () => {
    // 19:00 to 23:30 in New York is 00:00–04:30 UTC the next day: still one New York day.
    const e = { startDate: at('2026-12-05T23:00:00Z'), endDate: at('2026-12-06T04:30:00Z') };
    expect(isSameDayEvent(e, NY)).toBe(true);
    expect(isSameDayEvent(e, 'UTC')).toBe(false);
  });
  it('needs the same year too', () => {
    const e = { startDate: at('2025-12-05T15:00:00Z'), endDate: at('2026-12-05T16:00:00Z') };
    expect(isSameDayEvent(e, NY)).toBe(false);
  });
});

describe('upcoming and past (spec §4)', () => {
  const now = at('2026-11-26T12:00:00Z');
  const e = (id: string, start: string, end: string) => ({ id, startDate: at(start), endDate: at(end) });
  it('is upcoming while the start or the end is in the future', () => {
    expect(isUpcomingEvent(e('a', '2026-11-27T00:00:00Z', '2026-11-27T02:00:00Z'), now)).toBe(true);
    expect(isUpcomingEvent(e('b', '2026-11-25T00:00:00Z', '2026-11-27T00:00:00Z'), now)).toBe(true);
    expect(isUpcomingEvent(e('c', '2026-11-25T00:00:00Z', '2026-11-26T12:00:00Z'), now)).toBe(false);
  });
  it('lists upcoming soonest first and past newest first', () => {
    const events = [
      e('later', '2027-01-10T00:00:00Z', '2027-01-10T02:00:00Z'),
      e('old', '2026-01-10T00:00:00Z', '2026-01-10T02:00:00Z'),
      e('soon', '2026-12-01T00:00:00Z', '2026-12-01T02:00:00Z'),
      e('recent', '2026-11-01T00:00:00Z', '2026-11-01T02:00:00Z'),
      e('running', '2026-11-20T00:00:00Z', '2026-11-30T00:00:00Z'),
    ];
    const { upcoming, past } = splitEvents(events, now);
    expect(upcoming.map((x) => x.id)).toEqual(['running', 'soon', 'later']);
    expect(past.map((x) => x.id)).toEqual(['recent', 'old']);
  });
  it('moves an event to past once the clock passes its end', () => {
    const ev = e('x', '2026-11-26T13:00:00Z', '2026-11-26T14:00:00Z');
    expect(splitEvents([ev], now).upcoming).toHaveLength(1);
    expect(splitEvents([ev], at('2026-11-26T14:00:01Z')).past).toHaveLength(1);
  });
});

describe('calendar link (spec §7)', () => {
  const event = {
    title: 'Winter market & open studio',
    startDate: at('2026-12-05T15:00:00Z'),
    endDate: at('2026-12-05T21:30:00Z'),
  };
  it('puts dates in compact UTC start/end', () => {
    expect(compactUtc(event.startDate)).toBe('20261205T150000Z');
    const url = new URL(calendarEventUrl(event));
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Winter market & open studio');
    expect(url.searchParams.get('dates')).toBe('20261205T150000Z/20261205T213000Z');
    expect(url.searchParams.has('location')).toBe(false);
  });
  it('adds the address lines and country when there is a location', () => {
    const url = new URL(
      calendarEventUrl({
        ...event,
        location: { addressLine1: '12 Mill St', addressLine2: 'Hudson, NY', addressCountry: 'United States' },
      }),
    );
    expect(url.searchParams.get('location')).toBe('12 Mill St, Hudson, NY, United States');
    expect(calendarEventUrl(event)).not.toContain('+');
  });
});

describe('map rule (spec §5)', () => {
  it('maps only with both latitude and longitude', () => {
    expect(isMappedLocation({ mapLat: 42.25, mapLng: -73.79 })).toBe(true);
    expect(isMappedLocation({ mapLat: 0, mapLng: 0 })).toBe(true);
    expect(isMappedLocation({ mapLat: 42.25 })).toBe(false);
    expect(isMappedLocation(null)).toBe(false);
  });
});

describe('month grid', () => {
  it('fills whole weeks from Monday', () => {
    const weeks = monthGrid({ year: 2026, month: 12 });
    // December 1, 2026 is a Tuesday: Monday November 30 leads the first week.
    expect(weeks[0][0]).toEqual({ date: '2026-11-30', day: 30, inMonth: false });
    expect(weeks[0][1]).toEqual({ date: '2026-12-01', day: 1, inMonth: true });
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(31);
    expect(weeks.at(-1)!.at(-1)!.date).toBe('2027-01-03');
  });
  it('reads and moves months', () => {
    expect(parseMonth('2026-12')).toEqual({ year: 2026, month: 12 });
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('26-1')).toBeNull();
    expect(parseMonth(null)).toBeNull();
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });
  it('places an event on each of its days in the site zone', () => {
    expect(
      eventDays({ startDate: at('2026-12-30T23:00:00Z'), endDate: at('2027-01-02T01:00:00Z') }, NY),
    ).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});

describe('site-zone wall time', () => {
  it('reads a datetime-local value in the site zone and back', () => {
    expect(zonedWallTimeToEpoch('2026-12-05T10:00', NY)).toBe(at('2026-12-05T15:00:00Z'));
    expect(zonedWallTimeToEpoch('2026-07-05T10:00', NY)).toBe(at('2026-07-05T14:00:00Z'));
    expect(epochToZonedWallTime(at('2026-12-05T15:00:00Z'), NY)).toBe('2026-12-05T10:00');
    expect(zonedWallTimeToEpoch('2026-02-30T10:00', NY)).toBeNaN();
    expect(zonedWallTimeToEpoch('nonsense', NY)).toBeNaN();
  });
});

describe('.ics', () => {
  it('is one VEVENT with escaped text and UTC times', () => {
    const ics = eventIcs(
      {
        uid: 'ci_1@example.com',
        title: 'Market; open, studio',
        url: 'https://example.com/events/market',
        startDate: at('2026-12-05T15:00:00Z'),
        endDate: at('2026-12-05T21:30:00Z'),
        location: { addressLine1: '12 Mill St', mapLat: 42.25, mapLng: -73.79 },
      },
      at('2026-11-26T12:00:00Z'),
      'Storefront',
    );
    expect(ics).toContain('SUMMARY:Market\\; open\\, studio\r\n');
    expect(ics).toContain('DTSTART:20261205T150000Z\r\n');
    expect(ics).toContain('DTEND:20261205T213000Z\r\n');
    expect(ics).toContain('LOCATION:12 Mill St\r\n');
    expect(ics).toContain('GEO:42.25;-73.79\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
});
