import { countryName, formatPostalCode, variantOptionsText } from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type OrderAddress, type OrderDetail, orderQuery, useResendConfirmation } from '../../../api/orders';
import { can, sessionQuery } from '../../../api/session';
import { Drawer } from '../../../components/Drawer';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { dateTime, money } from '../../../format';
import { TEXTS } from '../../../texts';
import { StatusBadge } from '../orders/OrdersScreen';
import { FulfilForm } from './FulfilForm';
import { RefundForm } from './RefundForm';

/** Payment states in which the provider still holds money the owner can act on. */
const SETTLED = new Set(['paid', 'partially_refunded']);

function Totals({ order }: { order: OrderDetail }) {
  const m = (cents: number) => money(cents, order.currency);
  const rows: [string, string][] = [
    [TEXTS.subtotal, m(order.subtotalCents)],
    ...(order.discountCents ? [[TEXTS.discount, `−${m(order.discountCents)}`] as [string, string]] : []),
    [TEXTS.shipping, m(order.shippingCents)],
    [TEXTS.tax, m(order.taxCents)],
    ...(order.giftCardCents ? [[TEXTS.giftCard, `−${m(order.giftCardCents)}`] as [string, string]] : []),
    [TEXTS.total, m(order.grandTotalCents)],
    [TEXTS.paid, m(order.amountPaidCents)],
    [TEXTS.refunded, m(order.refundedCents)],
    [TEXTS.refundable, m(order.refundableCents)],
  ];
  return (
    <dl className="cfg-dl">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {order.couponCodes.length > 0 && (
        <div>
          <dt>{TEXTS.coupons}</dt>
          <dd>{order.couponCodes.join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}

/** An address as the shopper wrote it, the country named and the postal code spaced its way. */
function PostalAddress({ address }: { address: OrderAddress }) {
  return (
    <address>
      {address.firstName} {address.lastName}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}
      {address.region ? `, ${address.region}` : ''} {formatPostalCode(address.country, address.postalCode)}
      <br />
      {countryName(address.country)}
    </address>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const { data: contributor } = useQuery(sessionQuery());
  const writable = can(contributor, 'orders.write');
  const resend = useResendConfirmation(order.id);
  const [notice, setNotice] = useState('');
  const m = (cents: number) => money(cents, order.currency);
  const address = order.shippingAddress;

  return (
    <div className="cfg-order">
      <p className="cfg-order-meta">
        <StatusBadge status={order.status} /> <StatusBadge status={order.fulfilmentStatus} />{' '}
        {order.testMode && <span className="cfg-badge cfg-badge-test">{TEXTS.test}</span>}{' '}
        <span>{dateTime(order.created)}</span> · <span>{order.email}</span> ·{' '}
        <a href={order.statusUrl} target="_blank" rel="noreferrer">
          {TEXTS.shopperPage}
        </a>
      </p>
      {/* A live region, present before its message so screen readers announce the message. */}
      <output className={notice ? 'cfg-notice' : 'cfg-visually-hidden'}>{notice}</output>

      <section aria-labelledby="order-items">
        <h3 id="order-items">{TEXTS.items}</h3>
        <div className="cfg-table-wrap">
          <table className="cfg-table">
            <thead>
              <tr>
                <th scope="col">{TEXTS.product}</th>
                <th scope="col">{TEXTS.sku}</th>
                <th scope="col">{TEXTS.quantity}</th>
                <th scope="col">{TEXTS.unitPrice}</th>
                <th scope="col">{TEXTS.lineTotal}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.itemId}>
                  <td>
                    {item.productName}
                    {item.variantOptions && (
                      <span className="cfg-muted"> · {variantOptionsText(item.variantOptions)}</span>
                    )}
                  </td>
                  <td>{item.sku}</td>
                  <td>{item.quantity}</td>
                  <td>{m(item.unitPriceCents)}</td>
                  <td>{m(item.lineTotalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Totals order={order} />
      </section>

      {order.note && (
        <section aria-labelledby="order-note">
          <h3 id="order-note">{TEXTS.note}</h3>
          <blockquote className="cfg-order-note">{order.note}</blockquote>
        </section>
      )}
      {order.giftCards.length > 0 && (
        <section aria-labelledby="order-gift-cards">
          <h3 id="order-gift-cards">{TEXTS.giftCards}</h3>
          <ul>
            {order.giftCards.map((g) => (
              <li key={g.code}>
                <code>{g.code}</code> {m(g.amountCents)}
                {g.recipientEmail &&
                  ` · ${TEXTS.sentTo} ${g.recipientName ? `${g.recipientName} <${g.recipientEmail}>` : g.recipientEmail}`}
                {g.message && <blockquote className="cfg-order-note">{g.message}</blockquote>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="cfg-order-columns">
        <section aria-labelledby="order-address">
          <h3 id="order-address">{TEXTS.shippingAddress}</h3>
          {address ? <PostalAddress address={address} /> : <p>{TEXTS.noAddress}</p>}
          {order.shippingOption && (
            <p>
              {TEXTS.shippingMethod}: {order.shippingOption.name}
            </p>
          )}
          {(order.billingAddress || address) && (
            <>
              <h3>{TEXTS.billingAddress}</h3>
              {order.billingAddress ? (
                <PostalAddress address={order.billingAddress} />
              ) : (
                <p>{TEXTS.sameAsShipping}</p>
              )}
            </>
          )}
          {order.phone && (
            <p>
              {TEXTS.phone}: <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>{order.phone}</a>
            </p>
          )}
        </section>
        <section aria-labelledby="order-payment">
          <h3 id="order-payment">{TEXTS.payment}</h3>
          <dl className="cfg-dl">
            <div>
              <dt>{TEXTS.provider}</dt>
              <dd>{order.payment.provider}</dd>
            </div>
            <div>
              <dt>{TEXTS.reference}</dt>
              <dd className="cfg-code">{order.payment.reference}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section aria-labelledby="order-refunds">
        <h3 id="order-refunds">{TEXTS.refunds}</h3>
        {order.refunds.length === 0 ? (
          <p className="cfg-hint">{TEXTS.noRefunds}</p>
        ) : (
          <ul className="cfg-events">
            {order.refunds.map((r) => (
              <li key={r.id}>
                <strong>{m(r.amountCents)}</strong> · {dateTime(r.created)}
                {r.by && ` · ${r.by}`}
                {r.restocked && ` · ${TEXTS.restockedItems}`}
                {r.status === 'pending' && ` · ${TEXTS.refundPending}`}
                {r.reason && <span className="cfg-hint"> — {r.reason}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="order-fulfilments">
        <h3 id="order-fulfilments">{TEXTS.fulfilments}</h3>
        {order.fulfilments.length === 0 ? (
          <p className="cfg-hint">{TEXTS.noFulfilments}</p>
        ) : (
          <ul className="cfg-events">
            {order.fulfilments.map((f) => (
              <li key={f.id}>
                <strong>{f.carrier}</strong> ·{' '}
                {f.trackingUrl ? (
                  <a href={f.trackingUrl} target="_blank" rel="noreferrer">
                    {f.trackingNumber}
                  </a>
                ) : (
                  <span className="cfg-code">{f.trackingNumber}</span>
                )}{' '}
                · {dateTime(f.created)}
                {f.by && ` · ${f.by}`}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="order-emails">
        <h3 id="order-emails">{TEXTS.emails}</h3>
        {order.emails.length === 0 ? (
          <p className="cfg-hint">{TEXTS.noEmails}</p>
        ) : (
          <ul className="cfg-events">
            {order.emails.map((e) => (
              <li key={e.id}>
                <strong>{e.template}</strong> · {e.to} · {TEXTS.emailStatus[e.status] ?? e.status} ·{' '}
                {dateTime(e.sent ?? e.created)}
              </li>
            ))}
          </ul>
        )}
      </section>

      {writable && (
        <section aria-labelledby="order-actions" className="cfg-order-actions">
          <h3 id="order-actions">{TEXTS.actions}</h3>
          {order.fulfilmentStatus === 'unfulfilled' && SETTLED.has(order.status) && (
            <FulfilForm order={order} onDone={setNotice} />
          )}
          {order.refundableCents > 0 && SETTLED.has(order.status) && (
            <RefundForm order={order} onDone={setNotice} />
          )}
          <ErrorNotice error={resend.error} />
          <div className="cfg-actions cfg-actions-start">
            <button
              type="button"
              className="cfg-button"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (r) => setNotice(r.message || TEXTS.confirmationQueued),
                })
              }
            >
              {TEXTS.resendConfirmation}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

/** One order over the list, at /config/orders/:orderId; closing goes back to the list's filters. */
export function OrderDrawer() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const close = () => navigate({ pathname: '..', search: window.location.search });
  const order = useQuery(orderQuery(orderId));
  return (
    <Drawer title={order.data ? TEXTS.orderTitle(order.data.number) : TEXTS.order} onClose={close} wide>
      {order.isPending ? (
        <SkeletonForm fields={6} />
      ) : order.isError ? (
        <LoadError onRetry={() => order.refetch()} />
      ) : (
        <OrderBody order={order.data} />
      )}
    </Drawer>
  );
}
