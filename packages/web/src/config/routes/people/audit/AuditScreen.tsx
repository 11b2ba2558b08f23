import { useInfiniteQuery } from '@tanstack/react-query';
import { type AuditEntry, auditQuery } from '../../../api/audit';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { LoadMore } from '../../../components/LoadMore';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

const col = columnsFor<AuditEntry>();
const columns = [
  col.accessor('at', { header: TEXTS.when, cell: (info) => dateTime(info.getValue()) }),
  col.display({
    id: 'who',
    header: TEXTS.who,
    cell: (info) => info.row.original.contributor?.email ?? TEXTS.commandLine,
  }),
  col.accessor('action', { header: TEXTS.action }),
  col.accessor('target', { header: TEXTS.target }),
];

/** Who changed what and when, newest first, a page at a time. */
export function AuditScreen() {
  const log = useInfiniteQuery(auditQuery());
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.audit}</h1>
      </div>
      {log.isPending ? (
        <SkeletonTable columns={4} />
      ) : log.isError ? (
        <LoadError onRetry={() => log.refetch()} />
      ) : (
        <>
          <DataTable
            caption={TEXTS.audit}
            columns={columns}
            data={log.data.pages.flatMap((p) => p.entries)}
            rowId={(e) => e.id}
            empty={TEXTS.noAudit}
          />
          <LoadMore pages={log} />
        </>
      )}
    </>
  );
}
