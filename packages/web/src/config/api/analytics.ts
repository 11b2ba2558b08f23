import type { VitalBand, VitalName } from '@storefront/commerce';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from './client';

/** A range of days as the dashboard asks for it: YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface KeyCount {
  key: string;
  count: number;
}

export interface PeriodTotals {
  visits: number;
  visitors: number;
  pageviews: number;
  /** Sum of the Purchase values: subtotals / 100 (spec §9), in the store currency. */
  revenue: number;
  funnel: { step: string; count: number }[];
}

export interface AnalyticsSettings {
  censusDisabled: boolean;
  cookieConsent: 'off' | 'banner';
  /** Purchases of test-mode orders count in the funnel and revenue. */
  testPurchases: boolean;
}

export interface AnalyticsReport {
  /** Days since 1970-01-01 on the store's calendar (its time zone). */
  range: { from: number; to: number };
  totals: PeriodTotals;
  previous: PeriodTotals;
  series: { day: number; pageviews: number; visits: number }[];
  topPages: KeyCount[];
  referrers: KeyCount[];
  devices: KeyCount[];
  vitals: { name: VitalName; path: string; p75: number; band: VitalBand; samples: number }[];
  errors: KeyCount[];
  cartErrors: KeyCount[];
  /** Visits by ISO country code; XX when no proxy said where from. */
  countries: KeyCount[];
  settings: AnalyticsSettings;
}

const PATH = '/api/config/analytics';

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (range: DayRange) => [...analyticsKeys.all, 'report', range] as const,
};

export const analyticsQuery = (range: DayRange) =>
  queryOptions({
    queryKey: analyticsKeys.report(range),
    queryFn: () => api<AnalyticsReport>('GET', `${PATH}${queryString({ ...range })}`),
    placeholderData: keepPreviousData,
  });

export function analyticsCsvUrl(range: DayRange): string {
  return `/api/config/analytics.csv${queryString({ ...range })}`;
}

export function useSaveAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AnalyticsSettings>) =>
      api<AnalyticsSettings>('PATCH', `${PATH}/settings`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}
