import { DataTable, type DataTableProps } from "./data-table";

export type NumbersTableProps = Omit<DataTableProps, "showCaption">;

/**
 * A chart's numbers as a table, behind "Show the numbers": what a screen reader and a keyboard use
 * instead of the picture, and what a lead copies.
 */
export function NumbersTable(props: NumbersTableProps) {
  return (
    <details className="text-sm">
      {/* py-0.5: a 24 px target (WCAG 2.5.8). */}
      <summary className="cursor-pointer py-0.5 text-indigo-700 underline">Show the numbers</summary>
      <div className="mt-2">
        <DataTable {...props} />
      </div>
    </details>
  );
}
