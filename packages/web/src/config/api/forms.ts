import { queryOptions } from '@tanstack/react-query';
import type { FormBody } from '../../../../server/src/modules/owner-forms/schema';
import { api } from './client';
import { crudResource } from './crud';

export type { FormBody };
export type SiteForm = FormBody & { id: string; submissionCount?: number };

const forms = crudResource<SiteForm, FormBody>({
  path: '/api/config/forms',
  key: 'forms',
  listField: 'forms',
  itemField: 'form',
});

export const formKeys = forms.keys;
export const formsQuery = forms.listQuery;
export const formQuery = forms.itemQuery;
export const useSaveForm = forms.useSave;
export const useRemoveForm = forms.useRemove;

export interface Submission {
  id: string;
  submittedAt: number;
  answers: { title: string; text: string }[];
}

export interface SubmissionsPage {
  form: SiteForm;
  submissions: Submission[];
  nextCursor: string | null;
}

const submissionsPath = (formId: string) => `/api/config/forms/${encodeURIComponent(formId)}/submissions`;

export function submissionsQuery(formId: string, q: string) {
  return queryOptions({
    queryKey: [...formKeys.all, 'submissions', formId, q] as const,
    queryFn: () => fetchSubmissions(formId, q, null),
  });
}

export function fetchSubmissions(formId: string, q: string, cursor: string | null): Promise<SubmissionsPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api<SubmissionsPage>('GET', `${submissionsPath(formId)}${query ? `?${query}` : ''}`);
}

export function submissionsCsvUrl(formId: string, q: string): string {
  return `${submissionsPath(formId)}.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;
}
