/**
 * The one "changed meanwhile" sentence a versioned form shows when the record moved on since the page was
 * drawn (app/.server/admin/changes.ts refuses the change with it). Only the noun differs between records, so the
 * office reads the same words on every screen. In lib, not .server: the forms' modules export their record's
 * sentence for the pages and the tests.
 */
export function changedMeanwhile(noun: string, options: { thenTryAgain?: boolean } = {}): string {
  return `Someone else changed this ${noun} while you were looking at it. Reload to see the change${options.thenTryAgain ? ", then try again" : ""}.`;
}
