import { TEXTS } from '../texts';

interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The button under a list read page by page from the server (an infinite query): the next page. */
export function LoadMore({
  pages,
  label = TEXTS.loadMore,
  busyLabel = label,
}: {
  pages: NextPages;
  label?: string;
  /** What it says while that page loads. */
  busyLabel?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="cfg-button"
      disabled={pages.isFetchingNextPage}
      onClick={() => pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? busyLabel : label}
    </button>
  );
}
