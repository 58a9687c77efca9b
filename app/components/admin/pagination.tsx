/**
 * Keyset pages: "Next page" carries the last row's cursor, so page 500 costs what page 1 costs. There is
 * no jump to page N (keyset pages have no numbers); "First page" goes back to the start.
 */
/** capped: the list stopped counting at `total` (a very long list): "More than 10,000 matches". */
export function Pagination({
  total,
  shown,
  next,
  first,
  capped = false,
}: {
  total: number;
  shown: number;
  next?: string | null;
  first?: string | null;
  capped?: boolean;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4 text-sm">
      <p className="text-slate-700 dark:text-slate-300">
        {capped ? "More than " : ""}
        {total.toLocaleString("en-IN")} {total === 1 && !capped ? "match" : "matches"}
        {shown < total ? `, ${shown.toLocaleString("en-IN")} shown on this page` : ""}
      </p>
      <nav aria-label="Pages" className="flex gap-3">
        {first && (
          <a href={first} className="font-semibold text-brand-700 underline dark:text-sky-300">
            First page
          </a>
        )}
        {next && (
          <a href={next} rel="next" className="font-semibold text-brand-700 underline dark:text-sky-300">
            Next page
          </a>
        )}
      </nav>
    </div>
  );
}
