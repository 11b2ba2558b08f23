import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Dialog } from '../../../../ui/Dialog';
import {
  type ContributorRow,
  contributorsQuery,
  useChangeRole,
  useRemoveContributor,
} from '../../../api/contributors';
import { sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { TEXTS } from '../../../texts';
import { ROLE_OPTIONS } from './roles';

export function ContributorsScreen() {
  const list = useQuery(contributorsQuery());
  const { data: me } = useQuery(sessionQuery());
  const changeRole = useChangeRole();
  const remove = useRemoveContributor();
  const [removing, setRemoving] = useState<ContributorRow | null>(null);

  const columns = useMemo(() => {
    const col = columnsFor<ContributorRow>();
    const display = (c: ContributorRow) => c.name || c.email;
    return [
      col.accessor('name', {
        header: TEXTS.name,
        cell: (info) => (
          <>
            {display(info.row.original)} {info.row.original.id === me?.id && <span>{TEXTS.you}</span>}
          </>
        ),
      }),
      col.accessor('email', { header: TEXTS.email }),
      col.accessor('role', {
        header: TEXTS.role,
        cell: (info) => (
          <select
            aria-label={TEXTS.changeRoleOf(display(info.row.original))}
            value={String(info.getValue())}
            disabled={info.row.original.id === me?.id || changeRole.isPending}
            onChange={(e) => changeRole.mutate({ id: info.row.original.id, role: Number(e.target.value) })}
          >
            {ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ),
      }),
      col.accessor('status', {
        header: TEXTS.status,
        cell: (info) => TEXTS.contributorStatus[info.getValue()],
      }),
      col.display({
        id: 'remove',
        header: () => <span className="cfg-visually-hidden">{TEXTS.remove}</span>,
        cell: (info) =>
          info.row.original.id === me?.id ? null : (
            <button
              type="button"
              className="cfg-button cfg-button-quiet"
              aria-label={TEXTS.removeContributor(display(info.row.original))}
              onClick={() => setRemoving(info.row.original)}
            >
              {TEXTS.remove}
            </button>
          ),
      }),
    ];
  }, [me?.id, changeRole]);

  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.contributors}</h1>
        <Link to="invite" className="cfg-button cfg-button-primary">
          {TEXTS.invite}
        </Link>
      </div>
      <ErrorNotice error={changeRole.error ?? remove.error} />
      {list.isPending ? (
        <SkeletonTable columns={4} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : (
        <DataTable
          caption={TEXTS.contributors}
          columns={columns}
          data={list.data}
          rowId={(c) => c.id}
          empty=""
        />
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? TEXTS.removeContributor(removing.name || removing.email) : ''}
        className="cfg-confirm"
      >
        <p>{removing && TEXTS.confirmRemove(removing.name || removing.email)}</p>
        <div className="cfg-actions">
          <button type="button" className="cfg-button" onClick={() => setRemoving(null)}>
            {TEXTS.cancel}
          </button>
          <button
            type="button"
            className="cfg-button cfg-button-danger"
            disabled={remove.isPending}
            onClick={() => {
              if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
            }}
          >
            {TEXTS.remove}
          </button>
        </div>
      </Dialog>
      <Outlet />
    </>
  );
}
