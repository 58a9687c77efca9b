/**
 * The back office's text styles, shared by every screen: one look for a link in a table or a panel, and for
 * the secondary line under a record's name.
 */
export { link, muted } from "~/components/ui/styles.ts";
/** A filter form's text box or select. */
export const control =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";
