import { decimalFromMinor } from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  type ShippingOptionBody,
  shippingOptionBody,
} from '../../../../../../server/src/modules/owner-pricing/schema';
import { can, sessionQuery } from '../../../api/session';
import {
  type ShippingOption,
  shippingOptionQuery,
  useRemoveShippingOption,
  useSaveShippingOption,
} from '../../../api/shipping-options';
import { DeleteButton } from '../../../components/DeleteButton';
import { Drawer } from '../../../components/Drawer';
import { Field } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { blank, centsOrUndefined, schemaResolver } from '../../../components/schema-resolver';
import { showServerErrors } from '../../../components/server-errors';
import { areaContext } from '../../../context';
import { TEXTS } from '../../../texts';

interface Values {
  name: string;
  costCents: string;
  freeOverCents: string;
  countries: string;
}
const FIELDS = ['name', 'costCents', 'freeOverCents', 'countries'] as const;

/** "us, ca de" → ["US", "CA", "DE"]: the zone as typed. */
export const countryList = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase());

function toBody(v: Values, currency: string): ShippingOptionBody {
  return {
    name: v.name,
    costCents: centsOrUndefined(v.costCents, currency) ?? Number.NaN,
    ...(blank(v.freeOverCents) ? {} : { freeOverCents: centsOrUndefined(v.freeOverCents, currency) }),
    countries: countryList(v.countries),
  } as ShippingOptionBody;
}

function ShippingForm({
  option,
  editable,
  onClose,
}: {
  option: ShippingOption | null;
  editable: boolean;
  onClose: () => void;
}) {
  const { currency } = areaContext();
  const save = useSaveShippingOption();
  const remove = useRemoveShippingOption();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values, unknown, ShippingOptionBody>({
    resolver: schemaResolver(
      shippingOptionBody,
      (v: Values) => toBody(v, currency),
      (path) => (path.startsWith('countries') ? 'countries' : path),
    ),
    defaultValues: {
      name: option?.name ?? '',
      costCents: option ? decimalFromMinor(option.costCents, currency) : '',
      freeOverCents:
        option?.freeOverCents === undefined ? '' : decimalFromMinor(option.freeOverCents, currency),
      countries: option?.countries.join(', ') ?? '',
    },
  });
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    return save.mutateAsync({ id: option?.id, body }).then(onClose, (err: unknown) => {
      if (!showServerErrors(form, err, FIELDS)) setFailure(err);
    });
  });
  const disabled = !editable;
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form">
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      <ErrorNotice error={failure ?? remove.error} />
      <Field form={form} name="name" label={TEXTS.name} disabled={disabled} idPrefix="shipping" />
      <div className="cfg-grid">
        <Field
          form={form}
          name="costCents"
          label={TEXTS.cost(currency)}
          placeholder="0.00"
          disabled={disabled}
          idPrefix="shipping"
        />
        <Field
          form={form}
          name="freeOverCents"
          label={TEXTS.freeOver(currency)}
          hint={TEXTS.freeOverHint}
          placeholder="0.00"
          disabled={disabled}
          idPrefix="shipping"
        />
      </div>
      <Field
        form={form}
        name="countries"
        label={TEXTS.countries}
        hint={TEXTS.countriesHint}
        disabled={disabled}
        idPrefix="shipping"
      />
      {editable && (
        <div className="cfg-actions">
          {option && (
            <DeleteButton
              name={option.name}
              pending={remove.isPending}
              onDelete={() => remove.mutateAsync(option.id).then(onClose, () => undefined)}
            />
          )}
          <button type="submit" className="cfg-button cfg-button-primary" disabled={save.isPending}>
            {save.isPending ? TEXTS.saving : TEXTS.save}
          </button>
        </div>
      )}
    </form>
  );
}

/** A shipping option and its zone, over the shipping and tax screen. */
export function ShippingOptionEditor() {
  const { shippingOptionId } = useParams();
  const navigate = useNavigate();
  const close = () => navigate('/shipping-tax');
  const isNew = shippingOptionId === undefined;
  const { data: contributor } = useQuery(sessionQuery());
  const option = useQuery({ ...shippingOptionQuery(shippingOptionId ?? ''), enabled: !isNew });
  return (
    <Drawer
      title={isNew ? TEXTS.newShippingOption : (option.data?.name ?? TEXTS.shippingOption)}
      onClose={close}
    >
      {isNew ? (
        <ShippingForm option={null} editable onClose={close} />
      ) : option.isPending ? (
        <SkeletonForm fields={4} />
      ) : option.isError ? (
        <LoadError onRetry={() => option.refetch()} />
      ) : (
        <ShippingForm
          key={option.dataUpdatedAt}
          option={option.data}
          editable={can(contributor, 'settings.write')}
          onClose={close}
        />
      )}
    </Drawer>
  );
}
