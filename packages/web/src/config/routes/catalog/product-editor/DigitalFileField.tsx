import type { ChangeEvent } from 'react';
import { uploadFailureDetail } from '../../../api/client';
import { type DigitalFile, useUploadDigitalFile } from '../../../api/products';
import { FieldFrame } from '../../../components/Field';
import { TEXTS } from '../../../texts';

/** A digital product's download: the file buyers get, replaced by uploading another. */
export function DigitalFileField({
  productId,
  file,
  editable,
}: {
  productId: string;
  file: DigitalFile | null;
  editable: boolean;
}) {
  const upload = useUploadDigitalFile(productId);
  const current = upload.data ?? file;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (chosen) upload.mutate(chosen);
  }

  return (
    <div className="cfg-digital-file">
      <p>
        <strong>{TEXTS.downloadFile}:</strong> {current ? current.fileName : TEXTS.noDownloadFile}
      </p>
      {editable && (
        <FieldFrame id="product-digital-file" label={current ? TEXTS.replaceFile : TEXTS.uploadFile}>
          {(control) => <input {...control} type="file" disabled={upload.isPending} onChange={onFile} />}
        </FieldFrame>
      )}
      {upload.isPending && <output className="cfg-notice">{TEXTS.uploading}</output>}
      {upload.isError && (
        <div className="cfg-notice cfg-notice-error" role="alert">
          <p>
            <strong>{TEXTS.unableToUploadFile}</strong>
          </p>
          <p>{uploadFailureDetail(upload.error)}</p>
        </div>
      )}
    </div>
  );
}
