import type { SiteSettings } from "~/lib/settings-schema.ts";

/** The two-part wordmark with the tagline beneath (spec section 1, header logo). */
export function Wordmark({ identity }: { identity: SiteSettings["identity"] }) {
  return (
    <a href="/" className="group flex min-w-0 flex-col leading-none">
      <span className="text-lg font-extrabold tracking-tight whitespace-nowrap sm:text-2xl">
        <span className="text-slate-900 dark:text-white">{identity.wordmarkPrimary}</span>{" "}
        <span className="text-accent-600 dark:text-accent-400">{identity.wordmarkSecondary}</span>
      </span>
      <span className="mt-1 text-[11px] font-medium whitespace-nowrap text-slate-600 sm:text-xs dark:text-slate-300">{identity.tagline}</span>
    </a>
  );
}
