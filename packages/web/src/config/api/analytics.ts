import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AnalyticsReport,
  AnalyticsSettings,
  dashboardQuery,
} from '../../../../server/src/modules/analytics/schema';
import { api, queryString } from './client';

export type { AnalyticsReport, AnalyticsSettings };

/** A range of days as the dashboard asks for it: YYYY-MM-DD, both included. */
export type DayRange = z.input<typeof dashboardQuery>;

export type KeyCount = AnalyticsReport['topPages'][number];

export type PeriodTotals = AnalyticsReport['totals'];

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
