import { z } from "zod";

/**
 * The data-import screens' forms (/admin/data-import, /admin/data-import/{id}). The file and its rows are
 * checked on the server only (~/.server/data-import): these are the small forms around them.
 */

/**
 * The upload form, for the kinds a file can hold: their names come from the server's one list of kinds
 * (IMPORT_KINDS in ~/.server/data-import/batches.ts), so a kind is added there alone.
 */
export const importUploadSchema = (kinds: readonly string[]) =>
  z.object({
    kind: z.enum(kinds as [string, ...string[]], "Choose what the file holds."),
  });

export const IMPORT_INTENTS = ["map", "dry-run", "commit", "undo"] as const;
export const importIntentSchema = z.object({ intent: z.enum(IMPORT_INTENTS, "Reload the page and try again.") });

/** A column choice: "" is "not in the file", otherwise the file column's index. */
export const MAP_FIELD_PREFIX = "column-";
export const columnChoice = z
  .string()
  .regex(/^(\d{1,4})?$/, "Choose a column of the file.")
  .transform((v) => (v === "" ? undefined : Number(v)));
