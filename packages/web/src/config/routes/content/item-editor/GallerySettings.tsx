import {
  GALLERY_ALIGNMENTS,
  GALLERY_ASPECT_RATIOS,
  GALLERY_DESIGNS,
  GALLERY_LIGHTBOX_THEMES,
  GALLERY_META_POSITIONS,
  GALLERY_RANGES,
  type GalleryRangeName,
  type GallerySwitch,
  galleryOptions,
} from '@storefront/commerce';
import type { Block } from '../../../../../../server/src/modules/content/schema';
import { TEXTS } from '../../../texts';

type GalleryBlock = Extract<Block, { type: 8 }>;
type Options = NonNullable<GalleryBlock['options']>;

const CHOICES = [
  ['design', GALLERY_DESIGNS],
  ['aspect-ratio', GALLERY_ASPECT_RATIOS],
  ['meta-position', GALLERY_META_POSITIONS],
  ['active-alignment', GALLERY_ALIGNMENTS],
  ['lightboxTheme', GALLERY_LIGHTBOX_THEMES],
] as const;

const SWITCHES: GallerySwitch[] = [
  'autoplay',
  'controls',
  'auto-crop',
  'square-thumbs',
  'thumbnails',
  'show-meta',
  'show-meta-on-hover',
  'lightbox',
  'newWindow',
  'transparentBackground',
  'indicators',
];

/**
 * The gallery settings panel (spec §2): every option of spec §3, each range bounded as spec §9
 * says (the server refuses anything outside it). Shown values are the ones the gallery renders
 * with: what is not set shows its default.
 */
export function GallerySettings({
  id,
  block,
  disabled,
  onChange,
}: {
  id: string;
  block: GalleryBlock;
  disabled: boolean;
  onChange: (block: GalleryBlock) => void;
}) {
  const shown = galleryOptions(block.options);
  const set = (change: Options) => onChange({ ...block, options: { ...block.options, ...change } });
  return (
    <fieldset className="cfg-gallery-settings" disabled={disabled}>
      <legend>{TEXTS.gallerySettings(block.images.length)}</legend>
      <div className="cfg-grid">
        {CHOICES.map(([name, values]) => (
          <div className="cfg-field" key={name}>
            <label htmlFor={`${id}-${name}`}>{TEXTS.galleryOption[name]}</label>
            <select
              id={`${id}-${name}`}
              value={shown[name]}
              onChange={(e) => set({ [name]: e.target.value } as Options)}
            >
              {values.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
        ))}
        {(Object.keys(GALLERY_RANGES) as GalleryRangeName[]).map((name) => {
          const [min, max] = GALLERY_RANGES[name];
          return (
            <div className="cfg-field" key={name}>
              <label htmlFor={`${id}-${name}`}>{TEXTS.galleryOption[name]}</label>
              <input
                id={`${id}-${name}`}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                value={shown[name]}
                aria-describedby={`${id}-${name}-range`}
                onChange={(e) => {
                  if (e.target.value !== '') set({ [name]: Number(e.target.value) } as Options);
                }}
              />
              <span className="cfg-hint" id={`${id}-${name}-range`}>
                {TEXTS.galleryRange(min, max)}
              </span>
            </div>
          );
        })}
      </div>
      <div className="cfg-checks">
        {SWITCHES.map((name) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={shown[name]}
              onChange={(e) => set({ [name]: e.target.checked } as Options)}
            />{' '}
            {TEXTS.galleryOption[name]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
