import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { formatDateTime } from "~/lib/format.ts";

/**
 * The back office's one table. Rows come filtered, sorted and paged from the server (the list pattern:
 * ~/.server/admin/list.ts), so the table only lays out cells (@tanstack/react-table for the column model).
 * A sortable column's header is a link that sets ?sort= in the address: it works without JavaScript.
 */
export interface SortLink {
  /** Column id -> the address that sorts by it, and whether it is the current sort. */
  [columnId: string]: { href: string; direction?: "ascending" | "descending" };
}

export interface DataTableProps<T> {
  caption: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  empty: string;
  sort?: SortLink;
  rowKey: (row: T) => string;
}

export function DataTable<T>({ caption, columns, data, empty, sort, rowKey }: DataTableProps<T>) {
  // The project does not use the React Compiler; the table is rebuilt from props on every render anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, manualPagination: true, getRowId: rowKey });
  if (data.length === 0) return <p className="my-6 rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">{empty}</p>;
  return (
    // Focusable, so that a keyboard user can scroll a table wider than the screen (axe: scrollable-region-focusable).
    <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const link = sort?.[header.column.id];
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th key={header.id} scope="col" aria-sort={link?.direction} className="px-3 py-2 font-semibold whitespace-nowrap">
                    {link ? (
                      <a href={link.href} className="underline decoration-dotted underline-offset-4">
                        {label}
                        {link.direction === "ascending" ? " ↑" : link.direction === "descending" ? " ↓" : ""}
                      </a>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200 align-top dark:border-slate-800">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An instant in a table cell: India date and time, on one line. */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {formatDateTime(at)}
    </time>
  );
}

/** A column that shows one instant of each row ("Received", "When"). */
export function whenColumn<T>(id: string, header: string, at: (row: T) => string): ColumnDef<T, unknown> {
  return { id, header, cell: ({ row }) => <When at={at(row.original)} /> };
}
