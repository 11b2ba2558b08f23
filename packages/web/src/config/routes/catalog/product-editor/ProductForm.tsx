import { DONATION_DEFAULT_MAX_CENTS, DONATION_DEFAULT_MIN_CENTS, formatMoney } from '@storefront/commerce';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useUpdateMedia } from '../../../api/media';
import {
  type ProductCollection,
  type ProductDetail,
  useCreateProduct,
  useDeleteProduct,
  usePublishProduct,
  useUpdateProduct,
} from '../../../api/products';
import { DeleteButton } from '../../../components/DeleteButton';
import { Field, FieldFrame } from '../../../components/Field';
import { ErrorNotice } from '../../../components/Status';
import { areaContext } from '../../../context';
import { PRODUCT_TYPE_NAMES } from '../../../format';
import { TEXTS } from '../../../texts';
import { AdditionalFieldsSection } from './AdditionalFieldsSection';
import { DigitalFileField } from './DigitalFileField';
import {
  BILLING_UNITS,
  fieldPath,
  type ImageValues,
  type KeptFields,
  MERCHANDISING_VIEWS,
  PRODUCT_TYPE,
  type ProductFormValues,
  productResolver,
  sameCombinations,
  slugify,
  toPayload,
  variantsFor,
} from './form-model';
import { ImagesSection } from './ImagesSection';
import { VariantsSection } from './VariantsSection';

const TYPE_OPTIONS = Object.entries(PRODUCT_TYPE_NAMES).map(([value, label]) => ({ value, label }));
const UNIT_OPTIONS = BILLING_UNITS.map((u) => ({ value: u, label: TEXTS.billingUnits[u] }));
const SELECTOR_OPTIONS = [
  { value: 'dropdown', label: TEXTS.selectorDropdown },
  { value: 'radio', label: TEXTS.selectorRadio },
];

interface ProductFormProps {
  product?: ProductDetail;
  initial: { values: ProductFormValues; kept: KeptFields };
  collections: ProductCollection[];
  editable: boolean;
  /**
   * Whether the last save went through. The editor holds it: a save reloads the product, and the
   * form starts again from what was stored (a new form), which must still say it was saved.
   */
  saved: boolean;
  onSaved: (saved: boolean) => void;
  onClose: () => void;
}

/** Each uploaded image's alt text or focal point that changed since the form opened. */
function mediaChanges(images: ImageValues[], before: ImageValues[]) {
  const old = new Map(before.flatMap((img) => (img.mediaId ? [[img.mediaId, img] as const] : [])));
  return images.flatMap((img) => {
    if (!img.mediaId) return [];
    const was = old.get(img.mediaId);
    const altText = was?.altText === img.altText ? undefined : img.altText;
    const focalMoved = !was || was.focalPoint.x !== img.focalPoint.x || was.focalPoint.y !== img.focalPoint.y;
    const focalPoint = focalMoved ? img.focalPoint : undefined;
    return altText === undefined && focalPoint === undefined
      ? []
      : [{ id: img.mediaId, altText, focalPoint }];
  });
}

export function ProductForm({
  product,
  initial,
  collections,
  editable,
  saved,
  onSaved,
  onClose,
}: ProductFormProps) {
  const kept = useRef(initial.kept);
  const form = useForm<ProductFormValues>({
    defaultValues: initial.values,
    resolver: productResolver(() => kept.current, areaContext().currency),
    mode: 'onTouched',
  });
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const publish = usePublishProduct();
  const remove = useDeleteProduct();
  const updateMedia = useUpdateMedia();
  const [failure, setFailure] = useState<unknown>(null);
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const subscriptionOptions = useFieldArray({ control: form.control, name: 'productSubscriptionOptions' });
  const [name, urlSlug, typeValue, watchedOptions, isSubscribable, useCustomText, mailingList, isDonation] =
    useWatch({
      control: form.control,
      name: [
        'name',
        'urlSlug',
        'productType',
        'options',
        'isSubscribable',
        'useCustomAddButtonText',
        'merchandising.mailingListSignUpEnabled',
        'donation.enabled',
      ],
    });

  const productType = Number(typeValue);

  // The drawer opened before the product arrived (its skeleton had nothing to focus): the form
  // takes focus at its first field once it is there.
  useEffect(() => {
    if (editable) form.setFocus('name');
  }, [editable, form]);

  // A new product's address follows its name until the owner types one.
  useEffect(() => {
    if (!product && !form.getFieldState('urlSlug').isDirty) form.setValue('urlSlug', slugify(name));
  }, [name, product, form]);

  // The variants follow the options the owner edits: one per combination of their values. The
  // options a product opened with leave its variants as they are (not every combination is made).
  const syncedOptions = useRef(JSON.stringify(initial.values.options));
  useEffect(() => {
    const key = JSON.stringify(watchedOptions);
    if (key === syncedOptions.current) return;
    syncedOptions.current = key;
    const current = form.getValues('variants');
    const next = variantsFor(watchedOptions, current, urlSlug);
    if (!sameCombinations(current, next)) variants.replace(next);
  }, [watchedOptions, urlSlug, form, variants]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    onSaved(false);
    const payload = toPayload(values, kept.current, areaContext().currency);
    try {
      await Promise.all(
        mediaChanges(values.images, initial.values.images).map((change) => updateMedia.mutateAsync(change)),
      );
      if (product) {
        await update.mutateAsync({ id: product.id, payload });
        onSaved(true);
      } else {
        const created = await create.mutateAsync(payload);
        navigate(`../${encodeURIComponent(created.product.id)}`, { replace: true });
      }
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          form.setError(fieldPath(path) as keyof ProductFormValues, { type: 'server', message });
        }
      }
      setFailure(err);
    }
  });

  const busy = form.formState.isSubmitting;
  const { currency } = areaContext();
  const donationDefaultMin = formatMoney(DONATION_DEFAULT_MIN_CENTS, currency);
  const donationDefaultMax = formatMoney(DONATION_DEFAULT_MAX_CENTS, currency);
  return (
    <form className="cfg-form cfg-product-form" onSubmit={onSubmit} noValidate>
      {product && (
        <div className="cfg-publish">
          <p>
            <span className={product.published ? 'cfg-badge cfg-badge-on' : 'cfg-badge'}>
              {product.published ? TEXTS.published : TEXTS.draft}
            </span>{' '}
            {product.published && (
              <a href={product.fullUrl} target="_blank" rel="noreferrer">
                {TEXTS.viewInStore}
              </a>
            )}
          </p>
          {editable && (
            <button
              type="button"
              className="cfg-button"
              disabled={publish.isPending}
              onClick={() => publish.mutate({ id: product.id, published: !product.published })}
            >
              {product.published ? TEXTS.unpublish : TEXTS.publish}
            </button>
          )}
          <ErrorNotice error={publish.error} />
        </div>
      )}
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      <ErrorNotice error={failure} />
      {saved && <output className="cfg-notice">{TEXTS.saved}</output>}
      <fieldset className="cfg-plain" disabled={!editable}>
        <fieldset className="cfg-section">
          <legend>{TEXTS.basics}</legend>
          <Field form={form} name="name" label={TEXTS.name} />
          <div className="cfg-grid">
            <Field form={form} name="productType" label={TEXTS.type} kind="select" options={TYPE_OPTIONS} />
            <Field form={form} name="urlSlug" label={TEXTS.urlSlug} hint={TEXTS.urlSlugHint} />
            {!product && collections.length > 1 && (
              <Field
                form={form}
                name="collectionId"
                label={TEXTS.collection}
                kind="select"
                options={collections.map((c) => ({ value: c.id, label: c.title }))}
              />
            )}
          </div>
          <Field form={form} name="description" label={TEXTS.description} kind="textarea" />
          <Field form={form} name="excerpt" label={TEXTS.excerpt} kind="textarea" />
          <div className="cfg-grid">
            <Field form={form} name="categories" label={TEXTS.categories} hint={TEXTS.termsHint} />
            <Field form={form} name="tags" label={TEXTS.tags} hint={TEXTS.termsHint} />
          </div>
        </fieldset>

        <ImagesSection form={form} editable={editable} />

        <fieldset className="cfg-section">
          <legend>{TEXTS.optionsAndVariants}</legend>
          <p className="cfg-hint">{TEXTS.optionsHint}</p>
          {options.fields.map((option, i) => (
            <div className="cfg-option-row" key={option.id}>
              <Field form={form} name={`options.${i}.name`} label={TEXTS.optionName(i + 1)} />
              <Field
                form={form}
                name={`options.${i}.values`}
                label={TEXTS.optionValues(i + 1)}
                hint={TEXTS.optionValuesHint}
              />
              <button
                type="button"
                className="cfg-button cfg-button-quiet"
                aria-label={TEXTS.removeOption(i + 1)}
                onClick={() => options.remove(i)}
              >
                {TEXTS.remove}
              </button>
            </div>
          ))}
          {form.formState.errors.options?.message && (
            <p className="cfg-error" role="alert">
              {form.formState.errors.options.message}
            </p>
          )}
          <div>
            <button
              type="button"
              className="cfg-button"
              onClick={() => options.append({ name: '', values: '' })}
            >
              {TEXTS.addOption}
            </button>
          </div>
          <VariantsSection form={form} fields={variants.fields} />
        </fieldset>

        <fieldset className="cfg-section">
          <legend>{TEXTS.selling}</legend>
          {productType === PRODUCT_TYPE.DIGITAL && (
            <>
              <Field form={form} name="onSale" label={TEXTS.digitalOnSale} kind="checkbox" />
              <Field
                form={form}
                name="multipleQuantityAllowed"
                label={TEXTS.multipleQuantityAllowed}
                hint={TEXTS.multipleQuantityAllowedHint}
                kind="checkbox"
              />
              {product ? (
                <DigitalFileField productId={product.id} file={product.digitalFile} editable={editable} />
              ) : (
                <p className="cfg-hint">{TEXTS.saveFirstForFile}</p>
              )}
            </>
          )}
          {productType !== PRODUCT_TYPE.GIFT_CARD && (
            <Field form={form} name="isSubscribable" label={TEXTS.subscribable} kind="checkbox" />
          )}
          {isSubscribable && productType !== PRODUCT_TYPE.GIFT_CARD && (
            <div className="cfg-grid">
              <Field
                form={form}
                name="subscriptionPlan.billingPeriod.value"
                label={TEXTS.billEvery}
                kind="number"
                min={1}
              />
              <Field
                form={form}
                name="subscriptionPlan.billingPeriod.unit"
                label={TEXTS.billingUnit}
                kind="select"
                options={UNIT_OPTIONS}
              />
              <Field
                form={form}
                name="subscriptionPlan.numBillingCycles"
                label={TEXTS.billingCycles}
                hint={TEXTS.billingCyclesHint}
                kind="number"
                min={0}
              />
            </div>
          )}
          {isSubscribable && productType !== PRODUCT_TYPE.GIFT_CARD && (
            <fieldset className="cfg-plain cfg-sub-options">
              <legend className="cfg-form-field-title">{TEXTS.subscriptionOptions}</legend>
              <p className="cfg-hint">{TEXTS.subscriptionOptionsHint}</p>
              {subscriptionOptions.fields.map((option, i) => (
                <div className="cfg-option-row cfg-option-row-short" key={option.id}>
                  <Field
                    form={form}
                    name={`productSubscriptionOptions.${i}.title`}
                    label={TEXTS.subscriptionOptionTitle(i + 1)}
                  />
                  <button
                    type="button"
                    className="cfg-button cfg-button-quiet"
                    aria-label={TEXTS.removeSubscriptionOption(i + 1)}
                    onClick={() => subscriptionOptions.remove(i)}
                  >
                    {TEXTS.remove}
                  </button>
                </div>
              ))}
              <div>
                <button
                  type="button"
                  className="cfg-button"
                  onClick={() => subscriptionOptions.append({ id: '', title: '' })}
                >
                  {TEXTS.addSubscriptionOption}
                </button>
              </div>
            </fieldset>
          )}
          <Field form={form} name="useCustomAddButtonText" label={TEXTS.useCustomButton} kind="checkbox" />
          {useCustomText && <Field form={form} name="customAddButtonText" label={TEXTS.customButtonText} />}
          <Field form={form} name="expressCheckout" label={TEXTS.expressCheckout} kind="checkbox" />
          <Field
            form={form}
            name="donation.enabled"
            label={TEXTS.donation}
            hint={TEXTS.donationHint}
            kind="checkbox"
          />
          {isDonation && (
            <fieldset className="cfg-plain">
              <legend className="cfg-form-field-title">{TEXTS.donationAmounts(currency)}</legend>
              <Field
                form={form}
                name="donation.minimum"
                label={TEXTS.donationMinimum}
                hint={TEXTS.donationDefault(donationDefaultMin)}
              />
              <Field
                form={form}
                name="donation.maximum"
                label={TEXTS.donationMaximum}
                hint={TEXTS.donationDefault(donationDefaultMax)}
              />
              <Field
                form={form}
                name="donation.presets"
                label={TEXTS.donationPresets}
                hint={TEXTS.donationPresetsHint}
              />
            </fieldset>
          )}
        </fieldset>

        <AdditionalFieldsSection form={form} sharedWith={product?.formSharedWith ?? []} />

        <fieldset className="cfg-section">
          <legend>{TEXTS.merchandising}</legend>
          <Field
            form={form}
            name="merchandising.variantSelector"
            label={TEXTS.variantSelector}
            kind="select"
            options={SELECTOR_OPTIONS}
          />
          <Field
            form={form}
            name="merchandising.scarcityEnabled"
            label={TEXTS.scarcityEnabled}
            kind="checkbox"
          />
          <Field
            form={form}
            name="merchandising.scarcityText"
            label={TEXTS.scarcityText}
            hint={TEXTS.scarcityHint}
          />
          <Field
            form={form}
            name="merchandising.scarcityShownByDefault"
            label={TEXTS.scarcityShownByDefault}
            kind="checkbox"
          />
          <Field form={form} name="merchandising.customSoldOutText" label={TEXTS.soldOutText} />
          <ViewsChoice form={form} name="merchandising.scarcityTemplateViews" legend={TEXTS.scarcityViews} />
          <ViewsChoice
            form={form}
            name="merchandising.restockNotificationViews"
            legend={TEXTS.restockViews}
          />
          <fieldset className="cfg-plain">
            <legend className="cfg-form-field-title">{TEXTS.restockTexts}</legend>
            <Field
              form={form}
              name="merchandising.restockNotificationMessages.CTAText"
              label={TEXTS.restockCTAText}
              hint={TEXTS.restockCTAHint}
            />
            <div className="cfg-grid">
              <Field
                form={form}
                name="merchandising.restockNotificationMessages.placeholderText"
                label={TEXTS.restockPlaceholderText}
              />
              <Field
                form={form}
                name="merchandising.restockNotificationMessages.buttonText"
                label={TEXTS.restockButtonText}
              />
            </div>
            <Field
              form={form}
              name="merchandising.mailingListSignUpEnabled"
              label={TEXTS.mailingListSignUpEnabled}
              kind="checkbox"
            />
            {mailingList && (
              <>
                <Field
                  form={form}
                  name="merchandising.restockNotificationMessages.mailingListDescription"
                  label={TEXTS.mailingListDescription}
                />
                <Field
                  form={form}
                  name="merchandising.mailingListOptInByDefault"
                  label={TEXTS.mailingListOptInByDefault}
                  kind="checkbox"
                />
              </>
            )}
          </fieldset>
        </fieldset>
      </fieldset>
      <ErrorNotice error={remove.error} />
      <div className="cfg-actions cfg-sticky-actions">
        {product && editable && (
          <DeleteButton
            name={product.name}
            pending={remove.isPending}
            onDelete={() => remove.mutate(product.id, { onSuccess: onClose })}
          />
        )}
        <button type="button" className="cfg-button" onClick={onClose}>
          {editable ? TEXTS.cancel : TEXTS.close}
        </button>
        {editable && (
          <button type="submit" className="cfg-button cfg-button-primary" disabled={busy}>
            {busy ? TEXTS.saving : TEXTS.save}
          </button>
        )}
      </div>
    </form>
  );
}

/** Where a merchandising block shows: one checkbox per view. */
function ViewsChoice({
  form,
  name,
  legend,
}: {
  form: ReturnType<typeof useForm<ProductFormValues>>;
  name: 'merchandising.scarcityTemplateViews' | 'merchandising.restockNotificationViews';
  legend: string;
}) {
  return (
    <fieldset className="cfg-choices">
      <legend>{legend}</legend>
      {MERCHANDISING_VIEWS.map((view) => (
        <FieldFrame key={view} id={`${name.replaceAll('.', '-')}-${view}`} label={TEXTS.views[view]} inline>
          {(control) => <input {...control} type="checkbox" value={view} {...form.register(name)} />}
        </FieldFrame>
      ))}
    </fieldset>
  );
}
