import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { uploadFailureDetail } from '../../../api/client';
import { type MediaAsset, mediaLibraryQuery, useUploadImage } from '../../../api/media';
import { FieldFrame } from '../../../components/Field';
import { TEXTS } from '../../../texts';

/** The media library's newest images to pick one from, and an upload that picks what it uploads. */
export function MediaPicker({ idPrefix, onPick }: { idPrefix: string; onPick: (asset: MediaAsset) => void }) {
  const library = useQuery(mediaLibraryQuery());
  const upload = useUploadImage();
  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    try {
      onPick(await upload.mutateAsync(file));
    } catch {
      // The notice below shows upload.error.
    }
  }
  return (
    <div className="cfg-media-picker">
      {library.data && library.data.length === 0 && <p className="cfg-hint">{TEXTS.libraryEmpty}</p>}
      <ul className="cfg-media-grid">
        {(library.data ?? []).map((asset) => (
          <li key={asset.id}>
            <button type="button" className="cfg-media-choice" onClick={() => onPick(asset)}>
              <img src={asset.variants['300'] ?? asset.url} alt={asset.altText || asset.id} />
            </button>
          </li>
        ))}
      </ul>
      <FieldFrame id={`${idPrefix}-upload`} label={TEXTS.uploadImage}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={upload.isPending}
            onChange={onFile}
          />
        )}
      </FieldFrame>
      {upload.isPending && <output className="cfg-notice">{TEXTS.uploading}</output>}
      {upload.isError && (
        <p className="cfg-error" role="alert">
          {TEXTS.unableToUploadFile} {uploadFailureDetail(upload.error)}
        </p>
      )}
    </div>
  );
}
