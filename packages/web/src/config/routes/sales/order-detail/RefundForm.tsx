import { zodResolver } from '@hookform/resolvers/zod';
import { decimalFromMinor } from '@storefront/commerce';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RefundBody } from '../../../../../../server/src/modules/owner-orders/schema';
import { type OrderDetail, useRefundOrder } from '../../../api/orders';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/Status';
import { showServerErrors } from '../../../components/server-errors';
import { money } from '../../../format';
import { TEXTS } from '../../../texts';
import { REFUND_FIELDS, type RefundValues, refundSchema } from './refund-form';

/** Refund part or all of what is left of the amount paid, optionally putting the items back in stock. */
export function RefundForm({ order, onDone }: { order: OrderDetail; onDone: (message: string) => void }) {
  const refund = useRefundOrder(order.id);
  const [failure, setFailure] = useState<unknown>(null);
  const schema = useMemo(() => refundSchema(order.currency), [order.currency]);
  const form = useForm<RefundValues, unknown, RefundBody>({
    resolver: zodResolver(schema),
    defaultValues: { amountCents: '', whole: false, restock: false, reason: '' },
  });
  const whole = form.watch('whole');
  const left = money(order.refundableCents, order.currency);

  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    // A promise, not mutate's callbacks: a refund of everything left takes the form off the screen.
    return refund.mutateAsync(body).then(
      () => {
        form.reset();
        onDone(TEXTS.refundDone);
      },
      (err: unknown) => {
        if (!showServerErrors(form, err, REFUND_FIELDS)) setFailure(err);
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form cfg-section" aria-labelledby="refund-title">
      <h3 id="refund-title">{TEXTS.refund}</h3>
      <ErrorNotice error={failure} />
      <Field form={form} name="whole" label={TEXTS.refundWhole(left)} kind="checkbox" idPrefix="refund" />
      {!whole && (
        <Field
          form={form}
          name="amountCents"
          label={TEXTS.refundAmount}
          hint={TEXTS.refundAmountHint(
            `${decimalFromMinor(order.refundableCents, order.currency)} ${order.currency}`,
          )}
          placeholder="0.00"
          idPrefix="refund"
        />
      )}
      {!order.restocked && (
        <Field form={form} name="restock" label={TEXTS.restockItems} kind="checkbox" idPrefix="refund" />
      )}
      <Field form={form} name="reason" label={TEXTS.reason} hint={TEXTS.reasonHint} idPrefix="refund" />
      <div className="cfg-actions">
        <button type="submit" className="cfg-button cfg-button-danger" disabled={refund.isPending}>
          {TEXTS.refund}
        </button>
      </div>
    </form>
  );
}
