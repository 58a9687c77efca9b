import { ChevronDownIcon, MenuIcon, PhoneIcon, SearchIcon, UserRoundIcon, XIcon } from "./icons.tsx";
import { useState } from "react";
import { useLocation } from "react-router";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import type { Viewer } from "~/lib/auth/roles.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { primaryNav, requestServiceLink, signInLinks } from "~/lib/site-links.ts";
import { Disclosure } from "./disclosure.tsx";
import { SiteSearch } from "./site-search.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { Wordmark } from "./wordmark.tsx";

/** A section is current on its own page and the pages below it (/blog/... under Blog). */
function isCurrent(pathname: string, to: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

const navLinkClass = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
  }`;

export function SiteHeader({ site, viewer }: { site: SiteSettings; viewer: Viewer | null }) {
  const { identity, business } = site;
  const { pathname } = useLocation();
  // The mobile search bar belongs to the page it was opened on: navigating closes it.
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === pathname;

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1.5 text-xs sm:text-sm">
          <p>{business.openingHours}</p>
          <a href={telHref(identity.supportPhone)} className="inline-flex items-center gap-1.5 font-semibold underline-offset-2 hover:underline">
            <PhoneIcon className="size-3.5" />
            <span className="sr-only">Call </span>
            {formatIndianPhone(identity.supportPhone)}
          </a>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl items-center gap-1 px-4 py-3 sm:gap-3">
        <Wordmark identity={identity} />

        <div className="ml-auto hidden max-w-sm flex-1 md:block">
          <SiteSearch id="header-search" />
        </div>

        {viewer ? <AccountMenu viewer={viewer} /> : <SignInMenu />}

        <a
          href={requestServiceLink.to}
          className="hidden h-10 items-center rounded-md bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-orange-800 sm:inline-flex"
        >
          {requestServiceLink.label}
        </a>

        <div className="hidden sm:block">
          <ThemeToggle />
        </div>

        {/* Phones: the search opens below the header. Without JavaScript the link leads to the search page. */}
        <a
          href="/search"
          aria-expanded={searchOpen}
          aria-controls="mobile-search"
          onClick={(event) => {
            event.preventDefault();
            setSearchOpenOn(searchOpen ? null : pathname);
          }}
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {searchOpen ? <XIcon className="size-5" /> : <SearchIcon className="size-5" />}
          <span className="sr-only">{searchOpen ? "Close search" : "Search"}</span>
        </a>

        <Disclosure
          className="lg:hidden"
          summaryClassName="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          summary={
            <>
              <MenuIcon className="size-5" />
              <span className="sr-only">Menu</span>
            </>
          }
        >
          <nav
            aria-label="Main menu"
            className="absolute inset-x-0 z-40 mt-3 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg dark:border-slate-800 dark:bg-slate-950"
          >
            <ul className="grid grid-cols-2 gap-1 pt-2">
              {primaryNav.map((link) => (
                <li key={link.to}>
                  <a
                    href={link.to}
                    aria-current={isCurrent(pathname, link.to) ? "page" : undefined}
                    className={`block ${navLinkClass(isCurrent(pathname, link.to))}`}
                  >
                    {link.shortLabel ?? link.label}
                  </a>
                </li>
              ))}
              <li className="col-span-2 flex items-center justify-between border-t border-slate-200 pt-2 sm:hidden dark:border-slate-800">
                <span className="px-3 text-sm text-slate-700 dark:text-slate-300">Colour theme</span>
                <ThemeToggle />
              </li>
              <li className="col-span-2">
                <a
                  href={requestServiceLink.to}
                  className="mt-2 flex h-11 items-center justify-center rounded-md bg-accent-600 text-sm font-semibold text-white"
                >
                  {requestServiceLink.label}
                </a>
              </li>
            </ul>
          </nav>
        </Disclosure>
      </div>

      {searchOpen && (
        <div id="mobile-search" className="px-4 pb-3 md:hidden">
          <SiteSearch id="mobile-search-input" autoFocus />
        </div>
      )}

      <nav aria-label="Main" className="hidden border-t border-slate-100 lg:block dark:border-slate-800">
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-1.5">
          {primaryNav.map((link) => (
            <li key={link.to}>
              <a
                href={link.to}
                aria-current={isCurrent(pathname, link.to) ? "page" : undefined}
                className={navLinkClass(isCurrent(pathname, link.to))}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

const menuSummaryClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-2 text-sm font-medium whitespace-nowrap sm:px-3 text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800";
const menuPanelClass =
  "absolute right-0 z-50 mt-1 w-60 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900";
const menuItemClass =
  "block w-full rounded px-2 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800";

/** Signed out: the spec's Sign In dropdown, titled 'Choose Login Type'. */
function SignInMenu() {
  return (
    <Disclosure
      className="relative ml-auto md:ml-0"
      summaryClassName={menuSummaryClass}
      summary={
        <>
          Sign In
          <ChevronDownIcon className="size-4" />
        </>
      }
    >
      <div className={menuPanelClass}>
        <p className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">Choose Login Type</p>
        <ul>
          {signInLinks.map((link) => (
            <li key={link.to}>
              <a href={link.to} className={menuItemClass}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Disclosure>
  );
}

/**
 * Signed in: My Dashboard, leading to the portal (My Requests for a customer), and Sign out. Rendered on
 * the server from the session, so neither state ever flashes in place of the other.
 */
function AccountMenu({ viewer }: { viewer: Viewer }) {
  return (
    <Disclosure
      className="relative ml-auto md:ml-0"
      summaryClassName={menuSummaryClass}
      summary={
        <>
          {/* Phones: an icon, so that the wordmark keeps its room; the name is still "My Dashboard". */}
          <UserRoundIcon className="size-5 sm:hidden" />
          <span className="sr-only sm:not-sr-only">My Dashboard</span>
          <ChevronDownIcon className="size-4" />
        </>
      }
    >
      <div className={menuPanelClass}>
        {viewer.name && <p className="truncate px-2 pt-1 pb-2 text-xs text-slate-600 dark:text-slate-300">Signed in as {viewer.name}</p>}
        <ul>
          <li>
            <a href={viewer.dashboardPath} className={menuItemClass}>
              {viewer.dashboardLabel}
            </a>
          </li>
          <li>
            <form method="post" action="/auth/sign-out">
              <button type="submit" className={menuItemClass}>
                Sign out
              </button>
            </form>
          </li>
        </ul>
      </div>
    </Disclosure>
  );
}
