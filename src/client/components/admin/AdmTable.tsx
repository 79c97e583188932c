import type { ReactNode } from 'react';

/**
 * The back office's plain table (`adm-table`, admin-messaging.css) for the lists `DataTable` does
 * not serve: its caption for assistive technology and its column heads. The rows are the caller's;
 * each cell carries its column's name in `data-label`, which a narrow screen shows beside it.
 */
export function AdmTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <table className="adm-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
