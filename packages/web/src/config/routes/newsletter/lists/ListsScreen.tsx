import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { mailingListBody } from '../../../../../../server/src/modules/owner-newsletter/schema';
import {
  type MailingList,
  type MailingListBody,
  mailingListsQuery,
  useSaveMailingList,
} from '../../../api/newsletter';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { Field } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { schemaResolver } from '../../../components/schema-resolver';
import { showServerErrors } from '../../../components/server-errors';
import { TEXTS } from '../../../texts';

const col = columnsFor<MailingList>();

interface Values {
  name: string;
  description: string;
}

function NewListForm() {
  const save = useSaveMailingList();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values, unknown, MailingListBody>({
    resolver: schemaResolver(mailingListBody, (v: Values) => v),
    defaultValues: { name: '', description: '' },
  });
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    return save.mutateAsync({ body }).then(
      () => form.reset(),
      (err: unknown) => {
        if (!showServerErrors(form, err, ['name', 'description'])) setFailure(err);
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form cfg-section cfg-section-apart">
      <h2 className="cfg-subhead">{TEXTS.newList}</h2>
      <ErrorNotice error={failure} />
      <div className="cfg-grid">
        <Field form={form} name="name" label={TEXTS.listName} idPrefix="list" />
        <Field form={form} name="description" label={TEXTS.listDescription} idPrefix="list" />
      </div>
      <div className="cfg-actions">
        <button type="submit" className="cfg-button cfg-button-primary" disabled={save.isPending}>
          {save.isPending ? TEXTS.saving : TEXTS.addList}
        </button>
      </div>
    </form>
  );
}

/** The mailing lists, with how many people are on each; a list opens its subscribers. */
export function ListsScreen() {
  const lists = useQuery(mailingListsQuery());
  const columns = [
    col.accessor('name', {
      header: TEXTS.listName,
      cell: (info) => (
        <Link to={`lists/${encodeURIComponent(info.row.original.id)}`} className="cfg-row-link">
          {info.getValue()}
        </Link>
      ),
    }),
    col.accessor('description', { header: TEXTS.listDescription }),
    col.display({
      id: 'subscribed',
      header: TEXTS.subscribed,
      cell: (i) => i.row.original.counts.subscribed,
    }),
    col.display({ id: 'pending', header: TEXTS.pending, cell: (i) => i.row.original.counts.pending }),
    col.display({
      id: 'unsubscribed',
      header: TEXTS.unsubscribed,
      cell: (i) => i.row.original.counts.unsubscribed,
    }),
  ];
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.mailingLists}</h1>
        <Link to="/campaigns" className="cfg-button">
          {TEXTS.campaigns}
        </Link>
      </div>
      {lists.isPending ? (
        <SkeletonTable columns={5} />
      ) : lists.isError ? (
        <LoadError onRetry={() => lists.refetch()} />
      ) : (
        <DataTable
          caption={TEXTS.mailingLists}
          columns={columns}
          data={lists.data}
          rowId={(l) => l.id}
          empty={TEXTS.noLists}
        />
      )}
      <NewListForm />
    </>
  );
}
