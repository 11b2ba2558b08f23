import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TEXTS } from '../texts';
import { DeleteButton } from './DeleteButton';
import { Drawer } from './Drawer';
import { LoadError, SkeletonForm } from './Status';
import { showServerErrors } from './server-errors';

/**
 * The drawer of one record at …/new or …/:id: an empty form for a new one, else the record once
 * loaded. The form starts again from the record each time the record is fetched anew.
 */
export function RecordDrawer<T>({
  title,
  onClose,
  record,
  fields,
  children,
}: {
  title: string;
  onClose: () => void;
  /** Null for a new record. */
  record: UseQueryResult<T> | null;
  /** How many placeholder lines while it loads. */
  fields: number;
  children: (record: T | null) => ReactNode;
}) {
  return (
    <Drawer title={title} onClose={onClose}>
      {record === null ? (
        children(null)
      ) : record.isPending ? (
        <SkeletonForm fields={fields} />
      ) : record.isError ? (
        <LoadError onRetry={() => record.refetch()} />
      ) : (
        <Fragment key={record.dataUpdatedAt}>{children(record.data)}</Fragment>
      )}
    </Drawer>
  );
}

/** An editor's last row: Delete (asking first; a saved record only) and Save. */
export function SaveDeleteBar({
  name,
  removing,
  onDelete,
  saving,
}: {
  /** The saved record's name, for the question before deleting; undefined for a new one. */
  name: string | undefined;
  removing: boolean;
  onDelete: () => void;
  saving: boolean;
}) {
  return (
    <div className="cfg-actions">
      {name !== undefined && <DeleteButton name={name} pending={removing} onDelete={onDelete} />}
      <button type="submit" className="cfg-button cfg-button-primary" disabled={saving}>
        {saving ? TEXTS.saving : TEXTS.save}
      </button>
    </div>
  );
}

/**
 * Sends a form's values: the server's per-field refusals go on their fields, any other failure
 * is `failure` for the form's notice; `saved` says the last send went through.
 */
export function useFormSave<V extends FieldValues, B, R>(
  // The values a form submits (after its schema's transforms) do not matter here.
  form: UseFormReturn<V, unknown, any>,
  fields: readonly Path<V>[],
  send: (body: B) => Promise<R>,
  onSaved: (result: R) => void,
) {
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const submit = (body: B) => {
    setFailure(null);
    setSaved(false);
    return send(body).then(
      (result) => {
        onSaved(result);
        setSaved(true);
      },
      (err: unknown) => {
        if (!showServerErrors(form, err, fields)) setFailure(err);
      },
    );
  };
  return { submit, failure, saved };
}
