import { MESSAGES, type TrackedErrorType } from '@storefront/commerce';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { FormField } from '../catalog/import-schema.js';
import { checkAnswers } from './answers.js';
import { findForm, insertForm, updateFormFields } from './repo.js';

/** GET /api/template/GetTemplateSchema answer: the stored field list as imported. */
export interface FormSchema {
  id: string;
  name: string;
  fields: FormField[];
}

export async function getFormSchema(ctx: RequestContext, formId: string): Promise<FormSchema | null> {
  const row = await findForm(ctx.db, ctx.websiteId, formId);
  return row ? { id: row.id, name: row.name, fields: JSON.parse(row.fields) as FormField[] } : null;
}

/**
 * Saves a product's additional-fields form (the product editor): the fields go into form `formId`
 * when the product has one, otherwise into a new form named after the product. Answers the id.
 */
export async function saveProductFormFields(
  ctx: Pick<RequestContext, 'db' | 'websiteId'>,
  formId: string | undefined,
  productName: string,
  fields: FormField[],
): Promise<string> {
  const json = JSON.stringify(fields);
  if (formId) {
    await updateFormFields(ctx.db, ctx.websiteId, formId, json);
    return formId;
  }
  const id = newId('form');
  await insertForm(ctx.db, {
    id,
    website_id: ctx.websiteId,
    name: `${productName}: additional fields`,
    fields: json,
  });
  return id;
}

/** Per-field problems of `answers` against the form, keyed by field id; empty when valid. */
export async function validateFormAnswers(
  ctx: RequestContext,
  formId: string,
  answers: unknown,
): Promise<Record<string, string>> {
  const form = await getFormSchema(ctx, formId);
  if (!form) throw new HttpError(404, MESSAGES.formNotConfigured);
  return checkAnswers(form.fields, answers);
}

/**
 * Spec §4 step 5 on the server: a product with an additional-fields form needs answers that pass
 * it (a missing answer set counts as empty, so a form with required fields refuses it).
 * `additionalFields` is the JSON string of the cart and subscription calls. Throws 400 with the
 * per-field `errors`; returns the answers' JSON to store (null for products without a form).
 */
export async function checkProductForm(
  ctx: RequestContext,
  product: { additionalFieldsFormId?: string | null },
  additionalFields: string | null | undefined,
  type?: TrackedErrorType,
): Promise<string | null> {
  const formId = product.additionalFieldsFormId;
  if (!formId) return additionalFields ?? null;
  const answers: unknown = additionalFields ? JSON.parse(additionalFields) : {};
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    throw new HttpError(400, 'additionalFields must be a JSON object keyed by field id.', type);
  }
  const errors = await validateFormAnswers(ctx, formId, answers);
  if (Object.keys(errors).length > 0) throw new HttpError(400, MESSAGES.formInvalid, type, errors);
  return additionalFields ?? '{}';
}
