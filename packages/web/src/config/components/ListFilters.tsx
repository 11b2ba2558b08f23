import type { FormEvent } from 'react';
import { TEXTS } from '../texts';
import { FieldFrame, type Option } from './Field';

/** A list's search: the words go into the address when the form is sent. */
export function SearchBox({
  id,
  name,
  value,
  placeholder,
  onSearch,
}: {
  id: string;
  /** The address parameter (and the input's name). */
  name: string;
  value: string | undefined;
  placeholder: string;
  onSearch: (words: string | undefined) => void;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get(name) ?? '').trim() || undefined);
  }
  return (
    <search className="cfg-search">
      <form onSubmit={submit} className="cfg-search-form">
        <FieldFrame id={id} label={TEXTS.search}>
          {(control) => (
            <input
              {...control}
              name={name}
              type="search"
              defaultValue={value ?? ''}
              placeholder={placeholder}
            />
          )}
        </FieldFrame>
        <button type="submit" className="cfg-button">
          {TEXTS.search}
        </button>
      </form>
    </search>
  );
}

/** A list's filter by one property; the empty choice ("any …") clears it. */
export function FilterSelect({
  id,
  label,
  value,
  any,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | number | undefined;
  any: string;
  options: readonly Option[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <FieldFrame id={id} label={label}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
