import { decimalFromMinor } from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { type CouponBody, couponBody } from '../../../../../../server/src/modules/owner-pricing/schema';
import { type Coupon, couponQuery, useRemoveCoupon, useSaveCoupon } from '../../../api/coupons';
import { can, sessionQuery } from '../../../api/session';
import { Field, type Option } from '../../../components/Field';
import { RecordDrawer, SaveDeleteBar, useFormSave } from '../../../components/RecordEditor';
import { ErrorNotice } from '../../../components/Status';
import {
  blank,
  centsOrUndefined,
  countOrUndefined,
  schemaResolver,
} from '../../../components/schema-resolver';
import { areaContext } from '../../../context';
import { TEXTS } from '../../../texts';

/** The coupon as typed: amounts in the store's currency, times in the browser's zone. */
interface Values {
  code: string;
  type: CouponBody['type'];
  percent: string;
  amountCents: string;
  minSubtotalCents: string;
  validFrom: string;
  validUntil: string;
  active: boolean;
  appliesToGiftCards: boolean;
  combinable: boolean;
  maxUses: string;
  maxUsesPerCustomer: string;
}
const FIELDS = [
  'code',
  'type',
  'percent',
  'amountCents',
  'minSubtotalCents',
  'validFrom',
  'validUntil',
  'maxUses',
  'maxUsesPerCustomer',
] as const;

const TYPE_OPTIONS: readonly Option[] = [
  { value: 'percentage', label: TEXTS.couponTypes.percentage },
  { value: 'fixed', label: TEXTS.couponTypes.fixed },
  { value: 'free-shipping', label: TEXTS.couponTypes['free-shipping'] },
];

/** A datetime-local value ("2026-11-25T09:30", the browser's zone) and an instant with its zone. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const toInstant = (local: string) => {
  if (blank(local)) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

function valuesOf(c: Coupon | null, currency: string): Values {
  const money = (cents: number | undefined) => (cents === undefined ? '' : decimalFromMinor(cents, currency));
  return {
    code: c?.code ?? '',
    type: c?.type ?? 'percentage',
    percent: c?.percent === undefined ? '' : String(c.percent),
    amountCents: money(c?.amountCents),
    minSubtotalCents: money(c?.minSubtotalCents),
    validFrom: toLocalInput(c?.validFrom),
    validUntil: toLocalInput(c?.validUntil),
    active: c?.active ?? true,
    appliesToGiftCards: c?.appliesToGiftCards ?? false,
    combinable: c?.combinable ?? true,
    maxUses: c?.maxUses === undefined ? '' : String(c.maxUses),
    maxUsesPerCustomer: c?.maxUsesPerCustomer === undefined ? '' : String(c.maxUsesPerCustomer),
  };
}

export function toCouponBody(v: Values, currency: string): CouponBody {
  const body = {
    code: v.code.trim(),
    type: v.type,
    percent: v.type === 'percentage' ? countOrUndefined(v.percent) : undefined,
    amountCents: v.type === 'fixed' ? centsOrUndefined(v.amountCents, currency) : undefined,
    minSubtotalCents: centsOrUndefined(v.minSubtotalCents, currency),
    validFrom: toInstant(v.validFrom),
    validUntil: toInstant(v.validUntil),
    active: v.active,
    appliesToGiftCards: v.appliesToGiftCards,
    combinable: v.combinable,
    maxUses: countOrUndefined(v.maxUses),
    maxUsesPerCustomer: countOrUndefined(v.maxUsesPerCustomer),
  };
  // Unset fields are left out: the server's schema is strict about what it is sent.
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as unknown as CouponBody;
}

function CouponForm({
  coupon,
  editable,
  onClose,
}: {
  coupon: Coupon | null;
  editable: boolean;
  onClose: () => void;
}) {
  const { currency } = areaContext();
  const save = useSaveCoupon();
  const remove = useRemoveCoupon();
  const form = useForm<Values, unknown, CouponBody>({
    resolver: schemaResolver(couponBody, (v: Values) => toCouponBody(v, currency)),
    defaultValues: valuesOf(coupon, currency),
  });
  const type = form.watch('type');
  const { submit, failure } = useFormSave(
    form,
    FIELDS,
    (body: CouponBody) => save.mutateAsync({ id: coupon?.id, body }),
    onClose,
  );
  const onSubmit = form.handleSubmit(submit);
  const disabled = !editable;
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form">
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      <ErrorNotice error={failure ?? remove.error} />
      <div className="cfg-grid">
        <Field form={form} name="code" label={TEXTS.couponCode} disabled={disabled} idPrefix="coupon" />
        <Field
          form={form}
          name="type"
          label={TEXTS.type}
          kind="select"
          options={TYPE_OPTIONS}
          disabled={disabled}
          idPrefix="coupon"
        />
        {type === 'percentage' && (
          <Field form={form} name="percent" label={TEXTS.percentOff} disabled={disabled} idPrefix="coupon" />
        )}
        {type === 'fixed' && (
          <Field
            form={form}
            name="amountCents"
            label={TEXTS.amountOff(currency)}
            placeholder="0.00"
            disabled={disabled}
            idPrefix="coupon"
          />
        )}
      </div>
      <div className="cfg-grid">
        <Field
          form={form}
          name="validFrom"
          label={TEXTS.starts}
          kind="datetime-local"
          disabled={disabled}
          idPrefix="coupon"
        />
        <Field
          form={form}
          name="validUntil"
          label={TEXTS.ends}
          kind="datetime-local"
          disabled={disabled}
          idPrefix="coupon"
        />
        <Field
          form={form}
          name="minSubtotalCents"
          label={TEXTS.minimumSubtotal(currency)}
          placeholder="0.00"
          disabled={disabled}
          idPrefix="coupon"
        />
      </div>
      <div className="cfg-grid">
        <Field
          form={form}
          name="maxUses"
          label={TEXTS.maxUses}
          hint={TEXTS.noLimitHint}
          disabled={disabled}
          idPrefix="coupon"
        />
        <Field
          form={form}
          name="maxUsesPerCustomer"
          label={TEXTS.maxUsesPerCustomer}
          hint={TEXTS.noLimitHint}
          disabled={disabled}
          idPrefix="coupon"
        />
      </div>
      <Field
        form={form}
        name="active"
        label={TEXTS.couponActive}
        kind="checkbox"
        disabled={disabled}
        idPrefix="coupon"
      />
      <Field
        form={form}
        name="appliesToGiftCards"
        label={TEXTS.appliesToGiftCards}
        kind="checkbox"
        disabled={disabled}
        idPrefix="coupon"
      />
      <Field
        form={form}
        name="combinable"
        label={TEXTS.combinable}
        kind="checkbox"
        disabled={disabled}
        idPrefix="coupon"
      />
      {editable && (
        <SaveDeleteBar
          name={coupon?.code}
          removing={remove.isPending}
          onDelete={() => coupon && remove.mutateAsync(coupon.id).then(onClose, () => undefined)}
          saving={save.isPending}
        />
      )}
    </form>
  );
}

/** The coupon editor over the list, at /config/coupons/new and /config/coupons/:couponId. */
export function CouponEditor() {
  const { couponId } = useParams();
  const navigate = useNavigate();
  const close = () => navigate('..');
  const isNew = couponId === undefined;
  const { data: contributor } = useQuery(sessionQuery());
  const coupon = useQuery({ ...couponQuery(couponId ?? ''), enabled: !isNew });
  const title = isNew ? TEXTS.newCoupon : (coupon.data?.code ?? TEXTS.coupon);
  return (
    <RecordDrawer title={title} onClose={close} record={isNew ? null : coupon} fields={6}>
      {(data) => (
        <CouponForm coupon={data} editable={!data || can(contributor, 'discounts.write')} onClose={close} />
      )}
    </RecordDrawer>
  );
}
