import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { pixelSettingsBody } from '../../../../../../server/src/modules/analytics/schema';
import { type PixelSettings, pixelsQuery, useSavePixels } from '../../../api/pixels';
import { can, sessionQuery } from '../../../api/session';
import { Field } from '../../../components/Field';
import { useFormSave } from '../../../components/RecordEditor';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { TEXTS } from '../../../texts';

type Values = z.input<typeof pixelSettingsBody>;

const FIELDS = ['metaPixelId', 'googleTagId'] as const;

/** An id not set shows as an empty field; saving it empty removes the id. */
const valuesOf = (s: PixelSettings): Values => ({
  metaPixelId: s.metaPixelId ?? '',
  googleTagId: s.googleTagId ?? '',
});

function AdPixelsForm({ settings, editable }: { settings: PixelSettings; editable: boolean }) {
  const save = useSavePixels();
  const form = useForm<Values, unknown, z.output<typeof pixelSettingsBody>>({
    resolver: zodResolver(pixelSettingsBody),
    defaultValues: valuesOf(settings),
  });
  const { submit, failure, saved } = useFormSave(form, FIELDS, save.mutateAsync, (next) =>
    form.reset(valuesOf(next)),
  );
  const onSubmit = form.handleSubmit(submit);
  const disabled = !editable;
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form">
      {!editable && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      <ErrorNotice error={failure} />
      {saved && <output className="cfg-notice">{TEXTS.saved}</output>}
      <p className="cfg-hint">{TEXTS.adPixelsConsentNote}</p>
      <fieldset className="cfg-section">
        <legend>{TEXTS.adPixelIds}</legend>
        <Field
          form={form}
          name="metaPixelId"
          label={TEXTS.metaPixelId}
          hint={TEXTS.metaPixelIdHint}
          disabled={disabled}
          idPrefix="pixels"
        />
        <Field
          form={form}
          name="googleTagId"
          label={TEXTS.googleTagId}
          hint={TEXTS.googleTagIdHint}
          disabled={disabled}
          idPrefix="pixels"
        />
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

/** The merchant's ad pixels (issue 13): Meta and Google ids, loaded only after a visitor's consent. */
export function AdPixelsScreen() {
  const settings = useQuery(pixelsQuery());
  const { data: contributor } = useQuery(sessionQuery());
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.adPixels}</h1>
      </div>
      {settings.isPending ? (
        <SkeletonForm fields={2} />
      ) : settings.isError ? (
        <LoadError onRetry={() => settings.refetch()} />
      ) : (
        <AdPixelsForm settings={settings.data} editable={can(contributor, 'settings.write')} />
      )}
    </>
  );
}
