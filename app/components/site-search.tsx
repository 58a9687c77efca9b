import { lazy, Suspense, useCallback, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import type { SearchEntry } from "~/lib/search-index.ts";
import { useDismiss } from "~/lib/use-dismiss.ts";
import { SearchIcon, XIcon } from "./icons.tsx";

// The results panel and the index it searches are one chunk, fetched on first focus: a page that is
// only read never downloads them.
const SiteSearchResults = lazy(() => import("./site-search-results.tsx"));

/**
 * The header's site search (spec section 2, "Site search box"): a combobox over the fixed client-side
 * index. Without JavaScript it is a plain GET form to /search.
 */
export function SiteSearch({ id, autoFocus = false }: { id: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<SearchEntry[]>([]);
  const containerRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  useDismiss(containerRef, open, close);

  const pick = useCallback(
    (entry: SearchEntry) => {
      setQuery("");
      close();
      inputRef.current?.blur();
      void navigate(entry.path);
    },
    [close, navigate],
  );

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (event.key === "Enter") {
      const entry = open ? results[active] : undefined;
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
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
      <input
        ref={inputRef}
        id={id}
        name="q"
        // The ARIA combobox pattern's text input: HTML allows role="combobox" and aria-expanded on
        // type="text", not on type="search". enterKeyHint keeps the phone keyboard's Search key.
        type="text"
        enterKeyHint="search"
        // Only when the visitor has just opened the mobile search bar.
        autoFocus={autoFocus}
        autoComplete="off"
        placeholder="Search site..."
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
        value={query}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-slate-300 bg-white pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
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
      {open && (
        <div className="absolute top-full right-0 left-0 z-50 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <Suspense fallback={<p className="px-3 py-4 text-sm text-slate-600 dark:text-slate-300">Loading…</p>}>
            <SiteSearchResults
              id={id}
              query={query}
              active={active}
              onResults={setResults}
              onPick={pick}
              onHover={setActive}
            />
          </Suspense>
        </div>
      )}
    </form>
  );
}
