import type { RouteObject } from 'react-router';
import { formQuery, formsQuery } from '../../../api/forms';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { FormBuilder } from '../form-builder/FormBuilder';
import { SubmissionsScreen } from '../form-submissions/SubmissionsScreen';
import { FormsScreen } from './FormsScreen';

export function formsRoute({ queryClient, basename }: ScreenContext): RouteObject {
  const guard =
    (permission: 'forms.write' | 'submissions.read') =>
    async ({ request }: { request: Request }) => {
      await requirePermission(queryClient, request, basename, permission);
      return null;
    };
  return {
    path: 'forms',
    children: [
      {
        index: true,
        loader: async (args) => {
          await guard('forms.write')(args);
          void queryClient.prefetchQuery(formsQuery());
          return null;
        },
        element: <FormsScreen />,
      },
      { path: 'new', loader: guard('forms.write'), element: <FormBuilder /> },
      {
        path: ':formId',
        loader: async (args) => {
          await guard('forms.write')(args);
          void queryClient.prefetchQuery(formQuery(args.params.formId ?? ''));
          return null;
        },
        element: <FormBuilder />,
      },
      { path: ':formId/submissions', loader: guard('submissions.read'), element: <SubmissionsScreen /> },
    ],
  };
}
