import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formsQuery, type SiteForm } from '../../../api/forms';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { LoadError, SkeletonTable } from '../../../components/Status';
import { TEXTS } from '../../../texts';

const col = columnsFor<SiteForm>();

export function FormsScreen() {
  const list = useQuery(formsQuery());
  const { data: contributor } = useQuery(sessionQuery());
  const readsSubmissions = can(contributor, 'submissions.read');
  const columns = [
    col.accessor('name', {
      header: TEXTS.formName,
      cell: (info) => (
        <Link to={encodeURIComponent(info.row.original.id)} className="cfg-row-link">
          {info.getValue()}
        </Link>
      ),
    }),
    col.display({
      id: 'fields',
      header: TEXTS.formFields,
      cell: (info) => TEXTS.formFieldCount(info.row.original.fields.length),
    }),
    col.display({
      id: 'page',
      header: TEXTS.publishedAt,
      cell: (info) =>
        info.row.original.pageSlug ? (
          <a href={`/${info.row.original.pageSlug}`}>/{info.row.original.pageSlug}</a>
        ) : (
          TEXTS.notPublished
        ),
    }),
    col.display({
      id: 'submissions',
      header: TEXTS.submissions,
      cell: (info) => {
        const text = TEXTS.submissionCount(info.row.original.submissionCount ?? 0);
        return readsSubmissions ? (
          <Link to={`${encodeURIComponent(info.row.original.id)}/submissions`}>{text}</Link>
        ) : (
          text
        );
      },
    }),
  ];
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.forms}</h1>
        {can(contributor, 'forms.write') && (
          <Link to="new" className="cfg-button cfg-button-primary">
            {TEXTS.newForm}
          </Link>
        )}
      </div>
      {list.isPending ? (
        <SkeletonTable columns={4} />
      ) : list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : (
        <DataTable
          caption={TEXTS.forms}
          columns={columns}
          data={list.data}
          rowId={(f) => f.id}
          empty={TEXTS.noForms}
        />
      )}
    </>
  );
}
