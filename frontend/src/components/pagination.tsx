/** One slot of the pagination control: a page number, or a gap shown as an ellipsis. */
export type PaginationItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: string };

/**
 * The numbered pages to show: the first, the last, and `siblings` pages either side of the current one, with an
 * ellipsis for each gap. A gap of a single page shows that page instead, since an ellipsis would be no shorter.
 */
export function listPaginationItems(page: number, pageCount: number, siblings = 1): PaginationItem[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const shown = new Set<number>([1, pageCount]);
  for (let offset = -siblings; offset <= siblings; offset += 1) {
    const candidate = current + offset;
    if (candidate >= 1 && candidate <= pageCount) shown.add(candidate);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const shownPage of pages) {
    const gap = shownPage - previous - 1;
    if (gap === 1) items.push({ kind: 'page', page: previous + 1 });
    else if (gap > 1) items.push({ kind: 'ellipsis', key: `after-${previous}` });
    items.push({ kind: 'page', page: shownPage });
    previous = shownPage;
  }
  return items;
}

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name, e.g. "Claims pages"; "Pagination" unless given. */
  label?: string;
  /** Pages shown either side of the current one. */
  siblings?: number;
}

/** The pagination control of SPEC §2: previous and next, numbered pages, and an ellipsis for gaps. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  siblings = 1,
}: PaginationProps) {
  if (pageCount < 2) return null;
  const items = listPaginationItems(page, pageCount, siblings);
  const goTo = (target: number) => {
    if (target !== page && target >= 1 && target <= pageCount) onPageChange(target);
  };

  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__step"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            <span aria-hidden="true">‹</span> <span className="pagination__step-label">Previous</span>
          </button>
        </li>
        {items.map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={item.key} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="pagination__page"
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => goTo(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__step"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => goTo(page + 1)}
          >
            <span className="pagination__step-label">Next</span> <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
