import { SearchIcon, XIcon } from "./icons.tsx";
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import type { SearchEntry, SearchGroup } from "~/lib/search-index.ts";
import { useDismiss } from "~/lib/use-dismiss.ts";

type SearchModule = typeof import("~/lib/search-index.ts");
let searchModule: Promise<SearchModule> | undefined;

/**
 * The header's site search (spec section 2, "Site search box"): a combobox over the fixed client-side
 * index. Without JavaScript it is a plain GET form to /search. The index is fetched on first focus.
 */
export function SiteSearch({ id, autoFocus = false }: { id: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [mod, setMod] = useState<SearchModule>();
  const containerRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = `${id}-results`;

  const groups: SearchGroup[] = useMemo(() => (mod ? mod.searchSite(query) : []), [mod, query]);
  const flat: SearchEntry[] = useMemo(() => groups.flatMap((g) => g.entries), [groups]);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  useDismiss(containerRef, open, close);

  function openPanel() {
    setOpen(true);
    searchModule ??= import("~/lib/search-index.ts");
    void searchModule.then(setMod);
  }

  function pick(entry: SearchEntry) {
    setQuery("");
    close();
    inputRef.current?.blur();
    void navigate(entry.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) openPanel();
      if (flat.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + flat.length) % flat.length);
    } else if (event.key === "Enter") {
      const entry = open ? flat[active] : undefined;
      // With an option chosen, go there; otherwise the form submits to /search?q=...
      if (entry) {
        event.preventDefault();
        pick(entry);
      } else if (query.trim() === "") {
        event.preventDefault();
      }
    } else if (event.key === "Escape") {
      if (open) close();
      else setQuery("");
    }
  }

  const activeId = open && active >= 0 ? `${id}-option-${active}` : undefined;
  let optionIndex = -1;

  return (
    <form
      ref={containerRef}
      role="search"
      aria-label="Site"
      action="/search"
      method="get"
      className="relative w-full"
      onSubmit={(event) => {
        if (query.trim() === "") event.preventDefault();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search site
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
      />
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="search"
        // Only when the visitor has just opened the mobile search bar.
        autoFocus={autoFocus}
        autoComplete="off"
        placeholder="Search site..."
        role="combobox"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={query}
        onFocus={openPanel}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          if (!open) openPanel();
        }}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-slate-300 bg-white pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-500 [&::-webkit-search-cancel-button]:hidden dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      {query !== "" && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setQuery("");
            setActive(-1);
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <XIcon className="size-4" />
        </button>
      )}
      <div
        hidden={!open}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {open && mod && flat.length === 0 && (
          <p role="status" className="px-3 py-4 text-sm text-slate-600 dark:text-slate-300">
            No results found
          </p>
        )}
        <div id={listboxId} role="listbox" aria-label="Search results" hidden={flat.length === 0}>
          {open &&
            groups.map((group, g) => (
              <div key={group.category} role="group" aria-labelledby={`${id}-group-${g}`}>
                <div
                  id={`${id}-group-${g}`}
                  role="presentation"
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
                >
                  {group.category}
                </div>
                {group.entries.map((entry) => {
                  optionIndex += 1;
                  const index = optionIndex;
                  return (
                    <div
                      key={entry.path}
                      id={`${id}-option-${index}`}
                      role="option"
                      aria-selected={index === active}
                      tabIndex={-1}
                      onPointerDown={(event) => event.preventDefault()}
                      onClick={() => pick(entry)}
                      onMouseEnter={() => setActive(index)}
                      className={`cursor-pointer rounded px-3 py-2 text-sm ${
                        index === active
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
      </div>
    </form>
  );
}
