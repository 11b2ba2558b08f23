import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { type MediaAsset, mediaPageQuery, useDeleteMedia } from '../../../api/media';
import { can, sessionQuery } from '../../../api/session';
import { columnsFor, DataTable } from '../../../components/DataTable';
import { DeleteButton } from '../../../components/DeleteButton';
import { Pager } from '../../../components/Pager';
import { ErrorNotice, LoadError, SkeletonTable } from '../../../components/Status';
import { dateTime } from '../../../format';
import { TEXTS } from '../../../texts';

/** The list's small picture: the 100w variant, or the image itself when it is smaller. */
const thumbnailOf = (asset: MediaAsset) => asset.variants['100'] ?? asset.url;

export function mediaPageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The image library: what was uploaded, and deleting what no product shows any more. */
export function MediaScreen() {
  const [params, setParams] = useSearchParams();
  const page = mediaPageOf(params);
  const library = useQuery(mediaPageQuery(page));
  const { data: contributor } = useQuery(sessionQuery());
  const editable = can(contributor, 'media.write');
  const remove = useDeleteMedia();

  const col = columnsFor<MediaAsset>();
  const columns = [
    col.display({
      id: 'preview',
      header: TEXTS.preview,
      cell: (info) => (
        <img className="cfg-thumb" src={thumbnailOf(info.row.original)} alt={info.row.original.altText} />
      ),
    }),
    col.accessor('fileName', { header: TEXTS.fileName }),
    col.display({
      id: 'size',
      header: TEXTS.dimensions,
      cell: (info) => `${info.row.original.width} × ${info.row.original.height}`,
    }),
    col.accessor('createdAt', { header: TEXTS.added, cell: (info) => dateTime(info.getValue()) }),
    ...(editable
      ? [
          col.display({
            id: 'delete',
            header: () => <span className="cfg-visually-hidden">{TEXTS.actions}</span>,
            cell: (info) => (
              <div className="cfg-actions cfg-actions-start">
                <DeleteButton
                  name={info.row.original.fileName}
                  pending={remove.isPending}
                  onDelete={() => remove.mutate(info.row.original.id)}
                />
              </div>
            ),
          }),
        ]
      : []),
  ];

  const pages = library.data ? Math.max(1, Math.ceil(library.data.total / library.data.pageSize)) : 1;
  return (
    <>
      <div className="cfg-page-head">
        <h1>{TEXTS.media}</h1>
      </div>
      <p className="cfg-hint cfg-intro">{TEXTS.mediaIntro}</p>
      <ErrorNotice error={remove.error} />
      {library.isPending ? (
        <SkeletonTable columns={4} />
      ) : library.isError ? (
        <LoadError onRetry={() => library.refetch()} />
      ) : (
        <>
          <DataTable
            caption={TEXTS.media}
            columns={columns}
            data={library.data.assets}
            rowId={(a) => a.id}
            empty={TEXTS.noMedia}
          />
          <Pager
            page={page}
            pages={pages}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      )}
    </>
  );
}
