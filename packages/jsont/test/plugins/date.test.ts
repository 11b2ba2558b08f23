import { describe, expect, it } from 'vitest';
import { strftime } from '../../src/plugins/date/date.js';
import { datePlugin } from '../../src/plugins/date/index.js';
import { weekOfYear } from '../../src/plugins/date/week.js';
import { check, fakeContext, run } from './i18n-context.js';

const F = datePlugin.formatters!;
const P = datePlugin.predicates!;
const NY = fakeContext();

describe('date (strftime)', () => {
  const ts = 1613597165345;
  it('formats in the website time zone (f-date-1, f-date-2)', () => {
    expect(strftime(ts, 'Asia/Tokyo', '%c|%z|%Z|%j|%U|%W|%V|%G|%N|%k|%v')).toBe(
      'Thu, Feb 18, 2021 6:26:05 AM JST|+09:00|JST|049|08|08|07|2021|345000000| 6|18-Feb-2021',
    );
    expect(strftime(ts, 'America/New_York', '%c|%D|%x|%X|%r|%R|%T|%u|%w|%q|%s|%P')).toBe(
      'Wed, Feb 17, 2021 4:26:05 PM EST|02/17/21|02/17/2021|04:26:05 PM|4:26:05 PM|16:26|16:26:05|3|3|1|1613597165|pm',
    );
  });
  it('keeps %% and literal text (f-date-3)', () => {
    expect(run(F.date, NY, ['%Y', '%%', '%d'], ts)).toBe('2021 % 17');
    expect(run(F.date, NY, ['%Y-%m-%d', '%H:%M:%S', '%Z'], ts)).toBe('2021-02-17 16:26:05 EST');
  });
  it('renders invalid or missing dates empty', () => {
    expect(run(F.date, NY, ['%Y'], 'soon')).toBe('');
    expect(run(F.date, NY, ['%Y'], undefined)).toBe('');
  });
  it('reports an error outside the Julian day range 0 to 4881503', () => {
    const ctx = fakeContext();
    expect(run(F.date, ctx, ['%Y'], 8.64e15)).toBe('');
    expect(ctx.errors).toHaveLength(1);
    expect(ctx.errors[0].type).toBe('FORMATTER_FAILED');
  });
  it('numbers ISO weeks from Monday with a 4-day first week', () => {
    // 2021-01-01 was a Friday: ISO week 53 of 2020.
    expect(weekOfYear(2021, 0, 5, 1, 4)).toEqual({ week: 53, year: 2020 });
    // 2024-12-30 was a Monday: ISO week 1 of 2025.
    expect(weekOfYear(2024, 364, 1, 1, 4)).toEqual({ week: 1, year: 2025 });
  });
});

describe('datetime', () => {
  const t = 1582571080000;
  it.each([
    [[], 'February 24, 2020'],
    [['short'], '2/24/20, 2:04\u202fPM'],
    [['long'], 'February 24, 2020 at 2:04:40\u202fPM EST'],
    [['full'], 'Monday, February 24, 2020 at 2:04:40\u202fPM Eastern Standard Time'],
    [['date:full', 'time:short'], 'Monday, February 24, 2020 at 2:04\u202fPM'],
    [['skeleton:yMMMEEEd'], 'Mon, Feb 24, 2020'],
    [['skeleton:Bh'], '2 in the afternoon'],
    [['date:yMd', 'time:hm'], '2/24/2020, 2:04\u202fPM'],
    [['date:medium', 'time:hm', 'wrap:full'], 'Feb 24, 2020 at 2:04\u202fPM'],
  ])('%j (f-datetime-1)', (args, out) => {
    expect(run(F.datetime, NY, args, t)).toBe(out);
  });
  it('uses other calendars (f-datetime-2)', () => {
    const ja = fakeContext({ locale: 'ja' });
    expect(run(F.datetime, ja, ['date:full', 'calendar:japanese'], 1520751625000)).toBe(
      '平成30年3月11日日曜日',
    );
  });
  it('datetimefield prints the fields its skeleton names, nothing without an instant (f-missing-1)', () => {
    expect(run(F.datetimefield, NY, ['EEEE'], t)).toBe('Monday');
    expect(run(F.datetimefield, NY, ['yMMM'], t)).toBe('Feb 2020');
    expect(run(F.datetimefield, NY, ['EEEE'], {})).toBe('');
    expect(run(F.datetimefield, NY, [], t)).toBe('');
  });
});

describe('datetime-interval', () => {
  // ICU's current data: thin spaces around the dash, a narrow no-break space before AM/PM.
  it('picks times within a day and dates across days (f-datetime-interval-1, f-message-7)', () => {
    const f = F['datetime-interval'];
    expect(run(f, NY, [], 1582571080000, 1582591080000)).toBe('2:04\u2009–\u20097:38\u202fPM');
    expect(run(f, NY, [], 1582571080000, 1692591080000)).toBe('Feb 24, 2020\u2009–\u2009Aug 21, 2023');
    expect(run(f, NY, ['yMMM'], 1582571080000, 1692591080000)).toBe('Feb 2020\u2009–\u2009Aug 2023');
    expect(run(f, NY, ['EEE'], 1582663910000, 1583763910000)).toBe(
      'Tue, 3:51\u202fPM\u2009–\u2009Mon, 10:25\u202fAM',
    );
    const la = fakeContext({ timeZone: 'America/Los_Angeles' });
    expect(run(f, la, [], 1502298000000, 1502305200000)).toBe('10:00\u202fAM\u2009–\u200912:00\u202fPM PT');
    expect(run(f, la, ['yMMMd'], 1502298000000, 1502305200000)).toBe('Aug 9, 2017\u2009–\u2009Aug 9, 2017');
  });
});

describe('relative-time and timesince', () => {
  it('measures between two dates or from now (f-relative-time-1)', () => {
    const ctx = fakeContext({ now: 1502298000000 });
    const f = F['relative-time'];
    expect(run(f, ctx, [], 1509647217000, 1510641417000)).toBe('in 12 days');
    expect(run(f, ctx, ['allowWeeks:true'], 1509647217000, 1510641417000)).toBe('in 2 weeks');
    expect(run(f, ctx, ['context:begin-sentence'], 1502305200000)).toBe('In 2 hours');
    expect(run(f, ctx, [], 1502258000000)).toBe('11 hours ago');
    expect(run(f, ctx, [], 'x')).toBe('Invalid date.');
  });
  it("reads 'about N units ago' (f-timesince-1)", () => {
    const ctx = fakeContext({ now: 1627849845000 });
    expect(run(F.timesince, ctx, [], -607001400000)).toBe(
      '<span class="timesince" data-date="-607001400000">about 70 years ago</span>',
    );
    expect(run(F.timesince, ctx, [], 1577987019000)).toContain('>about a year ago<');
    expect(run(F.timesince, ctx, [], 1627849845000 - 30_000)).toContain('>less than a minute ago<');
    // Spec §8 and the reference: the bare text, no span for a script to refresh.
    expect(run(F.timesince, ctx, [], 'x')).toBe('Invalid date.');
    expect(run(F.timesince, ctx, [], { iso: '2026-01-01' })).toBe('Invalid date.');
  });
  it('humanizes durations (f-humanize-duration-1)', () => {
    expect(run(F.humanizeDuration, NY, [], 125000)).toBe('2:05');
    expect(run(F.humanizeDuration, NY, [], 3_725_000)).toBe('1:02:05');
  });
});

describe('date predicates', () => {
  it('same-day? compares year and day in the website zone (p-same-day-1)', () => {
    const node = (endDate: number) => fakeContext({ node: { startDate: 1384518630000, endDate } });
    expect(check(P['same-day?'], node(1384515030000))).toBe(true);
    expect(check(P['same-day?'], node(1384432230000))).toBe(false);
    expect(check(P['same-day?'], node(1384605030000))).toBe(false);
  });
  it('show-past-events? and calendar-view?', () => {
    expect(check(P['show-past-events?'], fakeContext({ node: { showPastOrUpcomingEvents: 'past' } }))).toBe(
      true,
    );
    expect(
      check(P['show-past-events?'], fakeContext({ node: { showPastOrUpcomingEvents: 'upcoming' } })),
    ).toBe(false);
    expect(check(P['calendar-view?'], fakeContext({ node: { calendarView: true } }))).toBe(true);
    expect(check(P['calendar-view?'], fakeContext({ node: { foo: 0 } }))).toBe(false);
  });
});
