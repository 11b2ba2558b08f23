import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fulfilBody } from '../../../../../../server/src/modules/owner-orders/schema';
import { type OrderDetail, useFulfilOrder } from '../../../api/orders';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/Status';
import { showServerErrors } from '../../../components/server-errors';
import { TEXTS } from '../../../texts';

type Values = z.input<typeof fulfilBody>;
const FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'] as const;

/** Marks the order shipped with its carrier and tracking number; the server emails the shopper. */
export function FulfilForm({ order, onDone }: { order: OrderDetail; onDone: (message: string) => void }) {
  const fulfil = useFulfilOrder(order.id);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values, unknown, z.output<typeof fulfilBody>>({
    resolver: zodResolver(fulfilBody),
    defaultValues: { carrier: '', trackingNumber: '', trackingUrl: '' },
  });
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    // A promise, not mutate's callbacks: the form leaves the screen once the order is fulfilled.
    return fulfil.mutateAsync(body).then(
      () => onDone(TEXTS.fulfilled),
      (err: unknown) => {
        if (!showServerErrors(form, err, FIELDS)) setFailure(err);
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form cfg-section" aria-labelledby="fulfil-title">
      <h3 id="fulfil-title">{TEXTS.markFulfilled}</h3>
      <ErrorNotice error={failure} />
      <div className="cfg-grid">
        <Field form={form} name="carrier" label={TEXTS.carrier} idPrefix="fulfil" />
        <Field form={form} name="trackingNumber" label={TEXTS.trackingNumber} idPrefix="fulfil" />
      </div>
      <Field
        form={form}
        name="trackingUrl"
        label={TEXTS.trackingUrl}
        hint={TEXTS.trackingUrlHint}
        kind="url"
        idPrefix="fulfil"
      />
      <div className="cfg-actions">
        <button type="submit" className="cfg-button cfg-button-primary" disabled={fulfil.isPending}>
          {TEXTS.markFulfilled}
        </button>
      </div>
    </form>
  );
}
