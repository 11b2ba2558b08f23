import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';

export interface TemplateSummary {
  name: string;
  /** The theme file, e.g. `collections/products.item`. */
  file: string;
  /** The store renders its own published version rather than the theme's file. */
  customized: boolean;
  publishedNumber: number | null;
  hasDraft: boolean;
}

export interface TemplateList {
  templates: TemplateSummary[];
  formatters: string[];
  predicates: string[];
}

type By = { id: string; email: string } | null;

export interface TemplateVersion {
  number: number;
  action: 'publish' | 'rollback' | 'revert';
  restoredNumber: number | null;
  /** The version is the theme's own file. */
  isDefault: boolean;
  publishedAt: number;
  publishedBy: By;
}

export interface TemplateDetail {
  name: string;
  file: string;
  /** A page of the store drawn with this template; null when the preview cannot reach one. */
  previewPath: string | null;
  defaultSource: string;
  publishedSource: string;
  publishedNumber: number | null;
  draft: { source: string; updatedAt: number; updatedBy: By } | null;
  versions: TemplateVersion[];
}

/** One error of a source, at its line and column (1-based). */
export interface Diagnostic {
  line: number;
  column: number;
  type: string;
  message: string;
}

const PATH = '/api/config/templates';

export const templateKeys = {
  all: ['templates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (name: string) => [...templateKeys.all, 'detail', name] as const,
};

export const templatesQuery = () =>
  queryOptions({ queryKey: templateKeys.list(), queryFn: () => api<TemplateList>('GET', PATH) });

export const templateQuery = (name: string) =>
  queryOptions({
    queryKey: templateKeys.detail(name),
    queryFn: async () =>
      (await api<{ template: TemplateDetail }>('GET', `${PATH}/${encodeURIComponent(name)}`)).template,
  });

const at = (name: string, action: string) => `${PATH}/${encodeURIComponent(name)}/${action}`;

export async function validateTemplate(name: string, source: string): Promise<Diagnostic[]> {
  return (await api<{ diagnostics: Diagnostic[] }>('POST', at(name, 'validate'), { source })).diagnostics;
}

/** Where the preview frame loads the draft's page from. */
export function previewUrl(name: string, path: string): string {
  return `${at(name, 'preview')}?path=${encodeURIComponent(path)}`;
}

/** The diagnostics a publish or rollback was refused with (400), or null when it failed otherwise. */
export function refusedDiagnostics(error: unknown): Diagnostic[] | null {
  return error instanceof ApiError && Array.isArray(error.body.diagnostics)
    ? (error.body.diagnostics as Diagnostic[])
    : null;
}

type Changed = { template: TemplateDetail };

/** Saves, publishes, rolls back or reverts one template; each answers the template as it now is. */
export function useTemplateActions(name: string) {
  const queryClient = useQueryClient();
  const onSuccess = (changed: Changed) => {
    queryClient.setQueryData(templateKeys.detail(name), changed.template);
    void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
  };
  const saveDraft = useMutation({
    mutationFn: (source: string) => api<Changed>('PUT', at(name, 'draft'), { source }),
    onSuccess,
  });
  const publish = useMutation({
    mutationFn: (source: string) => api<Changed>('POST', at(name, 'publish'), { source }),
    onSuccess,
  });
  const rollback = useMutation({
    mutationFn: (number: number) => api<Changed>('POST', at(name, 'rollback'), { number }),
    onSuccess,
  });
  const revert = useMutation({ mutationFn: () => api<Changed>('POST', at(name, 'revert')), onSuccess });
  return { saveDraft, publish, rollback, revert };
}
