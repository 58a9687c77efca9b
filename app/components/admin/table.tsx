import type { ReactNode } from "react";

/**
 * A plain table on a back-office page (the rows a record owns, a small report): in a named, focusable
 * region that scrolls sideways on a narrow screen (axe: scrollable-region-focusable), a caption for screen
 * readers, one header row. Long filterable lists use DataTable instead. The rows are the children.
 */
export type TableColumn = ReactNode | { label: ReactNode; className: string };

function isColumnObject(c: TableColumn): c is { label: ReactNode; className: string } {
  return typeof c === "object" && c !== null && "className" in c && "label" in c;
}

export function Table({
  label,
  caption = label,
  columns,
  headClass = "px-3 py-2",
  className,
  foot,
  children,
}: {
  /** The region's accessible name. */
  label: string;
  /** The caption read out before the table (hidden on screen); false for none. Defaults to the label. */
  caption?: string | false;
  /** The header cells: a label (drawn with headClass), or a label with its own class. */
  columns: TableColumn[];
  headClass?: string;
  /** Classes before the frame's own (a margin, relative). */
  className?: string;
  /** A <tfoot> with its rows (the totals). */
  foot?: ReactNode;
  children: ReactNode;
}) {
  const frame = "overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800";
  return (
    <div role="region" aria-label={label} tabIndex={0} className={className ? `${className} ${frame}` : frame}>
      <table className="w-full border-collapse text-left text-sm">
        {caption !== false && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={isColumnObject(c) ? c.className : headClass}>
                {isColumnObject(c) ? c.label : c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot}
      </table>
    </div>
  );
}
