import { ProductType } from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { productsQuery } from '../../../api/products';
import { FieldFrame } from '../../../components/Field';
import { TEXTS } from '../../../texts';

/**
 * The member-area section: a multi-select of the store's paywall products (product type 5), for
 * an item (the defaults) or a whole collection.
 */
export function MemberProducts<T extends FieldValues & { memberProducts: string[] }>({
  form,
  disabled,
  id = 'item-memberProducts',
  label = TEXTS.memberProducts,
  hint = TEXTS.memberProductsHint,
  legend = TEXTS.memberArea,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  disabled: boolean;
  id?: string;
  label?: string;
  hint?: string;
  legend?: string;
}) {
  const products = useQuery(productsQuery({ type: ProductType.PAYWALL }));
  const name = 'memberProducts' as Path<T>;
  const error = form.formState.errors.memberProducts?.message;
  const options = products.data?.products ?? [];
  return (
    <fieldset className="cfg-section">
      <legend>{legend}</legend>
      {/* The select is drawn once its options are there, so the form's value selects them. */}
      {!products.isSuccess ? null : options.length === 0 ? (
        <p className="cfg-hint">{TEXTS.noPaywallProducts}</p>
      ) : (
        <FieldFrame id={id} label={label} hint={hint} error={typeof error === 'string' ? error : undefined}>
          {(aria) => (
            <select
              {...aria}
              multiple
              disabled={disabled}
              size={Math.min(Math.max(options.length, 2), 6)}
              {...form.register(name)}
            >
              {options.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      )}
    </fieldset>
  );
}
