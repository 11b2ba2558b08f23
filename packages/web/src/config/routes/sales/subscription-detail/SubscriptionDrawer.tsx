import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Dialog } from '../../../../ui/Dialog';
import { can, sessionQuery } from '../../../api/session';
import {
  type SubscriptionDetail,
  subscriptionQuery,
  useCancelSubscription,
} from '../../../api/subscriptions';
import { Drawer } from '../../../components/Drawer';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { dateTime, money } from '../../../format';
import { TEXTS } from '../../../texts';
import { SubscriptionBadge } from '../subscriptions/SubscriptionsScreen';

/** Subscriptions that may still renew (a paused one once resumed), so cancelling means something. */
const RENEWING = new Set(['active', 'paused', 'past_due']);

function SubscriptionBody({ subscription: s }: { subscription: SubscriptionDetail }) {
  const { data: contributor } = useQuery(sessionQuery());
  const cancel = useCancelSubscription(s.id);
  const [confirming, setConfirming] = useState(false);
  const rows: [string, string][] = [
    [TEXTS.customer, s.email],
    [TEXTS.product, `${s.quantity} × ${s.productName} (${s.sku})`],
    [TEXTS.plan, s.planText],
    [TEXTS.paymentsMade, String(s.cyclesBilled)],
    [TEXTS.paymentsLeft, s.cyclesLeft === null ? TEXTS.untilCancelled : String(s.cyclesLeft)],
    [TEXTS.nextBilling, s.nextBillingDateText ?? '—'],
    ...(s.lastError ? [[TEXTS.lastError, s.lastError] as [string, string]] : []),
  ];
  return (
    <div className="cfg-order">
      <p className="cfg-order-meta">
        <SubscriptionBadge status={s.status} />
      </p>
      <dl className="cfg-dl cfg-dl-wide">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="subscription-renewals">
        <h3 id="subscription-renewals">{TEXTS.renewals}</h3>
        <div className="cfg-table-wrap">
          <table className="cfg-table">
            <thead>
              <tr>
                <th scope="col">{TEXTS.order}</th>
                <th scope="col">{TEXTS.date}</th>
                <th scope="col">{TEXTS.payment}</th>
                <th scope="col">{TEXTS.total}</th>
              </tr>
            </thead>
            <tbody>
              {s.renewals.map((r) => (
                <tr key={r.orderId}>
                  <td>
                    {can(contributor, 'orders.read') ? (
                      <Link to={`/orders/${encodeURIComponent(r.orderId)}`}>{r.orderNumber}</Link>
                    ) : (
                      r.orderNumber
                    )}
                  </td>
                  <td className="cfg-nowrap">{dateTime(r.created)}</td>
                  <td>{TEXTS.orderStatus[r.status as keyof typeof TEXTS.orderStatus] ?? r.status}</td>
                  <td>{money(r.grandTotalCents, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {can(contributor, 'orders.write') && RENEWING.has(s.status) && (
        <div className="cfg-actions cfg-actions-start">
          <button type="button" className="cfg-button cfg-button-danger" onClick={() => setConfirming(true)}>
            {TEXTS.cancelSubscription}
          </button>
        </div>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={TEXTS.cancelSubscription}
        className="cfg-confirm"
        role="alertdialog"
      >
        <p>{TEXTS.confirmCancelSubscription(s.email)}</p>
        <ErrorNotice error={cancel.error} />
        <div className="cfg-actions">
          <button type="button" className="cfg-button" onClick={() => setConfirming(false)}>
            {TEXTS.keepSubscription}
          </button>
          <button
            type="button"
            className="cfg-button cfg-button-danger"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutateAsync().then(
                () => setConfirming(false),
                () => undefined,
              )
            }
          >
            {TEXTS.cancelSubscription}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

export function SubscriptionDrawer() {
  const { subscriptionId = '' } = useParams();
  const navigate = useNavigate();
  const close = () => navigate({ pathname: '..', search: window.location.search });
  const subscription = useQuery(subscriptionQuery(subscriptionId));
  return (
    <Drawer title={subscription.data?.productName ?? TEXTS.subscription} onClose={close} wide>
      {subscription.isPending ? (
        <SkeletonForm fields={5} />
      ) : subscription.isError ? (
        <LoadError onRetry={() => subscription.refetch()} />
      ) : (
        <SubscriptionBody subscription={subscription.data} />
      )}
    </Drawer>
  );
}
