import type { ReactNode } from "react";
import { TableScroll } from "./table-scroll";

export type DataTableProps = {
  caption: string;
  columns: string[];
  /** The first cell of each row is its header; the figures after it are right-aligned. */
  rows: { key: string; cells: ReactNode[] }[];
  /** Shown above the table; otherwise only a screen reader reads it (a heading nearby already says it). */
  showCaption?: boolean;
};

/** A table of figures: the dashboard's one way of laying out counts by row. */
export function DataTable({ caption, columns, rows, showCaption = false }: DataTableProps) {
  return (
    <TableScroll label={caption}>
      <table className="min-w-full text-sm">
        <caption className={showCaption ? "px-3 pt-3 text-left font-semibold" : "sr-only"}>{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column, i) => (
              <th key={column} scope="col" className={`px-3 py-1.5 font-medium ${i === 0 ? "text-left" : "text-right"}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map(({ key, cells: [first, ...rest] }) => (
            <tr key={key}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {first}
              </th>
              {rest.map((cell, i) => (
                <td key={i} className="px-3 py-1.5 text-right tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
