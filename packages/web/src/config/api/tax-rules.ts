import type { TaxRuleBody } from '../../../../server/src/modules/owner-pricing/schema';
import { crudResource } from './crud';

export type TaxRule = TaxRuleBody & { id: string };

const taxRules = crudResource<TaxRule, TaxRuleBody>({
  path: '/api/config/tax-rules',
  key: 'tax-rules',
  listField: 'taxRules',
  itemField: 'taxRule',
});

export const taxRuleKeys = taxRules.keys;
export const taxRulesQuery = taxRules.listQuery;
export const taxRuleQuery = taxRules.itemQuery;
export const useSaveTaxRule = taxRules.useSave;
export const useRemoveTaxRule = taxRules.useRemove;
