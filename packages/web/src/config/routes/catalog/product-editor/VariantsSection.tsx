import type { FieldArrayWithId, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/Field';
import { TEXTS } from '../../../texts';
import type { ProductFormValues } from './form-model';

interface Props {
  form: UseFormReturn<ProductFormValues>;
  fields: FieldArrayWithId<ProductFormValues, 'variants', 'id'>[];
}

/** Each variant's SKU, prices and stock in a table; the column headers name the fields. */
export function VariantsSection({ form, fields }: Props) {
  const variants = useWatch({ control: form.control, name: 'variants' });
  return (
    <div className="cfg-table-wrap">
      <table className="cfg-table cfg-variants">
        <caption className="cfg-visually-hidden">{TEXTS.variants}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXTS.variant}</th>
            <th scope="col">{TEXTS.sku}</th>
            <th scope="col">{TEXTS.price}</th>
            <th scope="col">{TEXTS.salePrice}</th>
            <th scope="col">{TEXTS.onSale}</th>
            <th scope="col">{TEXTS.stock}</th>
            <th scope="col">{TEXTS.unlimited}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, i) => {
            const label = Object.values(field.attributes).join(' / ') || TEXTS.defaultVariant;
            const unlimited = variants?.[i]?.unlimited ?? false;
            const p = `v${i}`;
            return (
              <tr key={field.id}>
                <th scope="row">{label}</th>
                <td>
                  <Field
                    form={form}
                    name={`variants.${i}.sku`}
                    label={TEXTS.fieldOf(TEXTS.sku, label)}
                    hideLabel
                    idPrefix={p}
                  />
                </td>
                <td>
                  <Field
                    form={form}
                    name={`variants.${i}.price`}
                    label={TEXTS.fieldOf(TEXTS.price, label)}
                    hideLabel
                    placeholder="0.00"
                    idPrefix={p}
                  />
                </td>
                <td>
                  <Field
                    form={form}
                    name={`variants.${i}.salePrice`}
                    label={TEXTS.fieldOf(TEXTS.salePrice, label)}
                    hideLabel
                    placeholder="0.00"
                    idPrefix={p}
                  />
                </td>
                <td>
                  <Field
                    form={form}
                    name={`variants.${i}.onSale`}
                    label={TEXTS.fieldOf(TEXTS.onSale, label)}
                    kind="checkbox"
                    hideLabel
                    idPrefix={p}
                  />
                </td>
                <td>
                  <Field
                    form={form}
                    name={`variants.${i}.qtyInStock`}
                    label={TEXTS.fieldOf(TEXTS.stock, label)}
                    kind="number"
                    min={0}
                    step="1"
                    hideLabel
                    disabled={unlimited}
                    idPrefix={p}
                  />
                </td>
                <td>
                  <Field
                    form={form}
                    name={`variants.${i}.unlimited`}
                    label={TEXTS.fieldOf(TEXTS.unlimited, label)}
                    kind="checkbox"
                    hideLabel
                    idPrefix={p}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
