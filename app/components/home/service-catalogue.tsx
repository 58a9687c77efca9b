import { useState, type MouseEvent } from "react";
import { IconSymbol, PhoneIcon, SearchIcon, UseIcon, XIcon } from "~/components/icons.tsx";
import { Prerendered } from "~/components/prerendered.tsx";
import { telHref } from "~/lib/contact-links.ts";

export interface CatalogueService {
  name: string;
  /** The spec's slug of the name: /service/{slug} and /request?service={slug}. */
  slug: string;
  category: string;
  summary: string;
}

export interface CatalogueCategory {
  name: string;
  /** In the chip's link: /?category={slug}#services. */
  slug: string;
  count: number;
}

/** The phone icon of every card's Call button, drawn once. */
const PHONE_SYMBOL = "catalogue-phone-icon";

/**
 * Cards a phone shows before "Show all N services" (the rest are hidden by app.css, `.catalogue` rule:
 * keep its nth-child in step). Four cards keep the section within two screens of a 390 x 844 phone.
 */
export const PHONE_FIRST_CARDS = 4;

/** The spec's catalogue match: case-insensitive, any part of the name. */
export function matchServices<T extends { name: string }>(services: T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  return needle ? services.filter((s) => s.name.toLowerCase().includes(needle)) : services;
}

const CARDS_CLASS = "mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** What the cards' markup is made of: equal strings, equal markup. */
function cardsInputs(services: CatalogueService[], phone: string): string {
  return [phone, ...services.map((s) => `${s.slug}\u0001${s.name}\u0001${s.category}\u0001${s.summary}`)].join("\u0002");
}

/**
 * One card per service. Plain links only: the unfiltered list is sent as prerendered markup, which the
 * browser does not hydrate.
 */
function serviceCards(services: CatalogueService[], phone: string) {
  return services.map((s) => (
    <li key={s.slug} className="service-card">
      <p className="service-card-category">{s.category}</p>
      <h3 className="mt-1 text-lg font-semibold">{s.name}</h3>
      <p className="service-card-summary">{s.summary}</p>
      <div className="service-card-actions">
        <a href={`/service/${s.slug}`} className="service-card-action service-card-learn">
          {/* The service's name in the link's text, not only in a label: search engines read the text. */}
          Learn More<span className="sr-only">{` about ${s.name}`}</span>
        </a>
        <a href={telHref(phone)} aria-label={`Call about ${s.name}`} className="service-card-action service-card-call">
          <UseIcon id={PHONE_SYMBOL} className="size-4" />
          Call
        </a>
        <a href={`/request?service=${s.slug}`} aria-label={`Request ${s.name}`} className="service-card-action service-card-request">
          Request
        </a>
      </div>
    </li>
  ));
}

const chipClass = "inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium";
const chipIdle = `${chipClass} border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800`;
const chipChosen = `${chipClass} border-brand-700 bg-brand-700 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-slate-950`;

/**
 * The home page's service cards with live search (spec section 2, "Service catalogue search") and
 * category chips. Without JavaScript the search box is a GET form and the chips are links: the server
 * filters the cards from ?service= or ?category= and the page shows the same messages.
 *
 * On a phone only the first cards show, then a "Show all N services" <details> (no script needed): the
 * 66 cards one under another were most of the home page's height. A search shows every match.
 */
export function ServiceCatalogue({
  services,
  categories,
  initialQuery,
  initialCategory,
  phone,
}: {
  services: CatalogueService[];
  categories: CatalogueCategory[];
  initialQuery: string;
  /** A category's slug, or "" for every service. */
  initialCategory: string;
  phone: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [category, setCategory] = useState(initialCategory);
  const active = query.trim() !== "";
  // A search looks through every service; a chip clears the search (and typing clears the chip).
  const chosen = active ? undefined : categories.find((c) => c.slug === category);
  const shown = chosen ? services.filter((s) => s.category === chosen.name) : matchServices(services, query);

  function choose(event: MouseEvent<HTMLAnchorElement>, slug: string) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setCategory(slug);
    setQuery("");
  }

  return (
    <div className="catalogue">
      <form
        method="get"
        action="/#services"
        role="search"
        aria-label="Service catalogue"
        className="mt-6 flex max-w-xl gap-2"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="relative flex-1">
          <label htmlFor="service-catalogue-search" className="sr-only">
            Search services
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
          <input
            id="service-catalogue-search"
            type="search"
            name="service"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setCategory("");
            }}
            placeholder="Search services, e.g. VFD, PLC, transformer"
            autoComplete="off"
            className="h-12 w-full rounded-md border border-slate-300 bg-white pr-3 pl-10 text-base dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        {/* Without JavaScript this submits the search; with it the list already follows the typing. */}
        <noscript>
          <button type="submit" className="h-12 rounded-md bg-brand-700 px-4 font-semibold text-white">
            Search
          </button>
        </noscript>
      </form>
      <ul aria-label="Service categories" className="mt-4 flex flex-wrap gap-2">
        {[{ name: "All", slug: "", count: services.length }, ...categories].map((c) => {
          const current = !active && (chosen?.slug ?? "") === c.slug;
          return (
            <li key={c.slug}>
              <a
                href={c.slug ? `/?category=${c.slug}#services` : "/#services"}
                aria-current={current ? "true" : undefined}
                onClick={(event) => choose(event, c.slug)}
                className={current ? chipChosen : chipIdle}
              >
                {`${c.name} (${c.count})`}
              </a>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm">
        {active && shown.length > 0 && <p className="text-slate-700 dark:text-slate-300">Found {shown.length} service(s)</p>}
        {active && shown.length === 0 && (
          <p className="text-slate-800 dark:text-slate-200">No services found matching "{query.trim()}"</p>
        )}
        {chosen && (
          <p className="text-slate-700 dark:text-slate-300">{`${chosen.name}: ${shown.length} service(s)`}</p>
        )}
      </div>
      {active && (
        // A form of its own, so that without JavaScript it reloads the page with every service.
        <form
          method="get"
          action="/#services"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery("");
            document.getElementById("service-catalogue-search")?.focus();
          }}
        >
          <button
            type="submit"
            className="mt-2 inline-flex h-10 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <XIcon className="size-4" />
            Clear search
          </button>
        </form>
      )}
      <IconSymbol id={PHONE_SYMBOL} icon={PhoneIcon} />
      {active || chosen ? (
        <ul className={CARDS_CLASS}>{serviceCards(shown, phone)}</ul>
      ) : (
        // Every service, as on most visits: the same markup for everyone until the catalogue changes (ADR 072).
        <Prerendered as="ul" id="catalogue-cards" className={CARDS_CLASS} inputs={cardsInputs(services, phone)}>
          {() => serviceCards(services, phone)}
        </Prerendered>
      )}
      {!active && shown.length > PHONE_FIRST_CARDS && (
        // Phones only (app.css hides the cards after the first few while it is closed). A new chip starts closed.
        <details key={category} className="catalogue-more mt-4 sm:hidden">
          <summary className="flex h-12 cursor-pointer items-center justify-center rounded-md border border-brand-700 font-semibold text-brand-700 hover:bg-brand-50 dark:border-sky-300 dark:text-sky-300 dark:hover:bg-slate-800">
            <span className="catalogue-more-closed">{`Show all ${shown.length} ${chosen ? `${chosen.name} ` : ""}services`}</span>
            <span className="catalogue-more-open">Show fewer services</span>
          </summary>
        </details>
      )}
    </div>
  );
}
