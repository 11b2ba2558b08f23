import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { restockGroupsQuery, type SignUpGroup, useSendRestock } from '../../../api/restock';
import { LoadMore } from '../../../components/LoadMore';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { TEXTS } from '../../../texts';

const keyOf = (g: SignUpGroup) => `${g.productId}/${g.variantId}`;
const labelOf = (g: SignUpGroup) => (g.variantText ? `${g.productName} — ${g.variantText}` : g.productName);

/** Spec §7 waitlists by product and variant: counts, each variant's list, and sending the restock mail. */
export function RestockScreen() {
  const groups = useInfiniteQuery(restockGroupsQuery());
  const send = useSendRestock();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState('');
  const rows = groups.data?.pages.flatMap((p) => p.signUpGroups) ?? [];
  const sendable = rows.filter((g) => g.waitingCount > 0);

  function sendTo(list: SignUpGroup[]) {
    setNotice('');
    return send.mutateAsync(list.map(({ productId, variantId }) => ({ productId, variantId }))).then(
      (sent) => {
        setSelected(new Set());
        setNotice(TEXTS.restockSent(sent));
      },
      () => undefined,
    );
  }

  function toggle(key: string) {
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.restock}</h1>
        <button
          type="button"
          className="cfg-button cfg-button-primary"
          disabled={selected.size === 0 || send.isPending}
          onClick={() => sendTo(sendable.filter((g) => selected.has(keyOf(g))))}
        >
          {TEXTS.notifySelected(selected.size)}
        </button>
      </div>
      <p className="cfg-hint cfg-intro">{TEXTS.restockIntro}</p>
      <ErrorNotice error={send.error} />
      <output className={notice ? 'cfg-notice' : 'cfg-visually-hidden'}>{notice}</output>
      {groups.isPending ? (
        <SkeletonTable columns={5} />
      ) : groups.isError ? (
        <LoadError onRetry={() => groups.refetch()} />
      ) : (
        <>
          <div className="cfg-table-wrap">
            <table className="cfg-table">
              <caption className="cfg-visually-hidden">{TEXTS.restock}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="cfg-visually-hidden">{TEXTS.select}</span>
                  </th>
                  <th scope="col">{TEXTS.variant}</th>
                  <th scope="col">{TEXTS.sku}</th>
                  <th scope="col">{TEXTS.waiting}</th>
                  <th scope="col">{TEXTS.notified}</th>
                  <th scope="col">{TEXTS.stock}</th>
                  <th scope="col">
                    <span className="cfg-visually-hidden">{TEXTS.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={7} className="cfg-table-empty">
                      {TEXTS.noSignups}
                    </td>
                  </tr>
                ) : (
                  rows.map((g) => (
                    <tr key={keyOf(g)}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={TEXTS.selectRow(labelOf(g))}
                          checked={selected.has(keyOf(g))}
                          disabled={g.waitingCount === 0}
                          onChange={() => toggle(keyOf(g))}
                        />
                      </td>
                      <th scope="row" className="cfg-row-head">
                        <Link
                          to={`${encodeURIComponent(g.productId)}/${encodeURIComponent(g.variantId)}`}
                          className="cfg-row-link"
                        >
                          {labelOf(g)}
                        </Link>
                      </th>
                      <td>{g.sku}</td>
                      <td>{g.waitingCount}</td>
                      <td>{g.notifiedCount}</td>
                      <td>
                        <span className={g.inStock ? 'cfg-badge cfg-badge-on' : 'cfg-badge'}>
                          {g.inStock ? TEXTS.stockIn : TEXTS.stockOut}
                        </span>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="cfg-button"
                          aria-label={TEXTS.notifyOne(labelOf(g))}
                          disabled={g.waitingCount === 0 || send.isPending}
                          onClick={() => sendTo([g])}
                        >
                          {TEXTS.notify}
                        </button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {groups.hasNextPage && (
            <div className="cfg-actions cfg-actions-start cfg-more">
              <LoadMore pages={groups} />
            </div>
          )}
        </>
      )}
      <Outlet />
    </>
  );
}
