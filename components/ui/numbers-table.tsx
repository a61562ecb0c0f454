import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

export type NumbersTableProps = { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[] };

/**
 * A chart's numbers as a table, behind "Show the numbers": what a screen reader and a keyboard use
 * instead of the picture, and what a lead copies. The first cell of each row is its header.
 */
export function NumbersTable({ caption, columns, rows }: NumbersTableProps) {
  return (
    <details className="text-sm">
      {/* py-0.5: a 24 px target (WCAG 2.5.8). */}
      <summary className="cursor-pointer py-0.5 text-indigo-700 underline">Show the numbers</summary>
      <div className="mt-2">
        <TableScroll label={caption}>
          <table className="min-w-full text-xs">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-left">
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-2 py-1">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, cells: [first, ...rest] }) => (
                <tr key={key}>
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {first}
                  </th>
                  {rest.map((cell, i) => (
                    <td key={i} className="px-2 py-1">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </details>
  );
}
