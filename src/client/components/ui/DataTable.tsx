/**
 * The one table of the back office and the member portal (ADR 034): columns, sort headers that say
 * their order to assistive technology (`aria-sort`), the loading and empty states, a pager, and
 * cards instead of columns below a width (each cell then shows its column's name).
 */
import { useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { PageLoading } from './PageLoading';
import '../../styles/data-table.css';

export interface Column<Row> {
  key: string;
  /** The column's header, and its name on a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The list's `sortBy` value when the column can be sorted by. */
  sortKey?: string;
  /** Numbers align to the end of the cell. */
  numeric?: boolean;
  /** The row's name: a row header for assistive technology, the card's title. */
  rowHeader?: boolean;
  /** The header is read by assistive technology only (an actions column). */
  headerHidden?: boolean;
  className?: string;
}

export interface TableSort {
  by: string;
  order: 'asc' | 'desc';
  onSort: (by: string, order: 'asc' | 'desc') => void;
}

export interface TablePagination {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the pager says beside the page (a total, for instance). */
  summary?: ReactNode;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  loading,
  loadingLabel,
  busy,
  empty,
  sort,
  pagination,
  pagerLabel = 'Paginação',
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  /** The first load: nothing to show yet. */
  loading?: boolean;
  loadingLabel?: string;
  /** A later load: the rows shown are the previous ones. */
  busy?: boolean;
  empty: ReactNode;
  sort?: TableSort;
  pagination?: TablePagination;
  pagerLabel?: string;
}) {
  const topRef = useRef<HTMLDivElement>(null);
  if (loading || rows === undefined) return <PageLoading label={loadingLabel} />;
  return (
    <div className="dt" ref={topRef} tabIndex={-1} aria-label={caption} role="region">
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <table className="dt__table" aria-busy={busy || undefined}>
          <caption className="sr-only">
            {caption}
            {pagination && pagination.pages > 1 ? `, página ${pagination.page} de ${pagination.pages}` : ''}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column) => {
                  const className = [
                    column.numeric && 'dt__num',
                    column.rowHeader && 'dt__title',
                    column.headerHidden && 'dt__unlabelled',
                    column.className,
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" data-label={column.header} className={className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} data-label={column.header} className={className || undefined}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pagination && <Pager {...pagination} label={pagerLabel} listRef={topRef} />}
    </div>
  );
}

function HeaderCell<Row>({ column, sort }: { column: Column<Row>; sort?: TableSort }) {
  const className = column.numeric ? 'dt__num' : undefined;
  if (column.headerHidden) {
    return (
      <th scope="col" className={className}>
        <span className="sr-only">{column.header}</span>
      </th>
    );
  }
  if (!sort || !column.sortKey) {
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const active = sort.by === column.sortKey;
  const next = active && sort.order === 'asc' ? 'desc' : 'asc';
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className="dt__sort" onClick={() => sort.onSort(column.sortKey!, next)}>
        {column.header}
        <span aria-hidden="true" className="dt__sort-mark">
          {active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * Previous / next with "Página X de Y" (and, with `numbered`, buttons for nearby pages). After a
 * page change the list's top is scrolled into view and focused, so the next page is read from its
 * beginning rather than from the pager at the bottom.
 */
export function Pager({
  page,
  pages,
  onPage,
  summary,
  label = 'Paginação',
  listRef,
  numbered,
}: TablePagination & {
  label?: string;
  listRef?: RefObject<HTMLElement | null>;
  /** The page numbers to offer as buttons. */
  numbered?: readonly number[];
}) {
  if (pages <= 1 && !summary) return null;
  const go = (next: number) => {
    onPage(next);
    const top = listRef?.current;
    if (top) {
      top.scrollIntoView({ block: 'start' });
      top.focus({ preventScroll: true });
    }
  };
  return (
    <nav className="dt-pager" aria-label={label}>
      <span className="dt-pager__status" aria-live="polite">
        {pages > 1 && `Página ${page} de ${pages}`}
        {pages > 1 && summary ? ' · ' : ''}
        {summary}
      </span>
      {pages > 1 && (
        <div className="dt-pager__buttons">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
            Anterior
          </Button>
          {numbered && (
            <ul className="dt-pager__pages">
              {numbered.map((number) => (
                <li key={number}>
                  <Button
                    variant={number === page ? 'primary' : 'ghost'}
                    size="sm"
                    aria-current={number === page ? 'page' : undefined}
                    aria-label={`Página ${number}`}
                    onClick={() => go(number)}
                  >
                    {number}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
            Próxima
          </Button>
        </div>
      )}
    </nav>
  );
}

/**
 * An e-mail address that wraps only after its `@` and dots, never in the middle of a word
 * (`<wbr>` marks where a line may break).
 */
export function BreakableEmail({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className={['dt-email', className].filter(Boolean).join(' ')} title={email}>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}

/** A person in a table cell: the name, and under it the e-mail in the page's muted style. */
export function PersonCell({
  person,
  emailClassName,
}: {
  person: { fullName: string; email: string };
  emailClassName: string;
}) {
  return (
    <div className="cell-stack">
      <span>{person.fullName}</span>
      <BreakableEmail email={person.email} className={emailClassName} />
    </div>
  );
}
