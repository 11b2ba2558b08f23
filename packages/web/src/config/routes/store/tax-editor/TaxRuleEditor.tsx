import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { type TaxRuleBody, taxRuleBody } from '../../../../../../server/src/modules/owner-pricing/schema';
import { can, sessionQuery } from '../../../api/session';
import { type TaxRule, taxRuleQuery, useRemoveTaxRule, useSaveTaxRule } from '../../../api/tax-rules';
import { Field } from '../../../components/Field';
import { RecordDrawer, SaveDeleteBar, useFormSave } from '../../../components/RecordEditor';
import { ErrorNotice } from '../../../components/Status';
import { blank, countOrUndefined, schemaResolver } from '../../../components/schema-resolver';
import { TEXTS } from '../../../texts';

interface Values {
  name: string;
  country: string;
  region: string;
  ratePercent: string;
  appliesToShipping: boolean;
}
const FIELDS = ['name', 'country', 'region', 'ratePercent', 'appliesToShipping'] as const;

function toBody(v: Values): TaxRuleBody {
  return {
    name: v.name,
    country: v.country.trim().toUpperCase(),
    ...(blank(v.region) ? {} : { region: v.region.trim().toUpperCase() }),
    ratePercent: countOrUndefined(v.ratePercent) ?? Number.NaN,
    appliesToShipping: v.appliesToShipping,
  } as TaxRuleBody;
}

function TaxForm({
  rule,
  editable,
  onClose,
}: {
  rule: TaxRule | null;
  editable: boolean;
  onClose: () => void;
}) {
  const save = useSaveTaxRule();
  const remove = useRemoveTaxRule();
  const form = useForm<Values, unknown, TaxRuleBody>({
    resolver: schemaResolver(taxRuleBody, toBody),
    defaultValues: {
      name: rule?.name ?? '',
      country: rule?.country ?? '',
      region: rule?.region ?? '',
      ratePercent: rule ? String(rule.ratePercent) : '',
      appliesToShipping: rule?.appliesToShipping ?? false,
    },
  });
  const { submit, failure } = useFormSave(
    form,
    FIELDS,
    (body: TaxRuleBody) => save.mutateAsync({ id: rule?.id, body }),
    onClose,
  );
  const onSubmit = form.handleSubmit(submit);
  const disabled = !editable;
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form">
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      <ErrorNotice error={failure ?? remove.error} />
      <Field form={form} name="name" label={TEXTS.name} disabled={disabled} idPrefix="tax" />
      <div className="cfg-grid">
        <Field
          form={form}
          name="country"
          label={TEXTS.country}
          hint={TEXTS.countryHint}
          disabled={disabled}
          idPrefix="tax"
        />
        <Field
          form={form}
          name="region"
          label={TEXTS.region}
          hint={TEXTS.regionHint}
          disabled={disabled}
          idPrefix="tax"
        />
        <Field form={form} name="ratePercent" label={TEXTS.ratePercent} disabled={disabled} idPrefix="tax" />
      </div>
      <Field
        form={form}
        name="appliesToShipping"
        label={TEXTS.appliesToShipping}
        kind="checkbox"
        disabled={disabled}
        idPrefix="tax"
      />
      {editable && (
        <SaveDeleteBar
          name={rule?.name}
          removing={remove.isPending}
          onDelete={() => rule && remove.mutateAsync(rule.id).then(onClose, () => undefined)}
          saving={save.isPending}
        />
      )}
    </form>
  );
}

/** A tax rule of a country or one of its regions, over the shipping and tax screen. */
export function TaxRuleEditor() {
  const { taxRuleId } = useParams();
  const navigate = useNavigate();
  const close = () => navigate('/shipping-tax');
  const isNew = taxRuleId === undefined;
  const { data: contributor } = useQuery(sessionQuery());
  const rule = useQuery({ ...taxRuleQuery(taxRuleId ?? ''), enabled: !isNew });
  return (
    <RecordDrawer
      title={isNew ? TEXTS.newTaxRule : (rule.data?.name ?? TEXTS.taxRule)}
      onClose={close}
      record={isNew ? null : rule}
      fields={4}
    >
      {(data) => (
        <TaxForm rule={data} editable={!data || can(contributor, 'settings.write')} onClose={close} />
      )}
    </RecordDrawer>
  );
}
