import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { type TaxRuleBody, taxRuleBody } from '../../../../../../server/src/modules/owner-pricing/schema';
import { can, sessionQuery } from '../../../api/session';
import { type TaxRule, taxRuleQuery, useRemoveTaxRule, useSaveTaxRule } from '../../../api/tax-rules';
import { DeleteButton } from '../../../components/DeleteButton';
import { Drawer } from '../../../components/Drawer';
import { Field } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { blank, countOrUndefined, schemaResolver } from '../../../components/schema-resolver';
import { showServerErrors } from '../../../components/server-errors';
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
  const [failure, setFailure] = useState<unknown>(null);
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
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    return save.mutateAsync({ id: rule?.id, body }).then(onClose, (err: unknown) => {
      if (!showServerErrors(form, err, FIELDS)) setFailure(err);
    });
  });
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
        <div className="cfg-actions">
          {rule && (
            <DeleteButton
              name={rule.name}
              pending={remove.isPending}
              onDelete={() => remove.mutateAsync(rule.id).then(onClose, () => undefined)}
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

/** A tax rule of a country or one of its regions, over the shipping and tax screen. */
export function TaxRuleEditor() {
  const { taxRuleId } = useParams();
  const navigate = useNavigate();
  const close = () => navigate('/shipping-tax');
  const isNew = taxRuleId === undefined;
  const { data: contributor } = useQuery(sessionQuery());
  const rule = useQuery({ ...taxRuleQuery(taxRuleId ?? ''), enabled: !isNew });
  return (
    <Drawer title={isNew ? TEXTS.newTaxRule : (rule.data?.name ?? TEXTS.taxRule)} onClose={close}>
      {isNew ? (
        <TaxForm rule={null} editable onClose={close} />
      ) : rule.isPending ? (
        <SkeletonForm fields={4} />
      ) : rule.isError ? (
        <LoadError onRetry={() => rule.refetch()} />
      ) : (
        <TaxForm
          key={rule.dataUpdatedAt}
          rule={rule.data}
          editable={can(contributor, 'settings.write')}
          onClose={close}
        />
      )}
    </Drawer>
  );
}
