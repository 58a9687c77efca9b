/**
 * The back office's text styles, shared by every screen: one look for a link in a table or a panel, and for
 * the secondary line under a record's name.
 */
export const link = "font-semibold text-brand-700 underline dark:text-sky-300";
export const muted = "text-slate-600 dark:text-slate-400";
