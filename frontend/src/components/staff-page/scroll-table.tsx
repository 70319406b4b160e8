// A staff page's table in a scroll region of its own: on a phone it scrolls sideways inside a focusable region named
// like its caption instead of squeezing its columns. The page gives the caption, the column headers and the rows.
import type { ReactNode } from 'react';

/** A column's header, with a class for the column's look (amounts aligned to the right, say). */
export type ScrollTableHeader = string | { header: string; className: string };

export interface ScrollTableProps {
  /** The region's name, and the caption unless `caption` says more. */
  label: string;
  caption?: ReactNode;
  headers: readonly ScrollTableHeader[];
  /** The table's classes besides `data-table`. */
  className?: string;
  captionClassName?: string;
  /** The table's foot (a sum). */
  foot?: ReactNode;
  /** The body's rows. */
  children: ReactNode;
}

export function ScrollTable({
  label,
  caption = label,
  headers,
  className,
  captionClassName = 'staff-page__caption',
  foot,
  children,
}: ScrollTableProps) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `data-table ${className}` : 'data-table'}>
        <caption className={captionClassName}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.header} scope="col" className={column.className}>
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}
