import type { ShippingOptionBody } from '../../../../server/src/modules/owner-pricing/schema';
import { crudResource } from './crud';

export type ShippingOption = ShippingOptionBody & { id: string };

const shippingOptions = crudResource<ShippingOption, ShippingOptionBody>({
  path: '/api/config/shipping-options',
  key: 'shipping-options',
  listField: 'shippingOptions',
  itemField: 'shippingOption',
});

export const shippingOptionKeys = shippingOptions.keys;
export const shippingOptionsQuery = shippingOptions.listQuery;
export const shippingOptionQuery = shippingOptions.itemQuery;
export const useSaveShippingOption = shippingOptions.useSave;
export const useRemoveShippingOption = shippingOptions.useRemove;
