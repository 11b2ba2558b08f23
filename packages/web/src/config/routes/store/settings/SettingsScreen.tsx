import { zodResolver } from '@hookform/resolvers/zod';
import { CURRENCIES } from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { settingsBody } from '../../../../../../server/src/modules/owner-settings/schema';
import { can, sessionQuery } from '../../../api/session';
import { type Settings, settingsQuery, useSaveSettings } from '../../../api/settings';
import { Field, type Option } from '../../../components/Field';
import { useFormSave } from '../../../components/RecordEditor';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { TEXTS } from '../../../texts';

type Values = z.input<typeof settingsBody>;

const CURRENCY_OPTIONS: readonly Option[] = CURRENCIES.map((c) => ({ value: c, label: c }));
/** The zones this browser knows; the store's own stays listed even when it does not. */
const timeZoneOptions = (current: string): Option[] => {
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes(current) ? zones : [current, ...zones]).map((z) => ({ value: z, label: z }));
};

const FIELDS = [
  'currency',
  'timeZone',
  'mailFrom',
  'publicUrl',
  'storeSettings.useLightCart',
  'storeSettings.restockNotificationsSuccessText',
  'storeSettings.displayNativeProductReviewsEnabled',
  'storeSettings.displayImportedProductReviewsEnabled',
  'storeSettings.multipleQuantityAllowedForServices',
  'storeSettings.restockAutoSend',
  'announcement.text',
  'announcement.url',
  'footer.contactEmail',
  'footer.contactPhone',
  'footer.contactAddress',
  'sitePassword',
  'footer.newsletterSignUp',
] as const;

function valuesOf(s: Settings): Values {
  return {
    currency: s.currency as Values['currency'],
    timeZone: s.timeZone,
    // Never shown back: typing one sets a new password, leaving it empty keeps the current one.
    sitePassword: '',
    mailFrom: s.mailFrom ?? '',
    publicUrl: s.publicUrl ?? '',
    storeSettings: {
      ...s.storeSettings,
      restockNotificationsSuccessText: s.storeSettings.restockNotificationsSuccessText ?? '',
    },
    announcement: { text: s.announcement?.text ?? '', url: s.announcement?.url ?? '' },
    footer: {
      ...s.footer,
      contactEmail: s.footer.contactEmail ?? '',
      contactPhone: s.footer.contactPhone ?? '',
      contactAddress: s.footer.contactAddress ?? '',
    },
  };
}

function SettingsForm({ settings, editable }: { settings: Settings; editable: boolean }) {
  const save = useSaveSettings();
  const form = useForm<Values, unknown, z.output<typeof settingsBody>>({
    resolver: zodResolver(settingsBody),
    defaultValues: valuesOf(settings),
  });
  const { submit, failure, saved } = useFormSave(form, FIELDS, save.mutateAsync, (next) =>
    form.reset(valuesOf(next)),
  );
  // An empty password field keeps the site's password; removing it is its own button.
  const onSubmit = form.handleSubmit(({ sitePassword, ...rest }) =>
    submit(sitePassword ? { ...rest, sitePassword } : rest),
  );
  const disabled = !editable;
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form cfg-settings">
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      <ErrorNotice error={failure} />
      {saved && <output className="cfg-notice">{TEXTS.saved}</output>}
      <fieldset className="cfg-section">
        <legend>{TEXTS.storeBasics}</legend>
        <div className="cfg-grid">
          <Field
            form={form}
            name="currency"
            label={TEXTS.currency}
            kind="select"
            options={CURRENCY_OPTIONS}
            disabled={disabled}
            idPrefix="settings"
          />
          <Field
            form={form}
            name="timeZone"
            label={TEXTS.timeZone}
            kind="select"
            options={timeZoneOptions(settings.timeZone)}
            disabled={disabled}
            idPrefix="settings"
          />
        </div>
        <Field
          form={form}
          name="mailFrom"
          label={TEXTS.mailFrom}
          hint={TEXTS.mailFromHint(settings.effective.mailFrom)}
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="publicUrl"
          label={TEXTS.publicUrl}
          kind="url"
          hint={TEXTS.publicUrlHint(settings.effective.publicUrl)}
          disabled={disabled}
          idPrefix="settings"
        />
      </fieldset>
      <fieldset className="cfg-section">
        <legend>{TEXTS.storeSettings}</legend>
        <Field
          form={form}
          name="storeSettings.useLightCart"
          label={TEXTS.useLightCart}
          kind="checkbox"
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="storeSettings.multipleQuantityAllowedForServices"
          label={TEXTS.multipleQuantityAllowedForServices}
          kind="checkbox"
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="storeSettings.displayNativeProductReviewsEnabled"
          label={TEXTS.displayNativeReviews}
          kind="checkbox"
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="storeSettings.displayImportedProductReviewsEnabled"
          label={TEXTS.displayImportedReviews}
          kind="checkbox"
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="storeSettings.restockAutoSend"
          label={TEXTS.restockAutoSend}
          hint={TEXTS.restockAutoSendHint}
          kind="checkbox"
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="storeSettings.restockNotificationsSuccessText"
          label={TEXTS.restockSuccessText}
          hint={TEXTS.restockSuccessTextHint}
          disabled={disabled}
          idPrefix="settings"
        />
      </fieldset>
      <fieldset className="cfg-section">
        <legend>{TEXTS.siteEdges}</legend>
        <Field
          form={form}
          name="announcement.text"
          label={TEXTS.announcementText}
          hint={TEXTS.announcementTextHint}
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="announcement.url"
          label={TEXTS.announcementUrl}
          hint={TEXTS.announcementUrlHint}
          disabled={disabled}
          idPrefix="settings"
        />
        <p className="cfg-hint">{TEXTS.footerHint}</p>
        <div className="cfg-grid">
          <Field
            form={form}
            name="footer.contactEmail"
            label={TEXTS.contactEmail}
            kind="email"
            disabled={disabled}
            idPrefix="settings"
          />
          <Field
            form={form}
            name="footer.contactPhone"
            label={TEXTS.contactPhone}
            disabled={disabled}
            idPrefix="settings"
          />
        </div>
        <Field
          form={form}
          name="footer.contactAddress"
          label={TEXTS.contactAddress}
          disabled={disabled}
          idPrefix="settings"
        />
        <Field
          form={form}
          name="footer.newsletterSignUp"
          label={TEXTS.footerNewsletterSignUp}
          hint={TEXTS.footerNewsletterSignUpHint}
          kind="checkbox"
          disabled={disabled}
          idPrefix="settings"
        />
      </fieldset>
      <fieldset className="cfg-section">
        <legend>{TEXTS.sitePassword}</legend>
        <p className="cfg-hint">{settings.sitePasswordSet ? TEXTS.sitePasswordOn : TEXTS.sitePasswordOff}</p>
        <Field
          form={form}
          name="sitePassword"
          label={settings.sitePasswordSet ? TEXTS.newSitePassword : TEXTS.sitePassword}
          kind="password"
          hint={TEXTS.sitePasswordHint}
          disabled={disabled}
          idPrefix="settings"
        />
        {editable && settings.sitePasswordSet && (
          <div className="cfg-actions cfg-actions-start">
            <button
              type="button"
              className="cfg-button"
              disabled={save.isPending}
              onClick={() => submit({ sitePassword: null })}
            >
              {TEXTS.removeSitePassword}
            </button>
          </div>
        )}
      </fieldset>
      {editable && (
        <div className="cfg-actions">
          <button type="submit" className="cfg-button cfg-button-primary" disabled={save.isPending}>
            {save.isPending ? TEXTS.saving : TEXTS.save}
          </button>
        </div>
      )}
    </form>
  );
}

export function SettingsScreen() {
  const settings = useQuery(settingsQuery());
  const { data: contributor } = useQuery(sessionQuery());
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.settings}</h1>
      </div>
      {settings.isPending ? (
        <SkeletonForm fields={8} />
      ) : settings.isError ? (
        <LoadError onRetry={() => settings.refetch()} />
      ) : (
        <SettingsForm settings={settings.data} editable={can(contributor, 'settings.write')} />
      )}
    </>
  );
}
