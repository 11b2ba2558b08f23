import { DEFAULT_CURRENCY, decimalFromMinor, minorFromDecimal } from '@storefront/commerce';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  CHOICE_FIELD_TYPES,
  MULTI_PART_FIELD_TYPES,
  SINGLE_VALUE_FIELD_TYPES,
} from '../../../../../../server/src/modules/catalog/import-schema';
import {
  type ProductEditorInput,
  productEditorSchema,
} from '../../../../../../server/src/modules/owner-catalog/schema';
import type { FocalPoint } from '../../../api/media';

/** Spec §1 product types by number. */
export const PRODUCT_TYPE = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;
export const BILLING_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export const MERCHANDISING_VIEWS = ['product-page', 'quick-view', 'product-block'] as const;
export const DEFAULT_FOCAL_POINT: FocalPoint = { x: 0.5, y: 0.5 };

export interface VariantValues {
  attributes: Record<string, string>;
  sku: string;
  price: string;
  salePrice: string;
  onSale: boolean;
  qtyInStock?: number;
  unlimited: boolean;
  /** The product image this variant shows (its mediaId or URL); not edited here, kept. */
  image?: string;
}

export interface OptionValues {
  name: string;
  /** The option's values, comma separated ("S, M, L"). */
  values: string;
}

export interface ImageValues {
  /** An uploaded image; null for an image an import linked by URL. */
  mediaId: string | null;
  url: string;
  altText: string;
  focalPoint: FocalPoint;
  /** What an imported image keeps as it is. */
  assetUrl?: string;
  originalSize?: string;
}

type Merchandising = NonNullable<ProductEditorInput['merchandising']>;
type FormField = NonNullable<ProductEditorInput['additionalFieldsForm']>['fields'][number];

/** Spec §3 form field types, in the order the editor offers them. */
export const FORM_FIELD_TYPES = [
  ...SINGLE_VALUE_FIELD_TYPES,
  ...CHOICE_FIELD_TYPES,
  ...MULTI_PART_FIELD_TYPES,
  'section',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
const CHOICE_TYPES: readonly string[] = CHOICE_FIELD_TYPES;
export const hasChoices = (type: string) => CHOICE_TYPES.includes(type);

/** One question of the additional-fields form as the editor edits it. */
export interface FormFieldValues {
  /** Kept for a saved field (answers are stored by it); '' for a new one, made from its label. */
  id: string;
  type: FormFieldType;
  title: string;
  required: boolean;
  /** Choices of checkbox, radio, select and likert fields, one per line. */
  options: string;
  /** What the editor does not show (description, placeholder, max length), kept as it was. */
  kept: { description?: string; placeholder?: string; maxLength?: number };
}

export interface SubscriptionOptionValues {
  /** Kept for a saved option (subscriptions name it); '' for a new one, made from its title. */
  id: string;
  title: string;
}

/** The editor's form: the payload's fields, with options and images in the shape the screen edits them. */
export interface ProductFormValues {
  name: string;
  urlSlug: string;
  collectionId: string;
  /** The select's value: the spec §1 type number as text. */
  productType: string;
  description: string;
  excerpt: string;
  /** What shoppers filter the list by, comma separated ("Kitchen, Gifts"). */
  categories: string;
  tags: string;
  onSale: boolean;
  /** Digital only: more than one licence per order. */
  multipleQuantityAllowed: boolean;
  options: OptionValues[];
  variants: VariantValues[];
  isSubscribable: boolean;
  subscriptionPlan: {
    billingPeriod: { value: number; unit: (typeof BILLING_UNITS)[number] };
    numBillingCycles?: number;
  };
  productSubscriptionOptions: SubscriptionOptionValues[];
  additionalFieldsForm: { enabled: boolean; fields: FormFieldValues[] };
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  expressCheckout: boolean;
  merchandising: {
    scarcityEnabled: boolean;
    scarcityText: string;
    scarcityShownByDefault: boolean;
    customSoldOutText: string;
    restockNotificationViews: string[];
    restockNotificationMessages: {
      buttonText: string;
      CTAText: string;
      placeholderText: string;
      mailingListDescription: string;
    };
    mailingListSignUpEnabled: boolean;
    mailingListOptInByDefault: boolean;
    scarcityTemplateViews: string[];
    variantSelector: 'dropdown' | 'radio';
  };
  images: ImageValues[];
  /** A donation's rules, amounts as decimals of the store currency; blank takes the default. */
  donation: { enabled: boolean; minimum: string; maximum: string; presets: string };
}

/** Fields of a loaded product the form does not edit; saved back as they were. */
export type KeptFields = Partial<ProductEditorInput>;

const emptyVariant = (attributes: Record<string, string> = {}, sku = ''): VariantValues => ({
  attributes,
  sku,
  price: '',
  salePrice: '',
  onSale: false,
  qtyInStock: 0,
  unlimited: false,
});

export function newProductValues(collectionId: string): ProductFormValues {
  return {
    name: '',
    urlSlug: '',
    collectionId,
    productType: String(PRODUCT_TYPE.PHYSICAL),
    description: '',
    excerpt: '',
    categories: '',
    tags: '',
    onSale: false,
    multipleQuantityAllowed: false,
    options: [],
    variants: [emptyVariant()],
    isSubscribable: false,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' } },
    productSubscriptionOptions: [],
    additionalFieldsForm: { enabled: false, fields: [] },
    useCustomAddButtonText: false,
    customAddButtonText: '',
    expressCheckout: false,
    merchandising: {
      scarcityEnabled: false,
      scarcityText: '',
      scarcityShownByDefault: false,
      customSoldOutText: '',
      restockNotificationViews: [],
      restockNotificationMessages: {
        buttonText: '',
        CTAText: '',
        placeholderText: '',
        mailingListDescription: '',
      },
      mailingListSignUpEnabled: false,
      mailingListOptInByDefault: false,
      scarcityTemplateViews: [],
      variantSelector: 'dropdown',
    },
    images: [],
    donation: { enabled: false, minimum: '', maximum: '', presets: '' },
  };
}

export const newFormField = (): FormFieldValues => ({
  id: '',
  type: 'text',
  title: '',
  required: false,
  options: '',
  kept: {},
});

/**
 * Ids for the items of a list: kept ones stay, new ones are made from their names (slugified,
 * numbered when taken), so the owner never types or sees an id.
 */
function withIds<T extends { id: string }>(items: T[], nameOf: (item: T) => string, fallback: string) {
  const taken = new Set(items.map((i) => i.id).filter(Boolean));
  return items.map((item) => {
    if (item.id) return item.id;
    const base = slugify(nameOf(item)).slice(0, 48) || fallback;
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

function formFieldPayload(field: FormFieldValues, id: string): FormField {
  const base = {
    id,
    title: field.title,
    ...(field.kept.description ? { description: field.kept.description } : {}),
  };
  if (field.type === 'section') return { ...base, type: 'section' };
  const required = field.required;
  if (hasChoices(field.type))
    return {
      ...base,
      type: field.type as FormField['type'] & (typeof CHOICE_FIELD_TYPES)[number],
      required,
      options: field.options
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean),
    };
  if ((SINGLE_VALUE_FIELD_TYPES as readonly string[]).includes(field.type))
    return {
      ...base,
      type: field.type as (typeof SINGLE_VALUE_FIELD_TYPES)[number],
      required,
      ...(field.kept.placeholder ? { placeholder: field.kept.placeholder } : {}),
      ...(field.kept.maxLength ? { maxLength: field.kept.maxLength } : {}),
    };
  return { ...base, type: field.type as (typeof MULTI_PART_FIELD_TYPES)[number], required };
}

function fromFormField(field: FormField): FormFieldValues {
  return {
    id: field.id,
    type: field.type,
    title: field.title,
    required: 'required' in field ? (field.required ?? false) : false,
    options: 'options' in field ? field.options.join('\n') : '',
    kept: {
      description: field.description,
      ...('placeholder' in field ? { placeholder: field.placeholder } : {}),
      ...('maxLength' in field ? { maxLength: field.maxLength } : {}),
    },
  };
}

/** A product name as its address: "Linen Shirt" → "linen-shirt". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const optionValuesOf = (option: OptionValues) =>
  option.values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const keyOf = (attributes: Record<string, string>) => JSON.stringify(Object.entries(attributes).sort());

/**
 * The variants the options make: one per combination of values, each keeping what was typed for
 * it before; a new one starts from the first variant's prices and a suggested SKU.
 */
export function variantsFor(
  options: OptionValues[],
  current: VariantValues[],
  slug: string,
): VariantValues[] {
  const named = options.filter((o) => o.name.trim() && optionValuesOf(o).length > 0);
  let combos: Record<string, string>[] = [{}];
  for (const option of named) {
    combos = combos.flatMap((combo) =>
      optionValuesOf(option).map((value) => ({ ...combo, [option.name.trim()]: value })),
    );
  }
  const existing = new Map(current.map((v) => [keyOf(v.attributes), v]));
  const template = current[0] ?? emptyVariant();
  return combos.map((attributes) => {
    const kept = existing.get(keyOf(attributes));
    if (kept) return kept;
    const suffix = Object.values(attributes).map(slugify).join('-');
    const sku = [slug || 'sku', suffix].filter(Boolean).join('-').toUpperCase();
    return { ...template, attributes, sku };
  });
}

/** Whether two variant lists are the same combinations in the same order. */
export function sameCombinations(a: VariantValues[], b: VariantValues[]): boolean {
  return a.length === b.length && a.every((v, i) => keyOf(v.attributes) === keyOf(b[i].attributes));
}

const blankToUndefined = (s: string | undefined) => (s?.trim() ? s : undefined);
/** "Kitchen, Gifts," → ['Kitchen', 'Gifts']. */
const names = (list: string) =>
  list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** A typed amount in minor units; undefined when blank or unreadable (the resolver says which). */
function minorOf(decimal: string, currency: string): number | undefined {
  try {
    return decimal.trim() ? minorFromDecimal(decimal, currency) : undefined;
  } catch {
    return undefined;
  }
}

/** The donation amounts the owner typed that are not amounts, by form field. */
function unreadableAmounts(values: ProductFormValues, currency: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.donation.enabled) return errors;
  const { minimum, maximum, presets } = values.donation;
  const bad = (text: string) => text.trim() !== '' && minorOf(text, currency) === undefined;
  if (bad(minimum)) errors['donation.minimum'] = AMOUNT_MESSAGE;
  if (bad(maximum)) errors['donation.maximum'] = AMOUNT_MESSAGE;
  if (names(presets).some(bad)) errors['donation.presets'] = AMOUNT_MESSAGE;
  return errors;
}

const AMOUNT_MESSAGE = 'must be an amount, like 5 or 5.00';

/** The payload POST/PUT /api/config/products take (owner-catalog/schema.ts productEditorSchema). */
export function toPayload(
  values: ProductFormValues,
  kept: KeptFields = {},
  currency: string = DEFAULT_CURRENCY,
): ProductEditorInput {
  const optionNames = values.options.map((o) => o.name.trim()).filter(Boolean);
  const m = values.merchandising;
  const merchandising: Merchandising = {
    ...kept.merchandising,
    scarcityEnabled: m.scarcityEnabled,
    scarcityText: blankToUndefined(m.scarcityText),
    scarcityShownByDefault: m.scarcityShownByDefault,
    customSoldOutText: blankToUndefined(m.customSoldOutText),
    restockNotificationViews: m.restockNotificationViews as Merchandising['restockNotificationViews'],
    restockNotificationMessages: Object.fromEntries(
      Object.entries(m.restockNotificationMessages).flatMap(([k, v]) => (v.trim() ? [[k, v]] : [])),
    ),
    mailingListSignUpEnabled: m.mailingListSignUpEnabled,
    mailingListOptInByDefault: m.mailingListSignUpEnabled && m.mailingListOptInByDefault,
    scarcityTemplateViews: m.scarcityTemplateViews as Merchandising['scarcityTemplateViews'],
    variantSelector: m.variantSelector,
  };
  const subscriptionOptions = values.productSubscriptionOptions;
  const optionIds = withIds(subscriptionOptions, (o) => o.title, 'option');
  const formFields = values.additionalFieldsForm.fields;
  const imageKeys = new Set(values.images.map((img) => img.mediaId ?? img.assetUrl ?? img.url));
  const fieldIds = withIds(formFields, (f) => f.title, 'field');
  return {
    ...kept,
    collectionId: values.collectionId,
    urlSlug: values.urlSlug,
    name: values.name,
    productType: Number(values.productType) as ProductEditorInput['productType'],
    description: values.description,
    excerpt: blankToUndefined(values.excerpt),
    categories: names(values.categories),
    tags: names(values.tags),
    images: values.images.map((img) =>
      img.mediaId
        ? { mediaId: img.mediaId }
        : { assetUrl: img.assetUrl ?? img.url, altText: img.altText, originalSize: img.originalSize },
    ),
    onSale: Number(values.productType) === PRODUCT_TYPE.DIGITAL ? values.onSale : undefined,
    multipleQuantityAllowed:
      Number(values.productType) === PRODUCT_TYPE.DIGITAL ? values.multipleQuantityAllowed : undefined,
    isSubscribable: values.isSubscribable,
    subscriptionPlan: values.isSubscribable
      ? {
          billingPeriod: values.subscriptionPlan.billingPeriod,
          numBillingCycles: values.subscriptionPlan.numBillingCycles ?? null,
        }
      : undefined,
    productSubscriptionOptions:
      values.isSubscribable && subscriptionOptions.length > 0
        ? subscriptionOptions.map((o, i) => ({
            id: optionIds[i],
            ...(o.title.trim() ? { title: o.title } : {}),
          }))
        : undefined,
    additionalFieldsForm: values.additionalFieldsForm.enabled
      ? { fields: formFields.map((f, i) => formFieldPayload(f, fieldIds[i])) }
      : null,
    useCustomAddButtonText: values.useCustomAddButtonText,
    customAddButtonText: values.useCustomAddButtonText ? values.customAddButtonText : undefined,
    expressCheckout: values.expressCheckout,
    variantOptionOrdering: optionNames.length > 0 ? optionNames : undefined,
    merchandising,
    donation: values.donation.enabled
      ? {
          minCents: minorOf(values.donation.minimum, currency),
          maxCents: minorOf(values.donation.maximum, currency),
          presetsCents: names(values.donation.presets).flatMap((p) => minorOf(p, currency) ?? []),
        }
      : undefined,
    variants: values.variants.map((v) => ({
      sku: v.sku,
      attributes: v.attributes,
      price: blankToUndefined(v.price),
      salePrice: blankToUndefined(v.salePrice),
      onSale: v.onSale,
      qtyInStock: v.unlimited ? undefined : v.qtyInStock,
      unlimited: v.unlimited,
      // Only while that image is still one of the product's.
      image: v.image && imageKeys.has(v.image) ? v.image : undefined,
    })),
  };
}

/** A loaded product as the form edits it, and what the form leaves alone. */
export function fromProduct(
  product: ProductEditorInput & {
    imagePreviews?: { mediaId: string | null; url: string; altText: string }[];
  },
  focalPoints: ReadonlyMap<string, FocalPoint>,
  currency: string,
): { values: ProductFormValues; kept: KeptFields } {
  // Prices are edited as the decimal amounts shoppers see; stored minor units are shown that way.
  const amount = (decimal: string | undefined, cents: number | undefined) =>
    decimal ?? (cents === undefined ? '' : decimalFromMinor(cents, currency));
  const {
    collectionId,
    urlSlug,
    name,
    productType,
    description,
    excerpt,
    categories,
    tags,
    images,
    onSale,
    multipleQuantityAllowed,
    isSubscribable,
    subscriptionPlan,
    productSubscriptionOptions,
    additionalFieldsForm,
    useCustomAddButtonText,
    customAddButtonText,
    expressCheckout,
    variantOptionOrdering,
    merchandising,
    variants,
    donation,
    ...rest
  } = product;
  const kept: KeptFields = {
    ...(Object.fromEntries(
      Object.entries(rest).filter(
        ([k]) =>
          ![
            'id',
            'published',
            'fullUrl',
            'digitalFile',
            'formSharedWith',
            'imagePreviews',
            'createdAt',
            'updatedAt',
          ].includes(k),
      ),
    ) as KeptFields),
    merchandising,
  };
  const optionNames = variantOptionOrdering ?? Object.keys(variants[0]?.attributes ?? {});
  const options = optionNames.map((optionName) => ({
    name: optionName,
    values: [
      ...new Set(variants.map((v) => v.attributes?.[optionName]).filter((v): v is string => !!v)),
    ].join(', '),
  }));
  const previews = product.imagePreviews ?? [];
  const defaults = newProductValues(collectionId);
  return {
    kept,
    values: {
      ...defaults,
      name,
      urlSlug,
      productType: String(productType),
      description: description ?? '',
      excerpt: excerpt ?? '',
      categories: (categories ?? []).join(', '),
      tags: (tags ?? []).join(', '),
      onSale: onSale ?? false,
      multipleQuantityAllowed: multipleQuantityAllowed ?? false,
      options,
      variants: variants.map((v) => ({
        attributes: v.attributes ?? {},
        sku: v.sku,
        price: amount(v.price, v.priceCents),
        salePrice: amount(v.salePrice, v.salePriceCents),
        onSale: v.onSale ?? false,
        qtyInStock: v.qtyInStock ?? 0,
        unlimited: v.unlimited ?? false,
        ...(v.image ? { image: v.image } : {}),
      })),
      isSubscribable: isSubscribable ?? false,
      subscriptionPlan: subscriptionPlan
        ? {
            billingPeriod: subscriptionPlan.billingPeriod,
            numBillingCycles: subscriptionPlan.numBillingCycles ?? undefined,
          }
        : defaults.subscriptionPlan,
      productSubscriptionOptions: (productSubscriptionOptions ?? []).map((o) => ({
        id: o.id,
        title: o.title ?? '',
      })),
      additionalFieldsForm: {
        enabled: !!additionalFieldsForm,
        fields: (additionalFieldsForm?.fields ?? []).map(fromFormField),
      },
      useCustomAddButtonText: useCustomAddButtonText ?? false,
      customAddButtonText: customAddButtonText ?? '',
      expressCheckout: expressCheckout ?? false,
      merchandising: {
        scarcityEnabled: merchandising?.scarcityEnabled ?? false,
        scarcityText: merchandising?.scarcityText ?? '',
        scarcityShownByDefault: merchandising?.scarcityShownByDefault ?? false,
        customSoldOutText: merchandising?.customSoldOutText ?? '',
        restockNotificationViews: [...(merchandising?.restockNotificationViews ?? [])],
        restockNotificationMessages: {
          buttonText: merchandising?.restockNotificationMessages?.buttonText ?? '',
          CTAText: merchandising?.restockNotificationMessages?.CTAText ?? '',
          placeholderText: merchandising?.restockNotificationMessages?.placeholderText ?? '',
          mailingListDescription: merchandising?.restockNotificationMessages?.mailingListDescription ?? '',
        },
        mailingListSignUpEnabled: merchandising?.mailingListSignUpEnabled ?? false,
        mailingListOptInByDefault: merchandising?.mailingListOptInByDefault ?? false,
        scarcityTemplateViews: [...(merchandising?.scarcityTemplateViews ?? [])],
        variantSelector: merchandising?.variantSelector ?? 'dropdown',
      },
      donation: {
        enabled: !!donation,
        minimum: donation?.minCents === undefined ? '' : decimalFromMinor(donation.minCents, currency),
        maximum: donation?.maxCents === undefined ? '' : decimalFromMinor(donation.maxCents, currency),
        presets: (donation?.presetsCents ?? []).map((c) => decimalFromMinor(c, currency)).join(', '),
      },
      images: (images ?? []).map((img, i) => {
        const preview = previews[i];
        if ('mediaId' in img)
          return {
            mediaId: img.mediaId,
            url: preview?.url ?? '',
            altText: preview?.altText ?? '',
            focalPoint: focalPoints.get(img.mediaId) ?? DEFAULT_FOCAL_POINT,
          };
        return {
          mediaId: null,
          url: img.assetUrl,
          assetUrl: img.assetUrl,
          altText: img.altText ?? '',
          originalSize: img.originalSize,
          focalPoint: DEFAULT_FOCAL_POINT,
        };
      }),
    },
  };
}

/** "variants[0].price" (the server's rules) and "variants.0.price" (zod) both name a form field. */
export function fieldPath(path: string): string {
  const dotted = path.replace(/\[(\d+)\]/g, '.$1');
  // Options are edited as a list; the payload's ordering and attribute problems belong to it.
  if (dotted.startsWith('variantOptionOrdering') || /^variants\.\d+\.attributes/.test(dotted))
    return 'options';
  // Ids are made from names: a problem with one belongs to the name it came from.
  if (/^productSubscriptionOptions\.\d+\.id$/.test(dotted)) return dotted.replace(/id$/, 'title');
  if (/^additionalFieldsForm\.fields\.\d+\.id$/.test(dotted)) return dotted.replace(/id$/, 'title');
  if (dotted === 'additionalFieldsForm.fields') return 'additionalFieldsForm.enabled';
  // Donation amounts are edited as decimals under their own names.
  if (dotted === 'donation') return 'donation.enabled';
  if (dotted === 'donation.minCents') return 'donation.minimum';
  if (dotted === 'donation.maxCents') return 'donation.maximum';
  if (dotted.startsWith('donation.presetsCents')) return 'donation.presets';
  return dotted;
}

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** Errors keyed by field path, nested the way react-hook-form reads them. */
export function nestErrors(flat: Record<string, string>): FieldErrors<ProductFormValues> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = fieldPath(path).split('.');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] ??= { type: 'validate', message: sentence(message) };
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root as FieldErrors<ProductFormValues>;
}

/**
 * Inline validation with the server's own schema: the form's values become the payload and
 * productEditorSchema judges it, each problem shown at its field.
 */
export function productResolver(
  kept: () => KeptFields,
  currency: string = DEFAULT_CURRENCY,
): Resolver<ProductFormValues> {
  return async (values) => {
    const parsed = productEditorSchema.safeParse(toPayload(values, kept(), currency));
    const flat = unreadableAmounts(values, currency);
    if (parsed.success && Object.keys(flat).length === 0) return { values, errors: {} };
    for (const issue of parsed.error?.issues ?? []) flat[issue.path.join('.') || 'name'] ??= issue.message;
    return { values: {}, errors: nestErrors(flat) };
  };
}
