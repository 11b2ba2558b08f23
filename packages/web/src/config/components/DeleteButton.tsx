import { useState } from 'react';
import { TEXTS } from '../texts';

/** Delete, then a second step that asks before anything goes. */
export function DeleteButton({
  name,
  pending,
  onDelete,
}: {
  name: string;
  pending: boolean;
  onDelete: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="cfg-button cfg-button-quiet" onClick={() => setAsking(true)}>
        {TEXTS.delete}
      </button>
    );
  return (
    <>
      <span role="alert">{TEXTS.confirmDelete(name)}</span>
      <button type="button" className="cfg-button" onClick={() => setAsking(false)}>
        {TEXTS.cancel}
      </button>
      <button type="button" className="cfg-button cfg-button-danger" disabled={pending} onClick={onDelete}>
        {TEXTS.delete}
      </button>
    </>
  );
}
