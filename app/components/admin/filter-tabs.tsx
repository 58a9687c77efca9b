/** One row of filter links (status tabs): each a plain link, so the filter lives in the address. */
export interface FilterTab {
  href: string;
  label: string;
  current: boolean;
  count?: number;
  /** The count stopped there (a very long list, ADR 024): shown as "10,000+", read as "more than 10,000". */
  capped?: boolean;
}

export function FilterTabs({ label, tabs }: { label: string; tabs: FilterTab[] }) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {tabs.map((t) => (
        <a
          key={t.href}
          href={t.href}
          aria-current={t.current ? "page" : undefined}
          className={`rounded-full border px-3 py-1 text-sm font-medium ${
            t.current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          }`}
        >
          {t.label}
          {t.count !== undefined && (
            <span className="tabular-nums">
              {" "}
              ({t.count.toLocaleString("en-IN")}
              {t.capped ? <abbr title={`more than ${t.count.toLocaleString("en-IN")}`}>+</abbr> : null})
            </span>
          )}
        </a>
      ))}
    </nav>
  );
}
