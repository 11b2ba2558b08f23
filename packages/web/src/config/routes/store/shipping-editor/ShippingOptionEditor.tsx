import { decimalFromMinor } from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
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
import { Field } from '../../../components/Field';
import { RecordDrawer, SaveDeleteBar, useFormSave } from '../../../components/RecordEditor';
import { ErrorNotice } from '../../../components/Status';
import { blank, centsOrUndefined, schemaResolver } from '../../../components/schema-resolver';
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
  const { submit, failure } = useFormSave(
    form,
    FIELDS,
    (body: ShippingOptionBody) => save.mutateAsync({ id: option?.id, body }),
    onClose,
  );
  const onSubmit = form.handleSubmit(submit);
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
        <SaveDeleteBar
          name={option?.name}
          removing={remove.isPending}
          onDelete={() => option && remove.mutateAsync(option.id).then(onClose, () => undefined)}
          saving={save.isPending}
        />
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
    <RecordDrawer
      title={isNew ? TEXTS.newShippingOption : (option.data?.name ?? TEXTS.shippingOption)}
      onClose={close}
      record={isNew ? null : option}
      fields={4}
    >
      {(data) => (
        <ShippingForm option={data} editable={!data || can(contributor, 'settings.write')} onClose={close} />
      )}
    </RecordDrawer>
  );
}
