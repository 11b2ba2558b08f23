import type { RouteObject } from 'react-router';
import { auditQuery } from '../../../api/audit';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { AuditScreen } from './AuditScreen';

export function auditRoute({ queryClient, basename }: ScreenContext): RouteObject {
  return {
    path: 'audit',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'audit.read');
      void queryClient.prefetchInfiniteQuery(auditQuery());
      return null;
    },
    element: <AuditScreen />,
  };
}
