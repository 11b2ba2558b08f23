import {
  BLOCK_TYPE,
  CONTENT_STATUS_LABELS,
  type ContentStatus,
  epochToZonedWallTime,
  statusesFor,
  zonedWallTimeToEpoch,
} from '@storefront/commerce';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  type Block,
  type ItemBody,
  itemBodySchema,
} from '../../../../../../server/src/modules/content/schema';
import {
  type ContentCollection,
  type ContentItem,
  contentCollectionsQuery,
  contentItemQuery,
  previewUrl,
  useRemoveContentItem,
  useSaveContentItem,
} from '../../../api/content';
import { type MediaAsset, mediaLibraryQuery } from '../../../api/media';
import { can, sessionQuery } from '../../../api/session';
import { DeleteButton } from '../../../components/DeleteButton';
import { Drawer } from '../../../components/Drawer';
import { Field, FieldFrame, type Option } from '../../../components/Field';
import { ErrorNotice, LoadError, SkeletonForm } from '../../../components/Status';
import { blank, schemaResolver } from '../../../components/schema-resolver';
import { showServerErrors } from '../../../components/server-errors';
import { areaContext } from '../../../context';
import { TEXTS } from '../../../texts';
import { GallerySettings } from './GallerySettings';
import { MediaPicker } from './MediaPicker';
import { MemberProducts } from './MemberProducts';
import { RichText } from './RichText';

interface Values {
  collectionId: string;
  title: string;
  urlSlug: string;
  status: ContentStatus;
  /** datetime-local text in the browser's zone. */
  publishOn: string;
  authorName: string;
  categories: string;
  tags: string;
  commentsOpen: boolean;
  excerpt: string;
  mainImageId: string;
  blocks: Block[];
  /** An event's start and end: datetime-local text in the site's zone. */
  eventStart: string;
  eventEnd: string;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: string;
  mapLng: string;
  /** A new page password; empty keeps the current one. */
  password: string;
  removePassword: boolean;
  /** The paywall products that open the item (member areas); none: open to everyone. */
  memberProducts: string[];
}
const FIELDS = [
  'collectionId',
  'title',
  'urlSlug',
  'status',
  'publishOn',
  'authorName',
  'excerpt',
  'eventStart',
  'eventEnd',
  'mapLat',
  'mapLng',
  'password',
] as const;

/** The site's zone: event times are entered and shown in it (spec §9 default America/New_York). */
const siteZone = () => areaContext().timeZone ?? 'America/New_York';

/** Schema paths of the event as the form's fields. */
const EVENT_FIELDS: Record<string, keyof Values> = {
  event: 'eventStart',
  'event.startDate': 'eventStart',
  'event.endDate': 'eventEnd',
  'event.location.addressLine1': 'addressLine1',
  'event.location.addressLine2': 'addressLine2',
  'event.location.addressCountry': 'addressCountry',
  'event.location.mapLat': 'mapLat',
  'event.location.mapLng': 'mapLng',
};
const fieldOf = (path: string) => EVENT_FIELDS[path] ?? path;

const pad = (n: number) => String(n).padStart(2, '0');
const toLocalInput = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function valuesOf(item: ContentItem | null, collectionId: string): Values {
  return {
    collectionId: item?.collectionId ?? collectionId,
    title: item?.title ?? '',
    urlSlug: item?.urlSlug ?? '',
    status: item?.status ?? 'draft',
    publishOn: toLocalInput(item?.publishOn ?? null),
    authorName: item?.authorName ?? '',
    categories: (item?.categories ?? []).map((c) => c.name).join(', '),
    tags: (item?.tags ?? []).map((t) => t.name).join(', '),
    commentsOpen: item?.commentState === 1,
    excerpt: item?.excerpt ?? '',
    mainImageId: item?.mainImageId ?? '',
    blocks: item?.blocks ?? [{ type: BLOCK_TYPE.html, html: '' }],
    eventStart: item?.event ? epochToZonedWallTime(item.event.startDate, siteZone()) : '',
    eventEnd: item?.event ? epochToZonedWallTime(item.event.endDate, siteZone()) : '',
    addressLine1: item?.event?.location.addressLine1 ?? '',
    addressLine2: item?.event?.location.addressLine2 ?? '',
    addressCountry: item?.event?.location.addressCountry ?? '',
    mapLat: item?.event?.location.mapLat?.toString() ?? '',
    mapLng: item?.event?.location.mapLng?.toString() ?? '',
    password: '',
    removePassword: false,
    memberProducts: item?.memberProducts ?? [],
  };
}

/** A coordinate typed as text: empty is none; anything not a number stays NaN for the schema to refuse. */
const coordinate = (text: string) => (blank(text) ? undefined : Number(text));

/** The event of an events collection's item, its times read in the site's zone. */
function eventOf(v: Values): ItemBody['event'] {
  const text = (s: string) => (blank(s) ? undefined : s.trim());
  const location = Object.fromEntries(
    Object.entries({
      addressLine1: text(v.addressLine1),
      addressLine2: text(v.addressLine2),
      addressCountry: text(v.addressCountry),
      mapLat: coordinate(v.mapLat),
      mapLng: coordinate(v.mapLng),
    }).filter(([, x]) => x !== undefined),
  );
  return {
    startDate: zonedWallTimeToEpoch(v.eventStart, siteZone()),
    endDate: zonedWallTimeToEpoch(v.eventEnd, siteZone()),
    location,
  };
}

export function toItemBody(v: Values, isEvent: boolean): ItemBody {
  const at = blank(v.publishOn) ? null : new Date(v.publishOn).getTime();
  return {
    collectionId: v.collectionId,
    title: v.title.trim(),
    ...(blank(v.urlSlug) ? {} : { urlSlug: v.urlSlug.trim() }),
    recordType: 1,
    excerpt: v.excerpt,
    // Empty text blocks are left out rather than saved.
    blocks: v.blocks.filter((b) => b.type !== BLOCK_TYPE.html || b.html.trim() !== ''),
    status: v.status,
    publishOn: at !== null && Number.isNaN(at) ? null : at,
    authorName: v.authorName.trim(),
    mainImageId: v.mainImageId || null,
    externalLink: '',
    commentState: v.commentsOpen ? 1 : 0,
    starred: false,
    categories: list(v.categories),
    tags: list(v.tags),
    event: isEvent ? eventOf(v) : null,
    ...(v.removePassword ? { password: '' } : blank(v.password) ? {} : { password: v.password }),
    memberProducts: v.memberProducts,
  };
}

/** What a block that this editor does not edit says about itself. */
function blockSummary(block: Block): string {
  return TEXTS.keptBlock(TEXTS.blockKinds[block.type] ?? String(block.type));
}

function BlocksEditor({
  blocks,
  onChange,
  editable,
  images,
}: {
  blocks: Block[];
  onChange: (blocks: Block[]) => void;
  editable: boolean;
  images: Map<string, MediaAsset>;
}) {
  const [picking, setPicking] = useState(false);
  // Blocks have no ids: each gets a key of its own while editing, so an editor keeps its block
  // when others are removed or moved.
  const [keys, setKeys] = useState(() => blocks.map((_, i) => i));
  const [nextKey, setNextKey] = useState(blocks.length);
  const set = (i: number, block: Block) => onChange(blocks.map((b, j) => (j === i ? block : b)));
  const add = (block: Block) => {
    setKeys([...keys, nextKey]);
    setNextKey(nextKey + 1);
    onChange([...blocks, block]);
  };
  const remove = (i: number) => {
    setKeys(keys.filter((_, j) => j !== i));
    onChange(blocks.filter((_, j) => j !== i));
  };
  const swap = <T,>(xs: T[], i: number) => xs.map((x, j) => (j === i - 1 ? xs[i] : j === i ? xs[i - 1] : x));
  const up = (i: number) => {
    setKeys(swap(keys, i));
    onChange(swap(blocks, i));
  };
  return (
    <fieldset className="cfg-section">
      <legend>{TEXTS.body}</legend>
      <ol className="cfg-blocks">
        {blocks.map((block, i) => (
          <li key={keys[i]} className="cfg-block">
            {block.type === BLOCK_TYPE.html ? (
              <FieldFrame id={`block-${i}`} label={`${TEXTS.textBlock} ${i + 1}`} hideLabel>
                {() => (
                  <RichText
                    id={`block-${i}`}
                    label={`${TEXTS.textBlock} ${i + 1}`}
                    value={block.html}
                    disabled={!editable}
                    onChange={(html) => set(i, { ...block, html })}
                  />
                )}
              </FieldFrame>
            ) : block.type === BLOCK_TYPE.image ? (
              <div className="cfg-block-image">
                {'mediaId' in block.image ? (
                  <img src={images.get(block.image.mediaId)?.url ?? ''} alt="" />
                ) : (
                  <img src={block.image.assetUrl} alt="" />
                )}
                <FieldFrame id={`block-${i}-alt`} label={TEXTS.altText}>
                  {(control) => (
                    <input
                      {...control}
                      value={block.image.altText ?? ''}
                      disabled={!editable}
                      onChange={(e) =>
                        set(i, { ...block, image: { ...block.image, altText: e.target.value } })
                      }
                    />
                  )}
                </FieldFrame>
              </div>
            ) : block.type === BLOCK_TYPE.quote ? (
              <div className="cfg-grid">
                <FieldFrame id={`block-${i}-quote`} label={TEXTS.quoteText}>
                  {(control) => (
                    <textarea
                      {...control}
                      rows={2}
                      value={block.text}
                      disabled={!editable}
                      onChange={(e) => set(i, { ...block, text: e.target.value })}
                    />
                  )}
                </FieldFrame>
                <FieldFrame id={`block-${i}-source`} label={TEXTS.quoteSource}>
                  {(control) => (
                    <input
                      {...control}
                      value={block.source ?? ''}
                      disabled={!editable}
                      onChange={(e) => set(i, { ...block, source: e.target.value })}
                    />
                  )}
                </FieldFrame>
              </div>
            ) : block.type === BLOCK_TYPE.gallery ? (
              <GallerySettings
                id={`block-${i}`}
                block={block}
                disabled={!editable}
                onChange={(next) => set(i, next)}
              />
            ) : (
              <p className="cfg-hint">{blockSummary(block)}</p>
            )}
            {editable && (
              <div className="cfg-block-actions">
                {i > 0 && (
                  <button
                    type="button"
                    className="cfg-button cfg-button-quiet"
                    aria-label={TEXTS.moveBlockUp(i + 1)}
                    onClick={() => up(i)}
                  >
                    ↑
                  </button>
                )}
                <button
                  type="button"
                  className="cfg-button cfg-button-quiet"
                  aria-label={TEXTS.removeBlock(i + 1)}
                  onClick={() => remove(i)}
                >
                  {TEXTS.remove}
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {editable && (
        <div className="cfg-actions cfg-actions-start">
          <button
            type="button"
            className="cfg-button"
            onClick={() => add({ type: BLOCK_TYPE.html, html: '' })}
          >
            {TEXTS.addTextBlock}
          </button>
          <button
            type="button"
            className="cfg-button"
            aria-expanded={picking}
            onClick={() => setPicking(!picking)}
          >
            {TEXTS.addImageBlock}
          </button>
          <button
            type="button"
            className="cfg-button"
            onClick={() => add({ type: BLOCK_TYPE.quote, text: '…' })}
          >
            {TEXTS.addQuoteBlock}
          </button>
        </div>
      )}
      {picking && (
        <MediaPicker
          idPrefix="block-image"
          onPick={(asset) => {
            setPicking(false);
            onChange([
              ...blocks,
              { type: BLOCK_TYPE.image, image: { mediaId: asset.id, altText: asset.altText } },
            ]);
          }}
        />
      )}
    </fieldset>
  );
}

function ItemForm({
  item,
  collections,
  role,
  canWrite,
  onClose,
}: {
  item: ContentItem | null;
  collections: ContentCollection[];
  role: number;
  canWrite: boolean;
  onClose: () => void;
}) {
  const save = useSaveContentItem();
  const remove = useRemoveContentItem();
  const library = useQuery(mediaLibraryQuery());
  const images = new Map((library.data ?? []).map((a) => [a.id, a]));
  const [failure, setFailure] = useState<unknown>(null);
  const [pickingMain, setPickingMain] = useState(false);
  const allowed = statusesFor(role);
  const editable = canWrite && (!item || allowed.includes(item.status));
  const isEventOf = (id: string) => collections.find((c) => c.id === id)?.typeName === 'events';
  const form = useForm<Values, unknown, ItemBody>({
    resolver: schemaResolver(
      itemBodySchema,
      (v: Values) => toItemBody(v, isEventOf(v.collectionId)),
      fieldOf,
    ),
    defaultValues: valuesOf(item, collections[0]?.id ?? ''),
  });
  const blocks = useWatch({ control: form.control, name: 'blocks' });
  const excerpt = useWatch({ control: form.control, name: 'excerpt' });
  const mainImageId = useWatch({ control: form.control, name: 'mainImageId' });
  const collectionId = useWatch({ control: form.control, name: 'collectionId' });
  const isBlog = collections.find((c) => c.id === collectionId)?.typeName !== 'page';
  const isEvent = isEventOf(collectionId);
  const statusOptions: Option[] = (editable ? allowed : [item?.status ?? 'draft']).map((s) => ({
    value: s,
    label: CONTENT_STATUS_LABELS[s],
  }));
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null);
    return save.mutateAsync({ id: item?.id, body }).then(onClose, (err: unknown) => {
      if (!showServerErrors(form, err, FIELDS)) setFailure(err);
    });
  });
  const main = mainImageId ? images.get(mainImageId) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="cfg-form">
      {!canWrite && <p className="cfg-notice">{TEXTS.readOnly}</p>}
      {canWrite && !allowed.includes('published') && <p className="cfg-notice">{TEXTS.draftOnlyNote}</p>}
      <ErrorNotice error={failure ?? remove.error} />
      <div className="cfg-grid">
        {!item && (
          <Field
            form={form}
            name="collectionId"
            label={TEXTS.collection}
            kind="select"
            options={collections.map((c) => ({ value: c.id, label: c.title }))}
            disabled={!editable}
            idPrefix="item"
          />
        )}
        <Field form={form} name="title" label={TEXTS.title} disabled={!editable} idPrefix="item" />
        <Field
          form={form}
          name="urlSlug"
          label={TEXTS.urlSlug}
          hint={TEXTS.contentSlugHint}
          disabled={!editable}
          idPrefix="item"
        />
      </div>
      <div className="cfg-grid">
        <Field
          form={form}
          name="status"
          label={TEXTS.contentStatus}
          kind="select"
          options={statusOptions}
          disabled={!editable}
          idPrefix="item"
        />
        <Field
          form={form}
          name="publishOn"
          label={TEXTS.publishOn}
          hint={TEXTS.publishOnHint}
          kind="datetime-local"
          disabled={!editable}
          idPrefix="item"
        />
      </div>
      {isEvent && (
        <fieldset className="cfg-section">
          <legend>{TEXTS.eventDetails}</legend>
          <div className="cfg-grid">
            <Field
              form={form}
              name="eventStart"
              label={TEXTS.eventStart}
              hint={TEXTS.eventZoneHint(siteZone())}
              kind="datetime-local"
              disabled={!editable}
              idPrefix="item"
            />
            <Field
              form={form}
              name="eventEnd"
              label={TEXTS.eventEnd}
              hint={TEXTS.eventZoneHint(siteZone())}
              kind="datetime-local"
              disabled={!editable}
              idPrefix="item"
            />
          </div>
          <div className="cfg-grid">
            <Field
              form={form}
              name="addressLine1"
              label={TEXTS.addressLine1}
              disabled={!editable}
              idPrefix="item"
            />
            <Field
              form={form}
              name="addressLine2"
              label={TEXTS.addressLine2}
              disabled={!editable}
              idPrefix="item"
            />
            <Field
              form={form}
              name="addressCountry"
              label={TEXTS.addressCountry}
              disabled={!editable}
              idPrefix="item"
            />
          </div>
          <p className="cfg-hint">{TEXTS.mapHint}</p>
          <div className="cfg-grid">
            <Field form={form} name="mapLat" label={TEXTS.mapLat} disabled={!editable} idPrefix="item" />
            <Field form={form} name="mapLng" label={TEXTS.mapLng} disabled={!editable} idPrefix="item" />
          </div>
        </fieldset>
      )}
      <BlocksEditor
        blocks={blocks}
        editable={editable}
        images={images}
        onChange={(next) => form.setValue('blocks', next, { shouldDirty: true })}
      />
      {isBlog && (
        <fieldset className="cfg-section">
          <legend>{TEXTS.excerpt}</legend>
          <p className="cfg-hint">{TEXTS.excerptHint}</p>
          <RichText
            id="item-excerpt"
            label={TEXTS.excerpt}
            value={excerpt}
            disabled={!editable}
            onChange={(html) => form.setValue('excerpt', html, { shouldDirty: true })}
          />
          <div className="cfg-grid">
            <Field form={form} name="authorName" label={TEXTS.author} disabled={!editable} idPrefix="item" />
            <Field
              form={form}
              name="categories"
              label={TEXTS.categories}
              hint={TEXTS.commaSeparated}
              disabled={!editable}
              idPrefix="item"
            />
            <Field
              form={form}
              name="tags"
              label={TEXTS.tags}
              hint={TEXTS.commaSeparated}
              disabled={!editable}
              idPrefix="item"
            />
          </div>
          <Field
            form={form}
            name="commentsOpen"
            label={TEXTS.commentsOpen}
            kind="checkbox"
            disabled={!editable}
            idPrefix="item"
          />
        </fieldset>
      )}
      <fieldset className="cfg-section">
        <legend>{TEXTS.mainImage}</legend>
        {main ? (
          <img className="cfg-main-image" src={main.variants['300'] ?? main.url} alt={main.altText} />
        ) : (
          <p className="cfg-hint">{TEXTS.noMainImage}</p>
        )}
        {editable && (
          <div className="cfg-actions cfg-actions-start">
            <button
              type="button"
              className="cfg-button"
              aria-expanded={pickingMain}
              onClick={() => setPickingMain(!pickingMain)}
            >
              {TEXTS.chooseImage}
            </button>
            {mainImageId && (
              <button
                type="button"
                className="cfg-button cfg-button-quiet"
                onClick={() => form.setValue('mainImageId', '', { shouldDirty: true })}
              >
                {TEXTS.remove}
              </button>
            )}
          </div>
        )}
        {pickingMain && (
          <MediaPicker
            idPrefix="main-image"
            onPick={(asset) => {
              setPickingMain(false);
              form.setValue('mainImageId', asset.id, { shouldDirty: true });
            }}
          />
        )}
      </fieldset>
      <fieldset className="cfg-section">
        <legend>{TEXTS.pagePassword}</legend>
        {item?.hasPassword && <p className="cfg-hint">{TEXTS.pagePasswordOn}</p>}
        <Field
          form={form}
          name="password"
          label={TEXTS.pagePassword}
          hint={TEXTS.pagePasswordHint}
          kind="password"
          disabled={!editable}
          idPrefix="item"
        />
        {item?.hasPassword && (
          <Field
            form={form}
            name="removePassword"
            label={TEXTS.removePagePassword}
            kind="checkbox"
            disabled={!editable}
            idPrefix="item"
          />
        )}
      </fieldset>
      <MemberProducts form={form} disabled={!editable} />
      <div className="cfg-actions">
        {item && (
          <a
            className="cfg-button"
            href={previewUrl(item.id)}
            target="_blank"
            rel="noopener"
            title={TEXTS.previewHint}
          >
            {TEXTS.preview}
          </a>
        )}
        {editable && item && (
          <DeleteButton
            name={item.title}
            pending={remove.isPending}
            onDelete={() => remove.mutateAsync(item.id).then(onClose, () => undefined)}
          />
        )}
        {editable && (
          <button type="submit" className="cfg-button cfg-button-primary" disabled={save.isPending}>
            {save.isPending ? TEXTS.saving : TEXTS.save}
          </button>
        )}
      </div>
    </form>
  );
}

/** The page and post editor over the list, at /config/content/new and /config/content/:itemId. */
export function ItemEditor() {
  const { itemId } = useParams();
  const navigate = useNavigate();
  const close = () => navigate({ pathname: '..', search: window.location.search });
  const isNew = itemId === undefined;
  const { data: contributor } = useQuery(sessionQuery());
  const item = useQuery({ ...contentItemQuery(itemId ?? ''), enabled: !isNew });
  const collections = useQuery(contentCollectionsQuery());
  const title = isNew ? TEXTS.newItem : (item.data?.title ?? TEXTS.editItem);
  const pending = collections.isPending || (!isNew && item.isPending);
  const failed = collections.isError || (!isNew && item.isError);
  return (
    <Drawer title={title} onClose={close} wide>
      {pending ? (
        <SkeletonForm fields={6} />
      ) : failed ? (
        <LoadError onRetry={() => (isNew ? collections.refetch() : item.refetch())} />
      ) : (
        <ItemForm
          key={isNew ? 'new' : item.dataUpdatedAt}
          item={isNew ? null : (item.data ?? null)}
          collections={collections.data ?? []}
          role={contributor?.role ?? 0}
          canWrite={can(contributor, 'drafts.write')}
          onClose={close}
        />
      )}
    </Drawer>
  );
}
