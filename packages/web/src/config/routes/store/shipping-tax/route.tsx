import type { RouteObject } from 'react-router';
import { shippingOptionQuery, shippingOptionsQuery } from '../../../api/shipping-options';
import { taxRuleQuery, taxRulesQuery } from '../../../api/tax-rules';
import type { ScreenContext } from '../../../router';
import { requirePermission } from '../../guards';
import { ShippingOptionEditor } from '../shipping-editor/ShippingOptionEditor';
import { TaxRuleEditor } from '../tax-editor/TaxRuleEditor';
import { ShippingTaxScreen } from './ShippingTaxScreen';

export function shippingTaxRoute({ queryClient, basename }: ScreenContext): RouteObject {
  const guard =
    (permission: 'settings.read' | 'settings.write', prefetch?: (id: string) => void) =>
    async ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => {
      await requirePermission(queryClient, request, basename, permission);
      const id = params.shippingOptionId ?? params.taxRuleId;
      if (prefetch && id) prefetch(id);
      return null;
    };
  return {
    path: 'shipping-tax',
    loader: async ({ request }) => {
      await requirePermission(queryClient, request, basename, 'settings.read');
      void queryClient.prefetchQuery(shippingOptionsQuery());
      void queryClient.prefetchQuery(taxRulesQuery());
      return null;
    },
    element: <ShippingTaxScreen />,
    children: [
      { path: 'shipping/new', loader: guard('settings.write'), element: <ShippingOptionEditor /> },
      {
        path: 'shipping/:shippingOptionId',
        loader: guard('settings.read', (id) => void queryClient.prefetchQuery(shippingOptionQuery(id))),
        element: <ShippingOptionEditor />,
      },
      { path: 'tax/new', loader: guard('settings.write'), element: <TaxRuleEditor /> },
      {
        path: 'tax/:taxRuleId',
        loader: guard('settings.read', (id) => void queryClient.prefetchQuery(taxRuleQuery(id))),
        element: <TaxRuleEditor />,
      },
    ],
  };
}
