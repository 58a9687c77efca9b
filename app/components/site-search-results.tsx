import { useEffect, useMemo } from "react";
import { searchSite, type SearchEntry } from "~/lib/search-index.ts";

/**
 * The search box's results: groups of options, or 'No results found'. Loaded on first focus with the
 * index (see site-search.tsx); the box keeps the query, the keyboard and the active option.
 */
export default function SiteSearchResults({
  id,
  query,
  active,
  onResults,
  onPick,
  onHover,
}: {
  id: string;
  query: string;
  active: number;
  onResults: (flat: SearchEntry[]) => void;
  onPick: (entry: SearchEntry) => void;
  onHover: (index: number) => void;
}) {
  const groups = useMemo(() => searchSite(query), [query]);
  const flat = useMemo(() => groups.flatMap((g) => g.entries), [groups]);
  useEffect(() => onResults(flat), [flat, onResults]);

  if (flat.length === 0) {
    return (
      <p role="status" className="px-3 py-4 text-sm text-slate-600 dark:text-slate-300">
        No results found
      </p>
    );
  }

  // Options are numbered across groups: the box's arrow keys move through one flat list.
  const firstIndex = groups.map((_, g) => groups.slice(0, g).reduce((n, group) => n + group.entries.length, 0));
  return (
    <div id={`${id}-results`} role="listbox" aria-label="Search results">
      {groups.map((group, g) => (
        <div key={group.category} role="group" aria-labelledby={`${id}-group-${g}`}>
          <div
            id={`${id}-group-${g}`}
            role="presentation"
            className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
          >
            {group.category}
          </div>
          {group.entries.map((entry, e) => {
            const i = (firstIndex[g] ?? 0) + e;
            return (
              <div
                key={entry.path}
                id={`${id}-option-${i}`}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                // Keep focus in the input: a click on an option must not blur it first.
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => onPick(entry)}
                onMouseEnter={() => onHover(i)}
                className={`cursor-pointer rounded px-3 py-2 text-sm ${
                  i === active
                    ? "bg-brand-600 text-white"
                    : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                }`}
              >
                {entry.title}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
