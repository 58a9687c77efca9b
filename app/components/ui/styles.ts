/**
 * Text styles shared by the back office, the portals and the signed-link pages: one look for a link in
 * running text, a table or a panel, and for the secondary line under a record's name. Kept out of
 * components/admin so that a customer's or technician's page never pulls in back-office code.
 */
export const link = "font-semibold text-brand-700 underline dark:text-sky-300";
export const muted = "text-slate-600 dark:text-slate-400";
