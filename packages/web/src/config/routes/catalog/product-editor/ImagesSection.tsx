import type { ChangeEvent, MouseEvent } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { uploadFailureDetail } from '../../../api/client';
import { useUploadImage } from '../../../api/media';
import { Field, FieldFrame } from '../../../components/Field';
import { TEXTS } from '../../../texts';
import { DEFAULT_FOCAL_POINT, type ProductFormValues } from './form-model';

/** Focal point sliders move in whole percent. */
const PERCENT = 100;

interface Props {
  form: UseFormReturn<ProductFormValues>;
  editable: boolean;
}

/**
 * The product's images: upload (multipart), then alt text and a focal point for each. The focal
 * point is set by clicking the picture or with its two sliders (keyboard).
 */
export function ImagesSection({ form, editable }: Props) {
  const images = useFieldArray({ control: form.control, name: 'images' });
  const values = useWatch({ control: form.control, name: 'images' });
  const upload = useUploadImage();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    for (const file of files) {
      try {
        const asset = await upload.mutateAsync(file);
        images.append({
          mediaId: asset.id,
          url: asset.variants['500'] ?? asset.url,
          altText: asset.altText,
          focalPoint: asset.focalPoint ?? DEFAULT_FOCAL_POINT,
        });
      } catch {
        // The notice below shows upload.error.
      }
    }
  }

  function setFocal(i: number, event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * PERCENT) / PERCENT;
    form.setValue(
      `images.${i}.focalPoint`,
      { x: round((event.clientX - box.left) / box.width), y: round((event.clientY - box.top) / box.height) },
      { shouldDirty: true },
    );
  }

  return (
    <fieldset className="cfg-section">
      <legend>{TEXTS.images}</legend>
      {upload.isError && (
        <div className="cfg-notice cfg-notice-error" role="alert">
          <p>
            <strong>{TEXTS.unableToUploadFile}</strong>
          </p>
          <p>{uploadFailureDetail(upload.error)}</p>
        </div>
      )}
      <ul className="cfg-images">
        {images.fields.map((image, i) => {
          const focal = values?.[i]?.focalPoint ?? DEFAULT_FOCAL_POINT;
          const alt = values?.[i]?.altText ?? '';
          return (
            <li key={image.id} className="cfg-image">
              <button
                type="button"
                className="cfg-image-picker"
                tabIndex={-1}
                aria-hidden="true"
                disabled={!editable}
                onClick={(e) => setFocal(i, e)}
              >
                <img src={image.url} alt="" />
                <span
                  className="cfg-focal-dot"
                  style={{ left: `${focal.x * PERCENT}%`, top: `${focal.y * PERCENT}%` }}
                />
              </button>
              <div className="cfg-image-fields">
                <Field
                  form={form}
                  name={`images.${i}.altText`}
                  label={TEXTS.altText}
                  hint={TEXTS.altTextHint}
                  idPrefix={`img${i}`}
                />
                <div className="cfg-grid">
                  {(['x', 'y'] as const).map((axis) => (
                    <FieldFrame
                      key={axis}
                      id={`img${i}-focal-${axis}`}
                      label={axis === 'x' ? TEXTS.focalAcross : TEXTS.focalDown}
                    >
                      {(control) => (
                        <input
                          {...control}
                          type="range"
                          min={0}
                          max={PERCENT}
                          step={1}
                          value={Math.round(focal[axis] * PERCENT)}
                          aria-valuetext={`${Math.round(focal[axis] * PERCENT)}%`}
                          onChange={(e) =>
                            form.setValue(
                              `images.${i}.focalPoint.${axis}`,
                              Number(e.target.value) / PERCENT,
                              {
                                shouldDirty: true,
                              },
                            )
                          }
                        />
                      )}
                    </FieldFrame>
                  ))}
                </div>
                <button
                  type="button"
                  className="cfg-button cfg-button-quiet"
                  aria-label={TEXTS.removeImage(alt || String(i + 1))}
                  onClick={() => images.remove(i)}
                >
                  {TEXTS.remove}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {editable && (
        <FieldFrame id="product-image-upload" label={TEXTS.addImage} hint={TEXTS.addImageHint}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              disabled={upload.isPending}
              onChange={onFile}
            />
          )}
        </FieldFrame>
      )}
      {upload.isPending && <output className="cfg-notice">{TEXTS.uploading}</output>}
    </fieldset>
  );
}
