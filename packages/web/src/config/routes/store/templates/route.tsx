import type { RouteObject } from 'react-router';
import { templateQuery, templatesQuery } from '../../../api/templates';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { TemplatesScreen } from './TemplatesScreen';

/** CodeMirror and the editor load when a template is first opened, never with the area's main bundle. */
const lazyEditor = async () => ({
  Component: (await import('../template-editor/TemplateEditor')).TemplateEditor,
});

/** The theme's templates at /config/templates; one opens at /config/templates/:name. */
export function templatesRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'templates',
    children: [
      {
        index: true,
        loader: async ({ request }) => {
          await requirePermission(queryClient, request, basename, 'settings.write');
          void queryClient.prefetchQuery(templatesQuery());
          return null;
        },
        element: <TemplatesScreen />,
      },
      {
        path: ':name',
        loader: async ({ request, params }) => {
          await requirePermission(queryClient, request, basename, 'settings.write');
          void queryClient.prefetchQuery(templateQuery(params.name ?? ''));
          void queryClient.prefetchQuery(templatesQuery());
          return null;
        },
        lazy: lazyEditor,
      },
    ],
  };
}
