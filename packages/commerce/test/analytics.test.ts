import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_ID_MS,
  analyticsCookiesAllowed,
  analyticsEligible,
  analyticsIdentifier,
  formatVisitorCookie,
  nextVisit,
  pageCounted,
  parseConsent,
  parseVisitCookie,
  parseVisitorCookie,
  userCounted,
  VISIT_COOKIE_MS,
  VISITOR_COOKIE_MS,
  vitalBand,
} from '../src/analytics.js';
import { cutStack, ErrorReportThrottle, trackerFailureMessage } from '../src/error-reports.js';

const T0 = 1_700_000_000_000;
const ids = () => {
  let n = 0;
  return () => `v${++n}`;
};

describe('visitor cookie (spec §3, §5)', () => {
  it('reads an id and four positive integers, the last the visit count', () => {
    expect(parseVisitorCookie('abc|1|2|3|4')).toEqual({
      id: 'abc',
      firstVisit: 1,
      previousVisit: 2,
      currentVisit: 3,
      visitCount: 4,
    });
    expect(formatVisitorCookie(parseVisitorCookie('abc|1|2|3|4')!)).toBe('abc|1|2|3|4');
  });

  it.each([
    ['', 'empty'],
    ['abc|1|2|3', 'four parts'],
    ['abc|1|2|3|4|5', 'six parts'],
    ['|1|2|3|4', 'no id'],
    ['abc|0|2|3|4', 'a zero'],
    ['abc|1|-2|3|4', 'a negative'],
    ['abc|1|2.5|3|4', 'a fraction'],
    ['abc|1|2|3|x', 'a word for the count'],
    ['abc|01|2|3|4', 'a leading zero'],
    ['a b|1|2|3|4', 'a space in the id'],
    ['abc|1|2|3|99999999999999999', 'an unsafe integer'],
  ])('treats %j as absent (%s)', (value) => {
    expect(parseVisitorCookie(value)).toBeNull();
  });

  it('treats a missing cookie as absent', () => {
    expect(parseVisitorCookie(undefined)).toBeNull();
    expect(parseVisitorCookie(null)).toBeNull();
  });
});

describe('visit cookie (spec §5)', () => {
  it('must be a positive integer', () => {
    expect(parseVisitCookie('1700000000000')).toBe(1_700_000_000_000);
    for (const bad of ['0', '-5', '1.5', 'soon', '', undefined, null])
      expect(parseVisitCookie(bad)).toBeNull();
  });
});

describe('visit transitions (spec §4) with the clock', () => {
  it('makes a new visitor id on the first visit, visit count 1', () => {
    const s = nextVisit(undefined, undefined, T0, ids());
    expect(s.newVisit).toBe(true);
    expect(s.visitor).toEqual({
      id: 'v1',
      firstVisit: T0,
      previousVisit: T0,
      currentVisit: T0,
      visitCount: 1,
    });
    expect(s.visit).toBe(T0);
  });

  it('a broken visitor cookie starts over as a new visitor', () => {
    const s = nextVisit('junk|1|2', String(T0), T0 + 1000, ids());
    expect(s.visitor.id).toBe('v1');
    expect(s.visitor.visitCount).toBe(1);
  });

  it('within 30 minutes of the last activity the visit goes on', () => {
    const first = nextVisit(undefined, undefined, T0, ids());
    const cookie = formatVisitorCookie(first.visitor);
    const later = T0 + VISIT_COOKIE_MS - 1;
    const s = nextVisit(cookie, String(first.visit), later, ids());
    expect(s.newVisit).toBe(false);
    expect(s.visitor).toEqual(first.visitor);
    expect(s.visit).toBe(later);
  });

  it('each hit slides the 30 minutes forward', () => {
    const first = nextVisit(undefined, undefined, T0, ids());
    const cookie = formatVisitorCookie(first.visitor);
    const a = nextVisit(cookie, String(T0), T0 + 20 * 60_000, ids());
    const b = nextVisit(cookie, String(a.visit), T0 + 40 * 60_000, ids());
    expect(b.newVisit).toBe(false);
  });

  it('an expired visit with the visitor cookie left raises the count and sets a new visit time', () => {
    const first = nextVisit(undefined, undefined, T0, ids());
    const cookie = formatVisitorCookie(first.visitor);
    const at = T0 + VISIT_COOKIE_MS;
    const s = nextVisit(cookie, String(T0), at, ids());
    expect(s.newVisit).toBe(true);
    expect(s.visitor).toEqual({
      id: 'v1',
      firstVisit: T0,
      previousVisit: T0,
      currentVisit: at,
      visitCount: 2,
    });
  });

  it('a visit cookie gone (the browser dropped it after 30 minutes) is a new visit too', () => {
    const s = nextVisit(`v9|${T0}|${T0}|${T0}|3`, undefined, T0 + 5, ids());
    expect(s.newVisit).toBe(true);
    expect(s.visitor.visitCount).toBe(4);
    expect(s.visitor.previousVisit).toBe(T0);
  });

  it('a visit cookie from the future is not trusted', () => {
    const s = nextVisit(`v9|${T0}|${T0}|${T0}|3`, String(T0 + 60_000), T0, ids());
    expect(s.newVisit).toBe(true);
  });

  it('the cookie lifetimes are 2 years and 30 minutes', () => {
    expect(VISITOR_COOKIE_MS).toBe(730 * 86_400_000);
    expect(VISIT_COOKIE_MS).toBe(1_800_000);
  });
});

describe('analytics identifier (spec §9: 390 days)', () => {
  it('keeps a stored identifier until it expires, then makes a new one for 390 days', () => {
    const made = analyticsIdentifier(null, T0, ids());
    expect(made).toEqual({ identifier: { id: 'v1', expires: T0 + ANALYTICS_ID_MS }, renewed: true });
    expect(ANALYTICS_ID_MS).toBe(390 * 86_400_000);
    const stored = JSON.stringify(made.identifier);
    expect(analyticsIdentifier(stored, T0 + ANALYTICS_ID_MS - 1, ids()).renewed).toBe(false);
    const after = analyticsIdentifier(stored, T0 + ANALYTICS_ID_MS, ids());
    expect(after.renewed).toBe(true);
    expect(after.identifier.expires).toBe(T0 + 2 * ANALYTICS_ID_MS);
  });

  it('an unreadable stored value is a new identifier', () => {
    for (const bad of ['{', '"x"', '{"id":"a b","expires":9e15}', '{"id":"a"}'])
      expect(analyticsIdentifier(bad, T0, ids()).renewed).toBe(true);
  });
});

describe('cookie consent (spec §4: cleared under restrictive settings)', () => {
  it('allows analytics cookies without a banner, or once accepted', () => {
    expect(analyticsCookiesAllowed('off', 'unanswered')).toBe(true);
    expect(analyticsCookiesAllowed('banner', 'accepted')).toBe(true);
    expect(analyticsCookiesAllowed('banner', 'unanswered')).toBe(false);
    expect(analyticsCookiesAllowed('banner', 'restrictive')).toBe(false);
    expect(parseConsent('restrictive')).toBe('restrictive');
    expect(parseConsent('yes')).toBe('unanswered');
  });
});

describe('eligibility (spec §6)', () => {
  it('counts anonymous visitors and users whose only role is viewer', () => {
    expect(userCounted(null)).toBe(true);
    expect(userCounted([])).toBe(true);
    expect(userCounted([10])).toBe(true);
    expect(userCounted([1])).toBe(false);
    expect(userCounted([3])).toBe(false);
    expect(userCounted([10, 4])).toBe(false);
  });

  it('never counts the owner area', () => {
    expect(pageCounted({ path: '/config' })).toBe(false);
    expect(pageCounted({ path: '/config/sales/orders' })).toBe(false);
    expect(pageCounted({ path: '/configurator' })).toBe(true);
  });

  it('skips not-found, lock-screen and member-area-denied pages', () => {
    expect(pageCounted({ path: '/x', pageType: 100 })).toBe(false);
    expect(pageCounted({ path: '/x', pageType: 103 })).toBe(false);
    expect(pageCounted({ path: '/x', pageType: 106 })).toBe(false);
    expect(pageCounted({ path: '/x', pageType: 50 })).toBe(true);
  });

  it('skips pages with the census-disable flag', () => {
    expect(pageCounted({ path: '/shop', censusDisabled: true })).toBe(false);
  });

  it('skips page views of /search, not its other events', () => {
    expect(analyticsEligible({ roles: null, path: '/search', event: 'PAGE_VIEW' })).toBe(false);
    expect(analyticsEligible({ roles: null, path: '/search?q=hat', event: 'PAGE_VIEW' })).toBe(false);
    expect(analyticsEligible({ roles: null, path: '/search', event: 'AddToCart' })).toBe(true);
    expect(analyticsEligible({ roles: null, path: '/shop', event: 'PAGE_VIEW' })).toBe(true);
    expect(analyticsEligible({ roles: [1], path: '/shop', event: 'PAGE_VIEW' })).toBe(false);
  });
});

describe('web vitals bands (spec §9)', () => {
  it('good up to the first threshold, poor above the second', () => {
    expect(vitalBand('LCP', 2500)).toBe('good');
    expect(vitalBand('LCP', 2501)).toBe('needs-improvement');
    expect(vitalBand('LCP', 4000)).toBe('needs-improvement');
    expect(vitalBand('LCP', 4001)).toBe('poor');
    expect(vitalBand('CLS', 0.1)).toBe('good');
    expect(vitalBand('CLS', 0.26)).toBe('poor');
    expect(vitalBand('FCP', 1800)).toBe('good');
    expect(vitalBand('INP', 501)).toBe('poor');
    expect(vitalBand('FID', 150)).toBe('needs-improvement');
  });
});

describe('error reports (spec §8, §9)', () => {
  it('takes 20 reports a page and at most 10 waiting', () => {
    const t = new ErrorReportThrottle<number>();
    for (let i = 1; i <= 10; i++) expect(t.offer(i)).toBe(true);
    expect(t.offer(11)).toBe(false);
    expect(t.drain()).toHaveLength(10);
    for (let i = 11; i <= 20; i++) expect(t.offer(i)).toBe(true);
    expect(t.drain()).toHaveLength(10);
    expect(t.offer(21)).toBe(false);
    expect(t.drain()).toEqual([]);
  });

  it('cuts stacks at 5000 characters and names a tracker failure', () => {
    expect(cutStack('x'.repeat(6000))).toHaveLength(5000);
    expect(cutStack(undefined)).toBe('');
    expect(trackerFailureMessage(500)).toBe('Error tracking event: HTTP Status 500');
  });
});
