import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CHOICE_FIELD_TYPES,
  MULTI_PART_FIELD_TYPES,
  SINGLE_VALUE_FIELD_TYPES,
} from '../../../../../../server/src/modules/catalog/import-schema';
import { formBody } from '../../../../../../server/src/modules/owner-forms/schema';
import { type FormBody, formQuery, type SiteForm, useRemoveForm, useSaveForm } from '../../../api/forms';
import { mailingListsQuery } from '../../../api/newsletter';
import { can, sessionQuery } from '../../../api/session';
import { DeleteButton } from '../../../components/DeleteButton';
import { Field, type Option } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { blank, countOrUndefined, schemaResolver } from '../../../components/schema-resolver';
import { showServerErrors } from '../../../components/server-errors';
import { TEXTS } from '../../../texts';

/** Spec §3 form field types, in the order the builder offers them. */
const TYPE_ORDER = [
  'name',
  'email',
  'text',
  'textarea',
  'number',
  'date',
  'time',
  'phone',
  'address',
  'checkbox',
  'radio',
  'select',
  'likert',
  'section',
] as const;
const TYPE_OPTIONS: readonly Option[] = TYPE_ORDER.map((t) => ({ value: t, label: TEXTS.fieldTypes[t] }));

const SINGLE = new Set<string>(SINGLE_VALUE_FIELD_TYPES);
const CHOICE = new Set<string>(CHOICE_FIELD_TYPES);
const PARTS = new Set<string>(MULTI_PART_FIELD_TYPES);

/** One field as typed in the builder. */
interface FieldValues {
  id: string;
  type: string;
  title: string;
  description: string;
  required: boolean;
  options: string;
  maxLength: string;
  placeholder: string;
}

interface Values {
  name: string;
  fields: FieldValues[];
  successText: string;
  postSubmitHtml: string;
  successRedirect: string;
  captchaEnabled: boolean;
  notificationEmails: string;
  pageSlug: string;
  mailingListId: string;
  newsletterOnFormPages: boolean;
  newsletterPopup: boolean;
}

let made = 0;
/** A new field's id: unique within the form, and never reused after a field is removed. */
function newFieldId(): string {
  made += 1;
  return `field-${Date.now().toString(36)}-${made}`;
}

function blankField(type = 'text'): FieldValues {
  return {
    id: newFieldId(),
    type,
    title: '',
    description: '',
    required: false,
    options: '',
    maxLength: '',
    placeholder: '',
  };
}

function valuesOf(form: SiteForm | null): Values {
  return {
    name: form?.name ?? '',
    fields: (form?.fields ?? [blankField('name'), blankField('email')]).map((f) => ({
      id: f.id,
      type: f.type,
      title: f.title,
      description: f.description ?? '',
      required: 'required' in f ? Boolean(f.required) : false,
      options: 'options' in f && Array.isArray(f.options) ? f.options.join('\n') : '',
      maxLength: 'maxLength' in f && f.maxLength !== undefined ? String(f.maxLength) : '',
      placeholder: 'placeholder' in f && f.placeholder ? f.placeholder : '',
    })),
    successText: form?.successText ?? '',
    postSubmitHtml: form?.postSubmitHtml ?? '',
    successRedirect: form?.successRedirect ?? '',
    captchaEnabled: form?.captchaEnabled ?? true,
    notificationEmails: (form?.notificationEmails ?? []).join(', '),
    pageSlug: form?.pageSlug ?? '',
    mailingListId: form?.mailingListId ?? '',
    newsletterOnFormPages: form?.newsletterOnFormPages ?? false,
    newsletterPopup: form?.newsletterPopup ?? false,
  };
}

const orNull = (v: string) => (blank(v) ? null : v.trim());
const orUndefined = (v: string) => (blank(v) ? undefined : v.trim());

function fieldBody(f: FieldValues) {
  const base = { id: f.id, type: f.type, title: f.title.trim(), description: orUndefined(f.description) };
  if (f.type === 'section') return base;
  const withRequired = { ...base, required: f.required };
  if (CHOICE.has(f.type)) {
    return {
      ...withRequired,
      options: f.options
        .split('\n')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    };
  }
  if (SINGLE.has(f.type)) {
    return {
      ...withRequired,
      placeholder: orUndefined(f.placeholder),
      maxLength: f.type === 'textarea' || f.type === 'text' ? countOrUndefined(f.maxLength) : undefined,
    };
  }
  return withRequired;
}

/** The API body: unset parts left out, as the server's strict schema wants. */
export function toFormBody(v: Values): FormBody {
  const body = {
    name: v.name.trim(),
    fields: v.fields.map((f) =>
      Object.fromEntries(Object.entries(fieldBody(f)).filter(([, value]) => value !== undefined)),
    ),
    successText: orNull(v.successText),
    postSubmitHtml: orNull(v.postSubmitHtml),
    successRedirect: orNull(v.successRedirect),
    captchaEnabled: v.captchaEnabled,
    notificationEmails: v.notificationEmails
      .split(/[,\s]+/)
      .map((e) => e.trim())
      .filter((e) => e !== ''),
    pageSlug: orNull(v.pageSlug),
    mailingListId: orNull(v.mailingListId),
    newsletterOnFormPages: v.newsletterOnFormPages,
    newsletterPopup: v.newsletterPopup,
  };
  return body as unknown as FormBody;
}

/** Server paths onto the builder's inputs: fields.2.options.0 is the choices box of field 3. */
function fieldOf(path: string): string {
  const m = /^fields\.(\d+)\.(\w+)/.exec(path);
  if (m) return `fields.${m[1]}.${m[2]}`;
  if (path.startsWith('notificationEmails')) return 'notificationEmails';
  return path;
}

const TOP_FIELDS = [
  'name',
  'successText',
  'postSubmitHtml',
  'successRedirect',
  'notificationEmails',
  'pageSlug',
  'mailingListId',
] as const;

/** A form with a mailing list is a newsletter sign-up: where it shows besides the blocks that place it. */
function NewsletterSettings({
  form,
  disabled,
  current,
}: {
  form: ReturnType<typeof useForm<Values, unknown, FormBody>>;
  disabled: boolean;
  current: string | null;
}) {
  const { data: contributor } = useQuery(sessionQuery());
  // Lists are the campaigns editors'; others keep the form's list as it is.
  const lists = useQuery({ ...mailingListsQuery(), enabled: can(contributor, 'campaigns.write') });
  const options: Option[] = [
    { value: '', label: TEXTS.noNewsletterList },
    ...(lists.data ?? []).map((l) => ({ value: l.id, label: l.name })),
    ...(current && !lists.data ? [{ value: current, label: current }] : []),
  ];
  const listId = useWatch({ control: form.control, name: 'mailingListId' });
  return (
    <fieldset className="cfg-section">
      <legend>{TEXTS.newsletterForm}</legend>
      <Field
        form={form}
        name="mailingListId"
        label={TEXTS.newsletterList}
        hint={TEXTS.newsletterListHint}
        kind="select"
        options={options}
        disabled={disabled}
        idPrefix="form"
      />
      {listId && (
        <>
          <Field
            form={form}
            name="newsletterOnFormPages"
            label={TEXTS.newsletterOnFormPages}
            kind="checkbox"
            disabled={disabled}
            idPrefix="form"
          />
          <Field
            form={form}
            name="newsletterPopup"
            label={TEXTS.newsletterPopup}
            kind="checkbox"
            disabled={disabled}
            idPrefix="form"
          />
        </>
      )}
    </fieldset>
  );
}

function FieldEditor({
  form,
  index,
  count,
  disabled,
  onMove,
  onRemove,
}: {
  form: ReturnType<typeof useForm<Values, unknown, FormBody>>;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const type = useWatch({ control: form.control, name: `fields.${index}.type` });
  const title = useWatch({ control: form.control, name: `fields.${index}.title` });
  const name = (part: keyof FieldValues) => `fields.${index}.${part}` as FieldPath<Values>;
  const prefix = `form-field-${index}`;
  return (
    <fieldset className="cfg-section cfg-form-field">
      <legend>{TEXTS.fieldNumber(index + 1, title)}</legend>
      <div className="cfg-grid cfg-form-field-head">
        <Field
          form={form}
          name={name('type')}
          label={TEXTS.fieldType}
          kind="select"
          options={TYPE_OPTIONS}
          idPrefix={prefix}
          disabled={disabled}
        />
        <Field
          form={form}
          name={name('title')}
          label={TEXTS.fieldTitle}
          idPrefix={prefix}
          disabled={disabled}
        />
      </div>
      <Field
        form={form}
        name={name('description')}
        label={TEXTS.fieldDescription}
        idPrefix={prefix}
        disabled={disabled}
      />
      {CHOICE.has(type) && (
        <Field
          form={form}
          name={name('options')}
          label={type === 'likert' ? TEXTS.likertStatements : TEXTS.fieldOptions}
          kind="textarea"
          idPrefix={prefix}
          disabled={disabled}
        />
      )}
      {SINGLE.has(type) && (
        <div className="cfg-grid">
          <Field
            form={form}
            name={name('placeholder')}
            label={TEXTS.fieldPlaceholder}
            idPrefix={prefix}
            disabled={disabled}
          />
          {(type === 'textarea' || type === 'text') && (
            <Field
              form={form}
              name={name('maxLength')}
              label={TEXTS.fieldMaxLength}
              idPrefix={prefix}
              disabled={disabled}
            />
          )}
        </div>
      )}
      <div className="cfg-form-field-foot">
        {type !== 'section' && (SINGLE.has(type) || CHOICE.has(type) || PARTS.has(type)) ? (
          <Field
            form={form}
            name={name('required')}
            label={TEXTS.fieldRequired}
            kind="checkbox"
            idPrefix={prefix}
            disabled={disabled}
          />
        ) : (
          <span />
        )}
        {!disabled && (
          <div className="cfg-actions">
            <button
              type="button"
              className="cfg-button cfg-button-quiet"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              {TEXTS.moveUp}
            </button>
            <button
              type="button"
              className="cfg-button cfg-button-quiet"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              {TEXTS.moveDown}
            </button>
            <button
              type="button"
              className="cfg-button cfg-button-quiet"
              disabled={count === 1}
              onClick={onRemove}
            >
              {TEXTS.removeField}
            </button>
          </div>
        )}
      </div>
    </fieldset>
  );
}

function BuilderForm({ form: saved, editable }: { form: SiteForm | null; editable: boolean }) {
  const navigate = useNavigate();
  const save = useSaveForm();
  const remove = useRemoveForm();
  const [failure, setFailure] = useState<unknown>(null);
  const [savedNote, setSavedNote] = useState(false);
  const form = useForm<Values, unknown, FormBody>({
    resolver: schemaResolver(formBody, toFormBody, fieldOf),
    defaultValues: valuesOf(saved),
  });
  const fields = useFieldArray({ control: form.control, name: 'fields', keyName: 'key' });
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    setSavedNote(false);
    return save.mutateAsync({ id: saved?.id, body }).then(
      (result) => {
        setSavedNote(true);
        if (!saved) navigate(`../${encodeURIComponent(result.id)}`, { replace: true });
      },
      (err: unknown) => {
        if (!showServerErrors(form, err, TOP_FIELDS)) setFailure(err);
      },
    );
  });
  const disabled = !editable;
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form cfg-form-builder">
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      <ErrorNotice error={failure ?? remove.error} />
      <Field form={form} name="name" label={TEXTS.formName} disabled={disabled} idPrefix="form" />
      <h2 className="cfg-subhead">{TEXTS.formFields}</h2>
      {fields.fields.map((f, i) => (
        <FieldEditor
          key={f.key}
          form={form}
          index={i}
          count={fields.fields.length}
          disabled={disabled}
          onMove={(to) => fields.move(i, to)}
          onRemove={() => fields.remove(i)}
        />
      ))}
      {editable && (
        <div>
          <button type="button" className="cfg-button" onClick={() => fields.append(blankField())}>
            {TEXTS.addField}
          </button>
        </div>
      )}
      <fieldset className="cfg-section">
        <legend>{TEXTS.afterSubmitting}</legend>
        <Field
          form={form}
          name="successText"
          label={TEXTS.successText}
          hint={TEXTS.successTextHint}
          kind="textarea"
          disabled={disabled}
          idPrefix="form"
        />
        <Field
          form={form}
          name="postSubmitHtml"
          label={TEXTS.postSubmitHtml}
          hint={TEXTS.postSubmitHtmlHint}
          kind="textarea"
          disabled={disabled}
          idPrefix="form"
        />
        <Field
          form={form}
          name="successRedirect"
          label={TEXTS.successRedirect}
          hint={TEXTS.successRedirectHint}
          disabled={disabled}
          idPrefix="form"
        />
      </fieldset>
      <fieldset className="cfg-section">
        <legend>{TEXTS.spamAndNotifications}</legend>
        <Field
          form={form}
          name="captchaEnabled"
          label={TEXTS.captchaOn}
          kind="checkbox"
          disabled={disabled}
          idPrefix="form"
        />
        <Field
          form={form}
          name="notificationEmails"
          label={TEXTS.notificationEmails}
          hint={TEXTS.notificationEmailsHint}
          disabled={disabled}
          idPrefix="form"
        />
        <Field
          form={form}
          name="pageSlug"
          label={TEXTS.pageSlug}
          hint={TEXTS.pageSlugHint}
          disabled={disabled}
          idPrefix="form"
        />
      </fieldset>
      <NewsletterSettings form={form} disabled={disabled} current={saved?.mailingListId ?? null} />
      {editable && (
        <div className="cfg-actions">
          {savedNote && !form.formState.isDirty && <output className="cfg-saved">{TEXTS.saved}</output>}
          {saved && (
            <DeleteButton
              name={saved.name}
              pending={remove.isPending}
              onDelete={() =>
                remove.mutateAsync(saved.id).then(
                  () => navigate('..'),
                  () => undefined,
                )
              }
            />
          )}
          <button type="submit" className="cfg-button cfg-button-primary" disabled={save.isPending}>
            {save.isPending ? TEXTS.saving : TEXTS.save}
          </button>
        </div>
      )}
    </form>
  );
}

/** The form builder at /config/forms/new and /config/forms/:formId. */
export function FormBuilder() {
  const { formId } = useParams();
  const isNew = formId === undefined;
  const { data: contributor } = useQuery(sessionQuery());
  const saved = useQuery({ ...formQuery(formId ?? ''), enabled: !isNew });
  const editable = can(contributor, 'forms.write');
  return (
    <>
      <div className="cfg-page-head">
        <h1>{isNew ? TEXTS.newForm : (saved.data?.name ?? TEXTS.form)}</h1>
        {!isNew && can(contributor, 'submissions.read') && (
          <Link to="submissions" className="cfg-button">
            {TEXTS.submissions}
          </Link>
        )}
      </div>
      {isNew ? (
        <BuilderForm form={null} editable={editable} />
      ) : saved.isPending ? (
        <SkeletonForm fields={8} />
      ) : saved.isError ? (
        <LoadError onRetry={() => saved.refetch()} />
      ) : (
        <BuilderForm key={saved.dataUpdatedAt} form={saved.data} editable={editable} />
      )}
    </>
  );
}
