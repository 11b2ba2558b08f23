import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { restockGroupsQuery, restockSignupsQuery, useSendRestock } from '../../../api/restock';
import { Drawer } from '../../../components/Drawer';
import { LoadMore } from '../../../components/LoadMore';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

/** One variant's waitlist, oldest first, at /config/restock/:productId/:variantId. */
export function SignupsDrawer() {
  const { productId = '', variantId = '' } = useParams();
  const navigate = useNavigate();
  const close = () => navigate('/restock');
  const signups = useInfiniteQuery(restockSignupsQuery(productId, variantId));
  const send = useSendRestock();
  const [notice, setNotice] = useState('');
  // The group's name, when the list behind has it.
  const group = useQueryClient()
    .getQueryData(restockGroupsQuery().queryKey)
    ?.pages.flatMap((p) => p.signUpGroups)
    .find((g) => g.productId === productId && g.variantId === variantId);
  const rows = signups.data?.pages.flatMap((p) => p.signUps) ?? [];
  const waiting = rows.some((s) => !s.notified);
  const title = group
    ? `${group.productName}${group.variantText ? ` — ${group.variantText}` : ''}`
    : TEXTS.waitlist;

  return (
    <Drawer title={title} onClose={close} wide>
      <div className="cfg-order">
        <ErrorNotice error={send.error} />
        <output className={notice ? 'cfg-notice' : 'cfg-visually-hidden'}>{notice}</output>
        {signups.isPending ? (
          <SkeletonTable columns={3} />
        ) : signups.isError ? (
          <LoadError onRetry={() => signups.refetch()} />
        ) : (
          <>
            <div className="cfg-table-wrap">
              <table className="cfg-table">
                <caption className="cfg-visually-hidden">{TEXTS.waitlist}</caption>
                <thead>
                  <tr>
                    <th scope="col">{TEXTS.email}</th>
                    <th scope="col">{TEXTS.signedUp}</th>
                    <th scope="col">{TEXTS.mailingList}</th>
                    <th scope="col">{TEXTS.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={4} className="cfg-table-empty">
                        {TEXTS.noSignups}
                      </td>
                    </tr>
                  ) : (
                    rows.map((s) => (
                      <tr key={s.id}>
                        <td>{s.email}</td>
                        <td className="cfg-nowrap">{dateTime(s.created)}</td>
                        <td>{s.isJoinMailingList ? TEXTS.yes : TEXTS.no}</td>
                        <td>{s.notified ? TEXTS.notifiedStatus : TEXTS.waitingStatus}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <div className="cfg-actions">
              <LoadMore pages={signups} />
              <button
                type="button"
                className="cfg-button cfg-button-primary"
                disabled={!waiting || send.isPending}
                onClick={() =>
                  send.mutateAsync([{ productId, variantId }]).then(
                    (sent) => setNotice(TEXTS.restockSent(sent)),
                    () => undefined,
                  )
                }
              >
                {TEXTS.notifyWaitlist}
              </button>
            </div>
          </>
        )}
      </div>
    </Drawer>
  );
}
